import type { PaymentProviderName, SiteConfig } from '@sqltune/contracts';

/** How checkout runs, from configuration (config.ts): the local test provider unless FastSpring is set up. */
export type PaymentSettings =
  | { provider: 'local' }
  | {
      provider: 'fastspring';
      /** The popup checkout's path, as FastSpring's snippet gives it: `yourstore.test.onfastspring.com/popup-yourstore`. */
      storefront: string;
      /** The webhook's HMAC SHA256 secret, as entered in the FastSpring app. */
      webhookSecret: string;
      /** The Store Builder script (a pinned version). */
      scriptUrl: string;
    };

/** Origins a provider's browser part needs beyond the app's own, per CSP directive. */
export interface ContentSecuritySources {
  script: string[];
  connect: string[];
  frame: string[];
  img: string[];
}

/**
 * One payment provider: what the browser needs to start a checkout (served by GET /v1/site_config), what the CSP must
 * allow for it, and the check of its webhooks' signatures. Every provider posts FastSpring-shaped webhooks
 * (events.ts) to POST /api/v1/payments/webhook, where a completed order adds its plan's grant (purchases.ts).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly browserSettings: SiteConfig['payments'];
  readonly contentSecurity: ContentSecuritySources;
  webhookSignatureMatches(rawBody: Buffer, signatureHeader: string | string[] | undefined): boolean;
}

export const NO_EXTRA_SOURCES: ContentSecuritySources = { script: [], connect: [], frame: [], img: [] };
