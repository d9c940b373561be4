import type { SessionData } from '@sqltune/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { completeSignIn } from './actions.ts';
import { useMessage } from './message.tsx';
import { safeRedirect } from './paths.ts';

/**
 * What sign-in and sign-up share: call the server, store the session, greet, and go back to where the
 * user came from (the `redirect` query parameter). Errors stay in state for the form to show.
 */
export function useAuthSubmit(successText: string) {
  const message = useMessage();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const redirect = params.get('redirect');

  const submit = async (call: () => Promise<SessionData>) => {
    setSubmitting(true);
    setError(null);
    try {
      await completeSignIn(queryClient, await call());
      void message.success(successText);
      navigate(safeRedirect(redirect), { replace: true });
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting, error, redirect };
}
