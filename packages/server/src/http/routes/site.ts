import { SiteConfig } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from '../../payments/index.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';

/**
 * Public: the configured Help, Contact Support and blog addresses, whether a language change reloads the page, and
 * how the browser starts a checkout.
 */
export const siteRoutes = routePlugin(
  'site',
  async (app: FastifyInstance, { config, payments }: AppDeps & { payments: PaymentProvider }) => {
    const site: SiteConfig = {
      links: config.links,
      languageRefresh: config.languageRefresh,
      payments: payments.browserSettings,
    };
    app.get(
      '/v1/site_config',
      documented({
        summary:
          'The configured Help, Contact Support and blog links, whether a language change reloads the page, and how the browser starts a checkout',
        tag: 'service',
        auth: 'public',
        data: SiteConfig,
      }),
      async () => ok(site),
    );
  },
);
