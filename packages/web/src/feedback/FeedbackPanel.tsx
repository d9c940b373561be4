import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import {
  ErrorCode,
  FEEDBACK_DETAIL_MAX_CHARS,
  type Feedback,
  type FeedbackRating,
  type Language,
} from '@sqltune/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Select, Space, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFeedback, getIssueTypes, sendFeedback } from '../api/feedback.ts';
import { ApiError, errorText } from '../api/http.ts';
import { formatDateTime } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';
import { useMessage } from '../lib/message.tsx';

const feedbackKey = (taskId: string) => ['feedback', taskId] as const;

/**
 * The owner's feedback on a result: like or dislike, an issue type from the server's list, and a detail text. Shows
 * the feedback sent before (which sending again edits). Loaded on demand by the result page.
 */
export default function FeedbackPanel({ taskId }: { taskId: string }) {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'zh';
  const existing = useQuery({ queryKey: feedbackKey(taskId), queryFn: () => getFeedback(taskId), retry: 1 });

  let body: ReactNode;
  if (existing.isPending) {
    body = <Spin size="small" />;
  } else if (existing.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="feedback-status-error"
        title={t('feedback.statusFailed')}
        description={errorText(existing.error, lang)}
        action={
          <Button size="small" onClick={() => void existing.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else {
    // Remounted with each saved feedback, so the form starts from what the server holds.
    body = <FeedbackForm key={existing.data?.updatedAt ?? 'new'} taskId={taskId} saved={existing.data} lang={lang} />;
  }

  return (
    <Card
      className="report-card feedback-card"
      size="small"
      title={t('feedback.title')}
      data-testid="feedback"
      data-share-exclude=""
    >
      {body}
    </Card>
  );
}

function FeedbackForm({ taskId, saved, lang }: { taskId: string; saved: Feedback | null; lang: Language }) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<FeedbackRating | null>(saved?.rating ?? null);
  const [issueType, setIssueType] = useState<string | undefined>(saved?.issueType);
  const [detail, setDetail] = useState(saved?.detail ?? '');
  const [typeMissing, setTypeMissing] = useState(false);

  const types = useQuery({ queryKey: ['feedback-issue-types'], queryFn: getIssueTypes, staleTime: 3_600_000 });

  const send = useMutation({
    mutationFn: (chosen: { rating: FeedbackRating; issueType: string }) => sendFeedback(taskId, { ...chosen, detail }),
    onSuccess: (feedback) => {
      void message.success(t('feedback.thanks'));
      queryClient.setQueryData(feedbackKey(taskId), feedback);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === ErrorCode.FEEDBACK_TYPE_REQUIRED) setTypeMissing(true);
    },
  });

  const submit = () => {
    if (!rating) return;
    if (!issueType) {
      setTypeMissing(true);
      return;
    }
    send.mutate({ rating, issueType });
  };

  const ratingButton = (value: FeedbackRating) => (
    <Button
      icon={value === 'like' ? <LikeOutlined /> : <DislikeOutlined />}
      type={rating === value ? 'primary' : 'default'}
      aria-pressed={rating === value}
      data-testid={`feedback-${value}`}
      onClick={() => setRating(value)}
    >
      {t(value === 'like' ? 'feedback.like' : 'feedback.dislike')}
    </Button>
  );

  const typeLabel = (id: string) => types.data?.items.find((type) => type.id === id)?.label[lang] ?? id;

  return (
    <Space orientation="vertical" size={12} className="feedback-form">
      {saved ? (
        // The status names the issue type by its label; it waits for the labels rather than flash the type's id.
        types.isPending ? null : (
          <Alert
            type="success"
            showIcon
            data-testid="feedback-status"
            data-rating={saved.rating}
            title={t('feedback.sentStatus', {
              rating: t(saved.rating === 'like' ? 'feedback.like' : 'feedback.dislike'),
              type: typeLabel(saved.issueType),
              time: formatDateTime(saved.updatedAt, lang),
            })}
            description={t('feedback.editHint')}
          />
        )
      ) : (
        <span className="muted">{t('feedback.prompt')}</span>
      )}
      <Space wrap>
        {ratingButton('like')}
        {ratingButton('dislike')}
      </Space>
      <div className="feedback-field">
        <label htmlFor={`feedback-type-${taskId}`}>{t('feedback.typeLabel')}</label>
        {types.isError ? (
          <Alert
            type="error"
            showIcon
            data-testid="feedback-types-error"
            title={t('feedback.typesFailed')}
            action={
              <Button size="small" onClick={() => void types.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <Select
            id={`feedback-type-${taskId}`}
            className="feedback-type"
            data-testid="feedback-type"
            loading={types.isPending}
            placeholder={t('feedback.typePlaceholder')}
            value={issueType}
            status={typeMissing ? 'error' : undefined}
            options={(types.data?.items ?? []).map((type) => ({ value: type.id, label: type.label[lang] }))}
            onChange={(value: string) => {
              setIssueType(value);
              setTypeMissing(false);
            }}
          />
        )}
        {typeMissing ? (
          <div className="feedback-error" role="alert" data-testid="feedback-type-required">
            {t('feedback.typeRequired')}
          </div>
        ) : null}
      </div>
      <div className="feedback-field">
        <label htmlFor={`feedback-detail-${taskId}`}>{t('feedback.detailLabel')}</label>
        <Input.TextArea
          id={`feedback-detail-${taskId}`}
          data-testid="feedback-detail"
          value={detail}
          onChange={(event) => setDetail(event.target.value)}
          maxLength={FEEDBACK_DETAIL_MAX_CHARS}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('feedback.detailPlaceholder')}
        />
      </div>
      {send.isError && !typeMissing ? (
        <Alert
          type="error"
          showIcon
          data-testid="feedback-submit-error"
          title={t('feedback.submitFailed')}
          description={errorText(send.error, lang)}
        />
      ) : null}
      <Button
        type="primary"
        disabled={!rating}
        loading={send.isPending}
        onClick={submit}
        data-testid="feedback-submit"
        title={rating ? undefined : t('feedback.ratingFirst')}
      >
        {saved ? t('feedback.update') : t('feedback.submit')}
      </Button>
    </Space>
  );
}
