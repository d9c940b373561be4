import type { Credentials, SessionData, SignUpBody } from '@sqltune/contracts';
import { request } from './http.ts';

export function register(body: SignUpBody): Promise<SessionData> {
  return request<SessionData>('/v1/auth/register', { body, withoutToken: true });
}

export function login(body: Credentials): Promise<SessionData> {
  return request<SessionData>('/v1/auth/login', { body, withoutToken: true });
}

export function logout(): Promise<null> {
  return request<null>('/v1/auth/logout');
}
