import type {
  ChangePasswordBody,
  CodePurpose,
  CodeSent,
  Credentials,
  ResetPasswordBody,
  SessionData,
  SignedUp,
  SignUpBody,
} from '@sqltune/contracts';
import { request } from './http.ts';

export function sendCode(email: string, purpose: CodePurpose): Promise<CodeSent> {
  return request<CodeSent>('/v1/auth/code', { body: { email, purpose }, withoutToken: true });
}

export function register(body: SignUpBody): Promise<SignedUp> {
  return request<SignedUp>('/v1/auth/register', { body, withoutToken: true });
}

export function activate(token: string): Promise<SessionData> {
  return request<SessionData>('/v1/auth/activate', { body: { token }, withoutToken: true });
}

export function resendActivation(email: string): Promise<null> {
  return request<null>('/v1/auth/activation-mail', { body: { email }, withoutToken: true });
}

export function login(body: Credentials): Promise<SessionData> {
  return request<SessionData>('/v1/auth/login', { body, withoutToken: true });
}

export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return request<null>('/v1/auth/reset', { body, withoutToken: true });
}

export function changePassword(body: ChangePasswordBody): Promise<SessionData> {
  return request<SessionData>('/v1/auth/password', { body });
}

export function logout(): Promise<null> {
  return request<null>('/v1/auth/logout');
}
