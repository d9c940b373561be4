import { z } from 'zod';

/**
 * The webhook payload as FastSpring posts it: a batch of events, each with its own id (a retry repeats the id). Only
 * `order.completed` adds grants; the order carries the tags the checkout was started with (the account's email and the
 * product identifier) and its items by product path. Unknown fields are kept out of the way, not refused: FastSpring
 * sends many more.
 */
const OrderItem = z.object({ product: z.string().min(1), quantity: z.number().int().optional() });

const OrderData = z.object({
  id: z.string().optional(),
  reference: z.string().optional(),
  tags: z.record(z.string(), z.unknown()).optional(),
  customer: z.object({ email: z.string().optional() }).optional(),
  items: z.array(OrderItem).default([]),
});

const WebhookEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string(),
  live: z.boolean().optional(),
  data: z.unknown(),
});

export const WebhookPayload = z.object({ events: z.array(WebhookEvent).max(100) });
export type WebhookPayload = z.infer<typeof WebhookPayload>;

export const ORDER_COMPLETED = 'order.completed';

/** One completed order, as the purchase bookkeeping reads it. */
export interface CompletedOrder {
  eventId: string;
  /** The order's reference for people (FastSpring's "reference"), else its id, else the event's id. */
  orderReference: string;
  /** The account to credit: the email tag set at checkout, else the buyer's email. */
  email: string | undefined;
  /** Product identifiers in the order's item order. */
  productIds: string[];
}

/** The completed orders of a payload; other event types are not ours to act on. Throws on a malformed order. */
export function completedOrders(payload: WebhookPayload): CompletedOrder[] {
  return payload.events
    .filter((event) => event.type === ORDER_COMPLETED)
    .map((event) => {
      const order = OrderData.parse(event.data);
      const tagged = order.tags?.email;
      return {
        eventId: event.id,
        orderReference: order.reference ?? order.id ?? event.id,
        email: (typeof tagged === 'string' && tagged ? tagged : order.customer?.email)?.trim().toLowerCase(),
        productIds: order.items.map((item) => item.product),
      };
    });
}
