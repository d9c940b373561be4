import type { Language, UserInfo } from '@sqltune/contracts';
import { request } from './http.ts';

export function getUser(): Promise<UserInfo> {
  return request<UserInfo>('/v1/user', { method: 'GET' });
}

export type UserPatch = { language: Language } | { is_newsletter_subscribed: true };

export function patchUser(body: UserPatch): Promise<unknown> {
  return request<unknown>('/v1/user', { method: 'PATCH', body });
}

export function unsubscribeTarget(id: string): Promise<{ email: string; subscribed: boolean }> {
  return request<{ email: string; subscribed: boolean }>('/v1/user_unsubscribe', {
    method: 'GET',
    query: { id },
    withoutToken: true,
  });
}

export function unsubscribe(id: string): Promise<{ email: string }> {
  return request<{ email: string }>('/v1/user_unsubscribe', { body: { id }, withoutToken: true });
}
