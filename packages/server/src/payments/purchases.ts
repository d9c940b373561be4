import { randomUUID } from 'node:crypto';
import type { PaymentProviderName, VipValidity } from '@sqltune/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Catalogue } from '../accounts/catalogue.ts';
import { PERIOD_INTERVAL } from '../accounts/quota.ts';
import type { Database } from '../db/client.ts';
import type { CompletedOrder } from './events.ts';

export const ItemOutcome = z.enum(['granted', 'already processed', 'unknown account', 'not for sale']);
export type ItemOutcome = z.infer<typeof ItemOutcome>;

/** What the webhook did with one completed order (its answer lists them). */
export const OrderOutcome = z.object({
  eventId: z.string(),
  orderReference: z.string(),
  items: z.array(z.object({ productId: z.string(), outcome: ItemOutcome })),
});
export type OrderOutcome = z.infer<typeof OrderOutcome>;

/**
 * Adds the plan grant of every item of a completed order, once. The purchase row (keyed by provider, event id and
 * the item's position) and its grant are written by one statement: a replayed event, even one arriving at the same
 * moment as the first, finds the row taken and inserts no grant. A manual resend from FastSpring carries a new event
 * id; it is the same order, and the order's items are keyed by event, so operators should not resend completed
 * orders (docs/design.md, "Checkout").
 */
export async function recordOrder(
  db: Database,
  catalogue: Catalogue,
  provider: PaymentProviderName,
  order: CompletedOrder,
): Promise<OrderOutcome> {
  const userId = order.email ? await accountOf(db, order.email) : undefined;
  const items: OrderOutcome['items'] = [];
  for (const [position, productId] of order.productIds.entries()) {
    const product = catalogue.byProductId(productId);
    if (!product?.purchasable) items.push({ productId, outcome: 'not for sale' });
    else if (!userId) items.push({ productId, outcome: 'unknown account' });
    else {
      const grantId = randomUUID();
      const result = await db.execute<{ id: string }>(sql`
        WITH recorded AS (
          INSERT INTO purchases (provider, event_id, item, order_reference, user_id, product_id, grant_id)
          VALUES (${provider}, ${order.eventId}, ${position}, ${order.orderReference}, ${userId}, ${productId},
            ${grantId})
          ON CONFLICT DO NOTHING
          RETURNING user_id
        )
        INSERT INTO plan_grants (id, user_id, plan, period, sql_cnt, xml_cnt, source, valid_from, valid_until)
        SELECT ${grantId}, user_id, ${product.plan}, ${product.period}, ${product.sqlCnt}, ${product.xmlCnt},
          'purchase', now(), now() + ${PERIOD_INTERVAL[product.period]}::interval
        FROM recorded
        RETURNING id`);
      items.push({ productId, outcome: result.rows.length > 0 ? 'granted' : 'already processed' });
    }
  }
  return { eventId: order.eventId, orderReference: order.orderReference, items };
}

async function accountOf(db: Database, email: string): Promise<string | undefined> {
  const result = await db.execute<{ id: string }>(sql`SELECT id FROM users WHERE email = ${email}`);
  return result.rows[0]?.id;
}

/** The grants an order added to the account (the local checkout shows the new validity from it). */
export async function grantsOfOrder(
  db: Database,
  provider: PaymentProviderName,
  orderReference: string,
  userId: string,
): Promise<VipValidity[]> {
  const result = await db.execute<{
    plan: VipValidity['plan'];
    period: VipValidity['period'];
    sql_cnt: number;
    xml_cnt: number;
    valid_until: Date | string;
  }>(sql`
    SELECT g.plan, g.period, g.sql_cnt, g.xml_cnt, g.valid_until FROM purchases p
    JOIN plan_grants g ON g.id = p.grant_id
    WHERE p.provider = ${provider} AND p.order_reference = ${orderReference} AND p.user_id = ${userId}
    ORDER BY p.item`);
  return result.rows.map((row) => ({
    plan: row.plan,
    period: row.period,
    sqlCnt: row.sql_cnt,
    xmlCnt: row.xml_cnt,
    validUntil: new Date(row.valid_until).toISOString(),
  }));
}
