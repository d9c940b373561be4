import {
  ApartmentOutlined,
  CodeOutlined,
  ConsoleSqlOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXAMPLE_SQL_SHARE_ID, EXAMPLE_XML_SHARE_ID } from '../config.ts';

function Feature({ icon, title, desc }: { icon: ReactNode; title: string; desc: string }) {
  return (
    // Plain elements, not antd's Card and Typography: those pull Tabs and Input into the first route's JavaScript.
    <div className="feature-card">
      <div className="feature-icon">{icon}</div>
      <h3 className="feature-title">{title}</h3>
      <p className="feature-desc">{desc}</p>
    </div>
  );
}

export default function Home() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <section className="hero">
        <h1 className="hero-title">{t('home.title')}</h1>
        <p className="hero-subtitle">{t('home.subtitle')}</p>
        <div className="hero-actions">
          <Link to="/sqlConfig">
            <Button type="primary" size="large" icon={<ConsoleSqlOutlined />}>
              {t('home.ctaSql')}
            </Button>
          </Link>
          <Link to="/xmlConfig">
            <Button size="large" icon={<CodeOutlined />}>
              {t('home.ctaXml')}
            </Button>
          </Link>
        </div>
        <div className="hero-demos">
          <span className="muted">{t('home.demos')}:</span>
          <Link to={`/sqlResult?shareid=${EXAMPLE_SQL_SHARE_ID}`} data-testid="home-demo-sql">
            {t('home.demoSql')}
          </Link>
          <Link to={`/xmlResult?shareid=${EXAMPLE_XML_SHARE_ID}`} data-testid="home-demo-xml">
            {t('home.demoXml')}
          </Link>
          <Link to="/domeIndex" data-testid="home-examples">
            {t('examples.more')}
          </Link>
        </div>
      </section>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <Feature icon={<NodeIndexOutlined />} title={t('home.featureIndexTitle')} desc={t('home.featureIndexDesc')} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Feature icon={<ApartmentOutlined />} title={t('home.featurePlanTitle')} desc={t('home.featurePlanDesc')} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Feature
            icon={<UnorderedListOutlined />}
            title={t('home.featureRulesTitle')}
            desc={t('home.featureRulesDesc')}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Feature
            icon={<SafetyCertificateOutlined />}
            title={t('home.featureVerifyTitle')}
            desc={t('home.featureVerifyDesc')}
          />
        </Col>
      </Row>
    </div>
  );
}
