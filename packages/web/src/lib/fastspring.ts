import type { SiteConfig } from '@sqltune/contracts';

type FastSpringSettings = Extract<SiteConfig['payments'], { provider: 'fastspring' }>;

interface StoreBuilder {
  reset(): void;
  tag(tags: Record<string, string>): void;
  add(productPath: string): void;
  checkout(): void;
}

declare global {
  interface Window {
    fastspring?: { builder?: StoreBuilder };
    /** Named in the script's data-popup-closed: FastSpring calls it when its popup closes. */
    sqltuneFastSpringPopupClosed?: () => void;
  }
}

let loading: Promise<StoreBuilder> | null = null;

/**
 * Loads FastSpring's Store Builder (the one outside script, allowed by the CSP only when FastSpring is configured) the
 * first time a plan is chosen; the page reloads when its popup closes, as the spec says, which fetches the user's new
 * validity.
 */
function storeBuilder(settings: FastSpringSettings): Promise<StoreBuilder> {
  loading ??= new Promise<StoreBuilder>((resolve, reject) => {
    window.sqltuneFastSpringPopupClosed = () => window.location.reload();
    const script = document.createElement('script');
    script.id = 'fsc-api';
    script.type = 'text/javascript';
    script.src = settings.scriptUrl;
    script.dataset.storefront = settings.storefront;
    script.dataset.popupClosed = 'sqltuneFastSpringPopupClosed';
    script.onload = () => {
      const builder = window.fastspring?.builder;
      if (builder) resolve(builder);
      else reject(new Error('the Store Builder script loaded without fastspring.builder'));
    };
    script.onerror = () => reject(new Error('the Store Builder script did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The spec's checkout: reset the builder, tag it with the user's email and the product, add the product, open it. */
export async function openFastSpringCheckout(
  settings: FastSpringSettings,
  email: string,
  productId: string,
): Promise<void> {
  const builder = await storeBuilder(settings);
  builder.reset();
  builder.tag({ email, product: productId });
  builder.add(productId);
  builder.checkout();
}
