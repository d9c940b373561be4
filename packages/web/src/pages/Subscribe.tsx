import { CrownOutlined, GiftOutlined, RocketOutlined, TeamOutlined } from '@ant-design/icons';
import type { VipValidity } from '@sqltune/contracts';
import { Alert, Button, Card, Col, Row, Segmented, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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

  const plans: PlanCard[] = [
    { id: 'free', icon: <GiftOutlined />, name: t('subscribe.free'), desc: t('subscribe.freeDesc') },
    { id: 'starter', icon: <RocketOutlined />, name: t('subscribe.starter'), desc: t('subscribe.starterDesc') },
    { id: 'plus', icon: <TeamOutlined />, name: t('subscribe.enterprise'), desc: t('subscribe.enterpriseDesc') },
  ];
  const planName = (id: PlanId) => plans.find((plan) => plan.id === id)?.name ?? id;
  const active = user?.vipValidity ?? [];

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
        <Card className="report-card current-plan" size="small" title={t('subscribe.current')}>
          {active.length === 0 ? (
            <span className="muted">{t('subscribe.noPlan')}</span>
          ) : (
            active.map((entry) => (
              <div key={`${entry.plan}-${entry.period}-${entry.validUntil}`} className="current-plan-row">
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
      <Alert type="info" showIcon title={t('subscribe.checkoutLater')} className="report-alert" />
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
              <div className="plan-choose">
                {loggedIn ? (
                  <Tooltip title={t('subscribe.checkoutLater')}>
                    <Button block disabled>
                      {t('subscribe.choose')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Button block onClick={() => navigate(loginPath('/subscribe'))}>
                    {t('subscribe.signInFirst')}
                  </Button>
                )}
              </div>
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
