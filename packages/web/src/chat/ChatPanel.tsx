import { RobotOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { CHAT_QUESTION_MAX_CHARS, type ChatMessage } from '@sqltune/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Space, Spin, Tag } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askQuestion, getChat, getSharedChat } from '../api/chat.ts';
import { errorText } from '../api/http.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { isLanguage } from '../lib/language.ts';

const SUGGESTIONS = ['index', 'rules', 'plan', 'verification', 'next'] as const;

/** The answer being written: the question as sent and the text streamed so far. */
interface Pending {
  question: string;
  answer: string;
}

function Bubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  return (
    <div className={`chat-message chat-${message.role}`} data-testid={`chat-${message.role}`}>
      <div className="chat-meta">
        {mine ? <UserOutlined /> : <RobotOutlined />}
        <span>{mine ? t('chat.you') : message.source === 'llm' ? t('chat.llm') : t('chat.assistant')}</span>
        <CopyButton
          text={message.text}
          type="text"
          label={mine ? t('chat.copyQuestion') : t('chat.copyAnswer')}
          testId={mine ? undefined : 'chat-copy'}
        />
      </div>
      <div className="chat-text">{message.text}</div>
    </div>
  );
}

/**
 * The chat about a result under its report: the history, the answer streaming in as it is written, and (for the
 * owner) the question box: Enter sends, Shift+Enter adds a line. With `shareId` it is the shared, read-only view.
 * Loaded on demand (ResultPage), so its code weighs nothing until a result is shown.
 */
export default function ChatPanel({ taskId, shareId }: { taskId: string; shareId?: string | null }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const readOnly = Boolean(shareId);
  const client = useQueryClient();
  const key = readOnly ? ['chat', 'share', shareId, taskId] : ['chat', taskId];
  const history = useQuery({
    queryKey: key,
    queryFn: () => (shareId ? getSharedChat(shareId, taskId) : getChat(taskId)),
  });
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (pending?.answer) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [pending?.answer]);

  const send = async (text: string) => {
    const question = text.trim();
    if (!question || pending) return;
    setError(null);
    setDraft('');
    setPending({ question, answer: '' });
    const controller = new AbortController();
    abort.current = controller;
    try {
      await askQuestion(
        taskId,
        question,
        {
          onQuestion: () => {},
          onDelta: (piece) => setPending((p) => (p ? { ...p, answer: p.answer + piece } : p)),
        },
        controller.signal,
      );
    } catch (failure) {
      if (!controller.signal.aborted) {
        setError(errorText(failure, lang));
        // The question stays: back in the box, ready to send again.
        setDraft(question);
      }
    } finally {
      abort.current = null;
      await client.invalidateQueries({ queryKey: key });
      setPending(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(draft);
    }
  };

  const messages = history.data?.messages ?? [];
  const tooLong = draft.trim().length > CHAT_QUESTION_MAX_CHARS;

  let body: ReactNode;
  if (history.isPending) {
    body = <Spin />;
  } else if (history.isError) {
    body = <Alert type="error" showIcon title={`${t('chat.loadFailed')}: ${errorText(history.error, lang)}`} />;
  } else if (messages.length === 0 && !pending) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={readOnly ? t('chat.emptyShared') : t('chat.emptyOwner')}
        data-testid="chat-empty"
      >
        {readOnly ? null : (
          <Space orientation="vertical" className="chat-suggestions">
            {SUGGESTIONS.map((s) => (
              <Button
                key={s}
                size="small"
                onClick={() => void send(t(`chat.suggestions.${s}`))}
                data-testid={`chat-suggest-${s}`}
              >
                {t(`chat.suggestions.${s}`)}
              </Button>
            ))}
          </Space>
        )}
      </Empty>
    );
  } else {
    body = (
      <div className="chat-list" data-testid="chat-list">
        {messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
        {pending ? (
          <>
            <div className="chat-message chat-user">
              <div className="chat-meta">
                <UserOutlined />
                <span>{t('chat.you')}</span>
              </div>
              <div className="chat-text">{pending.question}</div>
            </div>
            <div className="chat-message chat-assistant" data-testid="chat-streaming" aria-live="polite">
              <div className="chat-meta">
                <RobotOutlined />
                <span>{t('chat.answering')}</span>
                <Spin size="small" />
              </div>
              <div className="chat-text">{pending.answer || t('chat.thinking')}</div>
            </div>
          </>
        ) : null}
        <div ref={end} />
      </div>
    );
  }

  return (
    <Card
      className="report-card chat-panel"
      title={t('chat.title')}
      extra={readOnly ? <Tag color="blue">{t('chat.sharedNote')}</Tag> : null}
      data-testid="chat-panel"
      data-share-exclude=""
    >
      {body}
      {readOnly ? null : (
        <div className="chat-input">
          {error ? (
            <Alert
              type="error"
              showIcon
              title={`${t('chat.askFailed')}: ${error}`}
              description={t('chat.questionKept')}
              data-testid="chat-error"
            />
          ) : null}
          <Input.TextArea
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('chat.placeholder')}
            autoSize={{ minRows: 2, maxRows: 8 }}
            status={tooLong ? 'error' : undefined}
            disabled={pending !== null}
            data-testid="chat-input"
          />
          <div className="chat-actions">
            <span className={tooLong ? 'chat-count chat-count-over' : 'chat-count muted'}>
              {tooLong
                ? t('chat.tooLong', { max: CHAT_QUESTION_MAX_CHARS })
                : `${draft.trim().length} / ${CHAT_QUESTION_MAX_CHARS}`}
            </span>
            {pending ? <Button onClick={() => abort.current?.abort()}>{t('chat.stop')}</Button> : null}
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => void send(draft)}
              disabled={!draft.trim() || tooLong || pending !== null}
              data-testid="chat-send"
            >
              {t('chat.send')}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
