import { ProductInfo, UserProductInfo } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import { userProductInfo } from '../../accounts/quota.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';

/** The plan catalogue (public) and the signed-in user's grants with their usage. */
export const productRoutes = routePlugin('product', async (app: FastifyInstance, { database, config }: AppDeps) => {
  app.get(
    '/v1/product_info',
    documented({
      summary: 'The plans on sale: quotas, prices and product identifiers',
      tag: 'plans',
      auth: 'public',
      data: ProductInfo,
    }),
    async () => {
      const data: ProductInfo = { products: config.catalogue.products };
      return ok(data);
    },
  );

  app.get(
    '/v1/user_product_info',
    documented({
      summary: "The signed-in user's active grants, usage and limits, and when the free quota renews",
      tag: 'plans',
      auth: 'user',
      data: UserProductInfo,
    }),
    async (request) => ok(await userProductInfo(database.db, config.catalogue, request.user)),
  );
});
