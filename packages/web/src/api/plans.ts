import type { ProductInfo, RedeemCodeInfo, UserInfo } from '@sqltune/contracts';
import { request } from './http.ts';

export function productInfo(): Promise<ProductInfo> {
  return request<ProductInfo>('/v1/product_info', { method: 'GET', withoutToken: true });
}

export function redeemCodeInfo(code: string): Promise<RedeemCodeInfo> {
  return request<RedeemCodeInfo>(`/v1/redeem_codes/${encodeURIComponent(code)}`, { method: 'GET' });
}

export function redeemVip(code: string): Promise<{ validUntil: string; user: UserInfo }> {
  return request<{ validUntil: string; user: UserInfo }>('/v1/redeem_vip', { body: { code } });
}
