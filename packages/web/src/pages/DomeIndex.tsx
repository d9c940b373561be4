import { CodeOutlined, ConsoleSqlOutlined, DatabaseOutlined } from '@ant-design/icons';
import { ErrorCode, type TaskType } from '@sqltune/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Spin, Statistic, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/http.ts';
import { getSharedTask } from '../api/shares.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import {
  EXAMPLE_POSTGRESQL_SHARE_ID,
  EXAMPLE_RETRY_MS,
  EXAMPLE_SQL_SHARE_ID,
  EXAMPLE_XML_SHARE_ID,
} from '../config.ts';
import { formatGain } from '../lib/format.ts';

interface GalleryItem {
  shareId: string;
  type: TaskType;
  icon: ReactNode;
  title: 'examples.mysqlTitle' | 'examples.postgresqlTitle' | 'examples.mybatisTitle';
  desc: 'examples.mysqlDesc' | 'examples.postgresqlDesc' | 'examples.mybatisDesc';
}

/** One card per dialect and one mapper: the live examples the server makes with its own pipeline. */
const ITEMS: readonly GalleryItem[] = [
  {
    shareId: EXAMPLE_SQL_SHARE_ID,
    type: 'sql',
    icon: <ConsoleSqlOutlined />,
    title: 'examples.mysqlTitle',
    desc: 'examples.mysqlDesc',
  },
  {
    shareId: EXAMPLE_POSTGRESQL_SHARE_ID,
    type: 'sql',
    icon: <DatabaseOutlined />,
    title: 'examples.postgresqlTitle',
    desc: 'examples.postgresqlDesc',
  },
  {
    shareId: EXAMPLE_XML_SHARE_ID,
    type: 'mybatis',
    icon: <CodeOutlined />,
    title: 'examples.mybatisTitle',
    desc: 'examples.mybatisDesc',
  },
];

const resultPath: Record<TaskType, string> = { sql: '/sqlResult', mybatis: '/xmlResult' };

function ExampleCard({ item }: { item: GalleryItem }) {
  const { t } = useTranslation();
  const example = useQuery({
    queryKey: ['share', item.type, item.shareId],
    queryFn: () => getSharedTask(item.type, item.shareId),
    retry: false,
    // Being prepared (4701): asked again until it is there.
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.code === ErrorCode.EXAMPLE_PREPARING
        ? EXAMPLE_RETRY_MS
        : false,
  });
  const detail = example.data;
  let figures: ReactNode;
  if (detail?.state === 'Completed') {
    figures = (
      <Row gutter={8}>
        <Col span={8}>
          <Statistic title={t('examples.gain')} value={formatGain(detail.performanceGain)} />
        </Col>
        <Col span={8}>
          <Statistic title={t('examples.indexes')} value={detail.totalIndexes} />
        </Col>
        <Col span={8}>
          <Statistic title={t('examples.rules')} value={detail.totalRules} />
        </Col>
      </Row>
    );
  } else if (detail?.state === 'Failed') {
    figures = <Tag color="red">{t('examples.failed')}</Tag>;
  } else if (
    example.isError &&
    !(example.error instanceof ApiError && example.error.code === ErrorCode.EXAMPLE_PREPARING)
  ) {
    figures = <Tag color="red">{t('examples.failed')}</Tag>;
  } else {
    figures = (
      <span className="muted">
        <Spin size="small" /> {t('examples.preparing')}
      </span>
    );
  }
  return (
    <Card
      className="example-card"
      data-testid={`example-card-${item.shareId}`}
      data-state={detail?.state ?? 'preparing'}
      title={
        <span>
          {item.icon} {t(item.title)}
        </span>
      }
      actions={[
        <Link key="open" to={`${resultPath[item.type]}?shareid=${item.shareId}`} data-testid="example-open">
          <Button type="link">{t('examples.open')}</Button>
        </Link>,
      ]}
    >
      <p className="muted example-card-desc">{t(item.desc)}</p>
      {figures}
    </Card>
  );
}

/** The demo entry page: a gallery of the live example results, readable without signing in. */
export default function DomeIndex() {
  const { t } = useTranslation();
  return (
    <div className="page page-wide">
      <PageHeader title={t('examples.galleryTitle')} subtitle={t('examples.gallerySubtitle')} />
      <Row gutter={[16, 16]}>
        {ITEMS.map((item) => (
          <Col key={item.shareId} xs={24} md={12} xl={8}>
            <ExampleCard item={item} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
