import type { ProductInfo } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import { userProductInfo } from '../../accounts/quota.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';

/** The plan catalogue (public) and the signed-in user's grants with their usage. */
export async function productRoutes(app: FastifyInstance, { database, config }: AppDeps) {
  app.get('/v1/product_info', async () => {
    const data: ProductInfo = { products: config.catalogue.products };
    return ok(data);
  });

  app.get('/v1/user_product_info', async (request) =>
    ok(await userProductInfo(database.db, config.catalogue, await request.requireUser())),
  );
}
