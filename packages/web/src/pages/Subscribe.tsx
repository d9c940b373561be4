import { CrownOutlined, GiftOutlined, RocketOutlined, TeamOutlined } from '@ant-design/icons';
import type { Product, VipValidity } from '@sqltune/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Segmented, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { productInfo } from '../api/plans.ts';
import { useSiteConfig } from '../api/site.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { RedeemForm } from '../components/RedeemForm.tsx';
import { formatDate } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';
import { loginPath } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';

type Period = 'monthly' | 'yearly';
type PlanId = VipValidity['plan'];

interface PlanCard {
  id: PlanId;
  icon: ReactNode;
  name: string;
  desc: string;
}

export default function Subscribe() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const { loggedIn, user } = useSession();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<Period>('monthly');
  const site = useSiteConfig();
  const catalogue = useQuery({ queryKey: ['products'], queryFn: productInfo, staleTime: Number.POSITIVE_INFINITY });
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const plans: PlanCard[] = [
    { id: 'free', icon: <GiftOutlined />, name: t('subscribe.free'), desc: t('subscribe.freeDesc') },
    { id: 'starter', icon: <RocketOutlined />, name: t('subscribe.starter'), desc: t('subscribe.starterDesc') },
    { id: 'plus', icon: <TeamOutlined />, name: t('subscribe.enterprise'), desc: t('subscribe.enterpriseDesc') },
  ];
  const planName = (id: PlanId) => plans.find((plan) => plan.id === id)?.name ?? id;
  const active = user?.vipValidity ?? [];
  const productOf = (plan: PlanId): Product | undefined =>
    catalogue.data?.products.find((product) => product.plan === plan && product.period === period);

  /** Choose: the local test checkout page, or FastSpring's popup (its script loaded on this first use). */
  const choose = async (product: Product) => {
    if (!site) return;
    setCheckoutError(null);
    if (site.payments.provider === 'local') {
      navigate(`/checkout?product=${encodeURIComponent(product.productId)}`);
      return;
    }
    setOpening(product.productId);
    try {
      const { openFastSpringCheckout } = await import('../lib/fastspring.ts');
      await openFastSpringCheckout(site.payments, user?.email ?? '', product.productId);
    } catch (error) {
      console.error(error);
      setCheckoutError(t('subscribe.checkoutFailed'));
    } finally {
      setOpening(null);
    }
  };

  const chooseButton = (plan: PlanId) => {
    if (!loggedIn) {
      return (
        <Button block onClick={() => navigate(loginPath('/subscribe'))}>
          {t('subscribe.signInFirst')}
        </Button>
      );
    }
    const product = productOf(plan);
    if (plan === 'free' || !product?.purchasable) {
      return (
        <Button block disabled data-testid={`choose-${plan}`}>
          {t('subscribe.freeIncluded')}
        </Button>
      );
    }
    return (
      <Button
        block
        type="primary"
        disabled={!site}
        loading={opening === product.productId}
        onClick={() => void choose(product)}
        data-testid={`choose-${plan}`}
      >
        {t('subscribe.choose')}
      </Button>
    );
  };

  return (
    <div className="page">
      <PageHeader
        title={t('subscribe.title')}
        subtitle={t('subscribe.subtitle')}
        extra={
          <Segmented<Period>
            value={period}
            onChange={setPeriod}
            options={[
              { value: 'monthly', label: t('subscribe.monthly') },
              { value: 'yearly', label: t('subscribe.yearly') },
            ]}
            data-testid="period-toggle"
          />
        }
      />
      {loggedIn ? (
        <Card
          className="report-card current-plan"
          size="small"
          title={t('subscribe.current')}
          data-testid="current-plan"
        >
          {active.length === 0 ? (
            <span className="muted">{t('subscribe.noPlan')}</span>
          ) : (
            active.map((entry) => (
              <div
                key={`${entry.plan}-${entry.period}-${entry.validUntil}`}
                className="current-plan-row"
                data-plan={entry.plan}
              >
                <Tag color="blue" icon={<CrownOutlined />}>
                  {planName(entry.plan)}
                </Tag>
                <span>{entry.period === 'yearly' ? t('subscribe.billedYearly') : t('subscribe.billedMonthly')}</span>
                <span className="muted">{t('subscribe.validUntil', { date: formatDate(entry.validUntil, lang) })}</span>
              </div>
            ))
          )}
        </Card>
      ) : null}
      {site?.payments.provider === 'local' ? (
        <Alert
          type="warning"
          showIcon
          title={t('subscribe.localCheckoutNote')}
          className="report-alert"
          data-testid="local-checkout-note"
        />
      ) : null}
      {checkoutError ? (
        <Alert type="error" showIcon title={checkoutError} className="report-alert" data-testid="checkout-error" />
      ) : null}
      <Row gutter={[16, 16]}>
        {plans.map((plan) => (
          <Col xs={24} md={8} key={plan.id}>
            <Card className="plan-card" data-testid={`plan-${plan.id}`}>
              <div className="plan-icon">{plan.icon}</div>
              <Typography.Title level={4}>{plan.name}</Typography.Title>
              <Typography.Paragraph type="secondary">{plan.desc}</Typography.Paragraph>
              <div className="muted plan-period">
                {period === 'yearly' ? t('subscribe.billedYearly') : t('subscribe.billedMonthly')}
              </div>
              {productOf(plan.id) ? (
                <div className="plan-quota" data-testid={`quota-${plan.id}`}>
                  {t(period === 'yearly' ? 'subscribe.quotaYear' : 'subscribe.quotaMonth', {
                    sql: productOf(plan.id)!.sqlCnt.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US'),
                    xml: productOf(plan.id)!.xmlCnt.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US'),
                  })}
                </div>
              ) : null}
              <div className="plan-choose">{chooseButton(plan.id)}</div>
            </Card>
          </Col>
        ))}
      </Row>
      <Card className="report-card redeem-card" title={t('subscribe.redeemTitle')} size="small">
        <div className="muted redeem-desc">{t('subscribe.redeemDesc')}</div>
        {loggedIn ? (
          <RedeemForm planName={planName} />
        ) : (
          <Button onClick={() => navigate(loginPath('/subscribe'))} data-testid="redeem-sign-in">
            {t('subscribe.signInFirst')}
          </Button>
        )}
      </Card>
    </div>
  );
}
