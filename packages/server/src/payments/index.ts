import { FastSpringProvider } from './fastspring.ts';
import { LocalTestProvider } from './local.ts';
import type { PaymentProvider, PaymentSettings } from './provider.ts';

export type { CompletedOrder } from './events.ts';
export { FastSpringProvider, STORE_BUILDER_SCRIPT_URL } from './fastspring.ts';
export { LocalTestProvider, TEST_CARD, TEST_CARD_DECLINED } from './local.ts';
export {
  type ContentSecuritySources,
  NO_EXTRA_SOURCES,
  type PaymentProvider,
  type PaymentSettings,
} from './provider.ts';

/** The provider the configuration names (one per process). */
export function createPaymentProvider(settings: PaymentSettings): PaymentProvider {
  return settings.provider === 'fastspring' ? new FastSpringProvider(settings) : new LocalTestProvider();
}
