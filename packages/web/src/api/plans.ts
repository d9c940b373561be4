import type {
  LocalPaid,
  LocalPayBody,
  ProductInfo,
  RedeemCodeInfo,
  UserInfo,
  UserProductInfo,
} from '@sqltune/contracts';
import { request } from './http.ts';

export function productInfo(): Promise<ProductInfo> {
  return request<ProductInfo>('/v1/product_info', { method: 'GET', withoutToken: true });
}

export function userProductInfo(): Promise<UserProductInfo> {
  return request<UserProductInfo>('/v1/user_product_info', { method: 'GET' });
}

export function redeemCodeInfo(code: string): Promise<RedeemCodeInfo> {
  return request<RedeemCodeInfo>(`/v1/redeem_codes/${encodeURIComponent(code)}`, { method: 'GET' });
}

export function redeemVip(code: string): Promise<{ validUntil: string; user: UserInfo }> {
  return request<{ validUntil: string; user: UserInfo }>('/v1/redeem_vip', { body: { code } });
}

/** The local test checkout's pay call: only when the server runs the local provider. */
export function payLocal(body: LocalPayBody): Promise<LocalPaid> {
  return request<LocalPaid>('/v1/payments/local/pay', { body });
}
