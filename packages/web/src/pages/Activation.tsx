import { ErrorCode } from '@sqltune/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { activate } from '../api/auth.ts';
import { ApiError, errorText } from '../api/http.ts';
import { completeSignIn } from '../lib/actions.ts';
import { isLanguage } from '../lib/language.ts';

type State = { status: 'loading' } | { status: 'done' } | { status: 'already' } | { status: 'failed'; error: unknown };

/** The mailed activation link lands here: the token is sent once; success signs the user in. */
export default function Activation() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'loading' });
  const sent = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development: the token works once, so send it once.
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setState({ status: 'failed', error: null });
      return;
    }
    activate(token)
      .then(async (session) => {
        await completeSignIn(queryClient, session);
        setState({ status: 'done' });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === ErrorCode.EMAIL_ACTIVATED) setState({ status: 'already' });
        else setState({ status: 'failed', error });
      });
  }, [token, queryClient]);

  return (
    <div className="page auth-page">
      <div className="auth-card" data-testid="activation" data-state={state.status}>
        {state.status === 'loading' ? (
          <div className="center-block">
            <Spin />
            <div className="muted">{t('activation.loading')}</div>
          </div>
        ) : state.status === 'done' ? (
          <Result
            status="success"
            title={t('activation.done')}
            extra={
              <Link to="/sqlConfig">
                <Button type="primary">{t('activation.start')}</Button>
              </Link>
            }
          />
        ) : (
          <Result
            status={state.status === 'already' ? 'info' : 'error'}
            title={
              state.status === 'already'
                ? t('activation.already')
                : state.error
                  ? errorText(state.error, lang)
                  : t('activation.noToken')
            }
            extra={
              <Link to="/login">
                <Button type="primary">{t('common.signIn')}</Button>
              </Link>
            }
          />
        )}
      </div>
    </div>
  );
}
