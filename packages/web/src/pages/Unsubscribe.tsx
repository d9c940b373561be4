import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../api/http.ts';
import { unsubscribe, unsubscribeTarget } from '../api/user.ts';
import { isLanguage } from '../lib/language.ts';

type State =
  | { status: 'loading' }
  | { status: 'confirm'; email: string }
  | { status: 'done'; email: string }
  | { status: 'failed'; error: unknown };

/** The link of an update mail: shows whose subscription it is, and ends it on confirmation ("Unsubscribe failed"). */
export default function Unsubscribe() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [sending, setSending] = useState(false);

  useEffect(() => {
    unsubscribeTarget(id).then(
      (target) => setState({ status: 'confirm', email: target.email }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  }, [id]);

  const confirm = async () => {
    setSending(true);
    try {
      setState({ status: 'done', email: (await unsubscribe(id)).email });
    } catch (error) {
      setState({ status: 'failed', error });
    } finally {
      setSending(false);
    }
  };

  const home = (
    <Link to="/" key="home">
      <Button>{t('common.backHome')}</Button>
    </Link>
  );

  return (
    <div className="page auth-page">
      <div className="auth-card" data-testid="unsubscribe" data-state={state.status}>
        {state.status === 'loading' ? (
          <div className="center-block">
            <Spin />
          </div>
        ) : state.status === 'confirm' ? (
          <Result
            status="info"
            title={t('unsubscribe.title')}
            subTitle={t('unsubscribe.confirm', { email: state.email })}
            extra={[
              <Button
                key="go"
                type="primary"
                danger
                loading={sending}
                onClick={confirm}
                data-testid="unsubscribe-confirm"
              >
                {t('unsubscribe.submit')}
              </Button>,
              home,
            ]}
          />
        ) : state.status === 'done' ? (
          <Result status="success" title={t('unsubscribe.done', { email: state.email })} extra={home} />
        ) : (
          <Result status="error" title={errorText(state.error, lang)} extra={home} />
        )}
      </div>
    </div>
  );
}
