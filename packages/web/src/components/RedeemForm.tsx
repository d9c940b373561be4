import { GiftOutlined } from '@ant-design/icons';
import type { VipValidity } from '@sqltune/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/http.ts';
import { redeemVip } from '../api/plans.ts';
import { USER_QUERY_KEY } from '../lib/actions.ts';
import { formatDate } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';
import { storeUser } from '../lib/session.ts';

/** A redeem code for a plan: entered, redeemed once, and the user's plans refreshed. */
export function RedeemForm({ planName }: { planName: (plan: VipValidity['plan']) => string }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ code: string }>();
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const onFinish = async ({ code }: { code: string }) => {
    setSubmitting(true);
    setOutcome(null);
    try {
      const { validUntil, user } = await redeemVip(code.trim());
      storeUser(user);
      queryClient.setQueryData(USER_QUERY_KEY, user);
      const granted = user.vipValidity.find((v) => v.validUntil === validUntil);
      setOutcome({
        ok: true,
        text: t('subscribe.redeemed', {
          plan: granted ? planName(granted.plan) : '',
          date: formatDate(validUntil, lang),
        }),
      });
      form.resetFields();
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error, lang) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} onFinish={onFinish} disabled={submitting} className="redeem-form">
      <Space.Compact block>
        <Form.Item
          name="code"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('subscribe.redeemRequired') }]}
        >
          <Input
            prefix={<GiftOutlined />}
            placeholder={t('subscribe.redeemPlaceholder')}
            autoComplete="off"
            data-testid="redeem-code"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="redeem-submit">
          {t('subscribe.redeemSubmit')}
        </Button>
      </Space.Compact>
      <Form.Item shouldUpdate noStyle>
        {() =>
          form.getFieldError('code')[0] ? <div className="form-error">{form.getFieldError('code')[0]}</div> : null
        }
      </Form.Item>
      {outcome ? (
        <Alert
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          title={outcome.text}
          className="redeem-outcome"
          data-testid="redeem-outcome"
          data-ok={outcome.ok ? 'true' : 'false'}
        />
      ) : null}
    </Form>
  );
}
