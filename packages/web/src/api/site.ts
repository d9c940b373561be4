import type { SiteConfig } from '@sqltune/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from './http.ts';

export const SITE_QUERY_KEY = ['site'] as const;

export function getSiteConfig(): Promise<SiteConfig> {
  return request<SiteConfig>('/v1/site_config', { method: 'GET', withoutToken: true });
}

/**
 * The server's Help, Contact Support and blog addresses and its checkout settings, fetched once per page load.
 * Undefined until they arrive: a link without its address is drawn without an href meanwhile.
 */
export function useSiteConfig(): SiteConfig | undefined {
  const { data } = useQuery({
    queryKey: SITE_QUERY_KEY,
    queryFn: getSiteConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
  return data;
}
