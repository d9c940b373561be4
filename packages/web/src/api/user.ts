import type { Language, UserInfo } from '@sqltune/contracts';
import { request } from './http.ts';

export function getUser(): Promise<UserInfo> {
  return request<UserInfo>('/v1/user', { method: 'GET' });
}

export type UserPatch = { language: Language } | { is_newsletter_subscribed: true };

export function patchUser(body: UserPatch): Promise<unknown> {
  return request<unknown>('/v1/user', { method: 'PATCH', body });
}
