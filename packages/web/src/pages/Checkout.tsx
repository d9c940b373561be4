import { CreditCardOutlined, ExperimentOutlined } from '@ant-design/icons';
import type { LocalPayBody, PlanId, Product, UserProductInfo } from '@sqltune/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../api/http.ts';
import { payLocal, productInfo, userProductInfo } from '../api/plans.ts';
import { useSiteConfig } from '../api/site.ts';
import { getUser } from '../api/user.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { USER_QUERY_KEY } from '../lib/actions.ts';
import { formatDate } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';
import { loginPath } from '../lib/paths.ts';
import { storeUser, useLoggedIn } from '../lib/session.ts';

type CardForm = Omit<LocalPayBody, 'productId'>;
type CardField = keyof CardForm;
const CARD_FIELDS: CardField[] = ['cardNumber', 'expiry', 'cvc', 'name'];

const PLAN_KEYS = { free: 'subscribe.free', starter: 'subscribe.starter', plus: 'subscribe.enterprise' } as const;

/**
 * The local test provider's checkout page (the embedded default): a card form that takes only test cards, clearly
 * labelled as a test. Paying makes the server post the provider's signed webhook to its own webhook route, as
 * FastSpring would; the page then shows the account's plans with their validity (user_product_info).
 */
export default function Checkout() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const loggedIn = useLoggedIn();
  const site = useSiteConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const productId = params.get('product') ?? '';
  const catalogue = useQuery({ queryKey: ['products'], queryFn: productInfo, staleTime: Number.POSITIVE_INFINITY });
  const [form] = Form.useForm<CardForm>();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<{ productId: string; plans: UserProductInfo } | null>(null);

  const planName = (plan: PlanId) => t(PLAN_KEYS[plan]);
  const periodName = (product: Pick<Product, 'period'>) =>
    product.period === 'yearly' ? t('subscribe.billedYearly') : t('subscribe.billedMonthly');
  const product = catalogue.data?.products.find((p) => p.productId === productId && p.purchasable);

  const onFinish = async (values: CardForm) => {
    if (!product) return;
    setPaying(true);
    setError(null);
    try {
      await payLocal({ productId: product.productId, ...values, name: values.name ?? '' });
      const [plans, user] = await Promise.all([userProductInfo(), getUser()]);
      storeUser(user);
      queryClient.setQueryData(USER_QUERY_KEY, user);
      setPaid({ productId: product.productId, plans });
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      if (field && (CARD_FIELDS as string[]).includes(field)) {
        form.setFields([{ name: field as CardField, errors: [errorText(err, lang)] }]);
      } else {
        setError(errorText(err, lang));
      }
    } finally {
      setPaying(false);
    }
  };

  const body = () => {
    if (!loggedIn) {
      return (
        <Result
          status="info"
          title={t('subscribe.signInFirst')}
          extra={
            <Button type="primary" onClick={() => navigate(loginPath())}>
              {t('common.signIn')}
            </Button>
          }
        />
      );
    }
    if (!site || catalogue.isPending) return <Spin size="large" className="checkout-loading" />;
    if (site.payments.provider !== 'local' || !product) {
      return (
        <Result
          status="warning"
          title={site.payments.provider !== 'local' ? t('checkout.notLocal') : t('checkout.unknownProduct')}
          extra={
            <Link to="/subscribe">
              <Button type="primary">{t('checkout.backToPlans')}</Button>
            </Link>
          }
        />
      );
    }
    if (paid) {
      return (
        <Result
          status="success"
          title={t('checkout.paid', { plan: planName(product.plan), period: periodName(product) })}
          subTitle={
            <div className="checkout-validity" data-testid="checkout-validity">
              <div>{t('checkout.validityTitle')}</div>
              {paid.plans.vipValidity.map((entry) => (
                <div key={`${entry.plan}-${entry.period}-${entry.validUntil}`} data-plan={entry.plan}>
                  {planName(entry.plan)} · {periodName(entry)} ·{' '}
                  {t('subscribe.validUntil', { date: formatDate(entry.validUntil, lang) })}
                </div>
              ))}
            </div>
          }
          extra={[
            <Link to="/subscribe" key="plans">
              <Button type="primary" data-testid="checkout-back">
                {t('checkout.backToPlans')}
              </Button>
            </Link>,
            <Link to="/sqlConfig" key="sql">
              <Button>{t('checkout.goSql')}</Button>
            </Link>,
          ]}
          data-testid="checkout-done"
        />
      );
    }
    return (
      <>
        <Alert
          type="warning"
          showIcon
          icon={<ExperimentOutlined />}
          title={t('checkout.testNotice')}
          description={t('checkout.testCards')}
          className="report-alert"
          data-testid="checkout-test-notice"
        />
        <div className="checkout-summary" data-testid="checkout-summary">
          <Tag color="blue">{planName(product.plan)}</Tag>
          <span>{periodName(product)}</span>
          <span className="muted">
            {t(product.period === 'yearly' ? 'subscribe.quotaYear' : 'subscribe.quotaMonth', {
              sql: product.sqlCnt.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US'),
              xml: product.xmlCnt.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US'),
            })}
          </span>
        </div>
        <Form<CardForm> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={paying}>
          <Form.Item label={t('checkout.name')} name="name">
            <Input autoComplete="off" data-testid="card-name" />
          </Form.Item>
          <Form.Item
            label={t('checkout.cardNumber')}
            name="cardNumber"
            rules={[{ required: true, message: t('checkout.cardRequired') }]}
          >
            <Input
              prefix={<CreditCardOutlined />}
              placeholder="4242 4242 4242 4242"
              inputMode="numeric"
              autoComplete="off"
              data-testid="card-number"
            />
          </Form.Item>
          <div className="checkout-row">
            <Form.Item
              label={t('checkout.expiry')}
              name="expiry"
              rules={[{ required: true, message: t('checkout.expiryRequired') }]}
            >
              <Input placeholder="MM/YY" autoComplete="off" data-testid="card-expiry" />
            </Form.Item>
            <Form.Item label="CVC" name="cvc" rules={[{ required: true, message: t('checkout.cvcRequired') }]}>
              <Input placeholder="123" inputMode="numeric" autoComplete="off" data-testid="card-cvc" />
            </Form.Item>
          </div>
          {error ? (
            <Alert type="error" showIcon title={error} className="auth-error" data-testid="checkout-error" />
          ) : null}
          <Button type="primary" htmlType="submit" block size="large" loading={paying} data-testid="checkout-pay">
            {t('checkout.pay')}
          </Button>
        </Form>
      </>
    );
  };

  return (
    <div className="page">
      <PageHeader title={t('checkout.title')} subtitle={t('checkout.subtitle')} />
      <Card className="checkout-card" data-testid="checkout">
        {body()}
      </Card>
    </div>
  );
}
