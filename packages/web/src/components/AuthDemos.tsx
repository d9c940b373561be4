import { CodeOutlined, ConsoleSqlOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXAMPLE_SQL_SHARE_ID, EXAMPLE_XML_SHARE_ID } from '../config.ts';

/** The demo entries of the login screen: the SQL and XML examples. */
export function AuthDemos() {
  const { t } = useTranslation();
  return (
    <div className="auth-demos">
      <div className="auth-demos-title">{t('login.demoTitle')}</div>
      <div className="auth-demos-links">
        <Link to={`/sqlResult?shareid=${EXAMPLE_SQL_SHARE_ID}`} data-testid="demo-sql">
          <Button icon={<ConsoleSqlOutlined />} block>
            {t('login.demoSql')}
          </Button>
        </Link>
        <Link to={`/xmlResult?shareid=${EXAMPLE_XML_SHARE_ID}`} data-testid="demo-xml">
          <Button icon={<CodeOutlined />} block>
            {t('login.demoXml')}
          </Button>
        </Link>
      </div>
    </div>
  );
}
