import type { SiteConfig } from '@sqltune/contracts';
import type { ContentSecuritySources, PaymentProvider, PaymentSettings } from './provider.ts';
import { signatureMatches } from './signature.ts';

type FastSpringSettings = Extract<PaymentSettings, { provider: 'fastspring' }>;

/** The pinned Store Builder version FastSpring's documentation gives; FASTSPRING_SCRIPT_URL replaces it. */
export const STORE_BUILDER_SCRIPT_URL = 'https://sbl.onfastspring.com/sbl/1.0.3/fastspring-builder.min.js';

/**
 * FastSpring: the browser runs the Store Builder popup (the spec's reset, tag, add, checkout), FastSpring posts the
 * completed order to the webhook, signed with the secret both sides know. The script and the storefront's origin are
 * the only outside sources the CSP allows, and only when this provider is configured.
 */
export class FastSpringProvider implements PaymentProvider {
  readonly name = 'fastspring';
  readonly browserSettings: SiteConfig['payments'];
  readonly contentSecurity: ContentSecuritySources;

  constructor(private readonly settings: FastSpringSettings) {
    const storefront = settings.storefront.replace(/^https?:\/\//, '');
    this.browserSettings = { provider: 'fastspring', storefront, scriptUrl: settings.scriptUrl };
    const storefrontOrigin = `https://${storefront.split('/')[0]}`;
    const scriptOrigin = new URL(settings.scriptUrl).origin;
    this.contentSecurity = {
      script: [scriptOrigin, storefrontOrigin],
      connect: [storefrontOrigin],
      frame: [storefrontOrigin],
      img: [storefrontOrigin],
    };
  }

  webhookSignatureMatches(rawBody: Buffer, signatureHeader: string | string[] | undefined): boolean {
    return signatureMatches(rawBody, this.settings.webhookSecret, signatureHeader);
  }
}
