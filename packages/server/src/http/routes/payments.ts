import { AppError, ErrorCode, LocalPaid, LocalPayBody } from '@sqltune/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { completedOrders, WebhookPayload } from '../../payments/events.ts';
import { LocalTestProvider, type PaymentProvider } from '../../payments/index.ts';
import { grantsOfOrder, OrderOutcome, recordOrder } from '../../payments/purchases.ts';
import { SIGNATURE_HEADER } from '../../payments/signature.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';
import { parseBody } from '../validate.ts';

/** A webhook batch is small; FastSpring's largest orders are far below this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const WEBHOOK_PATH = '/v1/payments/webhook';

/**
 * Checkout's server side: the provider's webhook (signature over the raw body, then each completed order's grants,
 * once per event), and, with the local test provider only, the test checkout's pay call, which sends that provider's
 * signed webhook to this very route.
 */
export const paymentRoutes = routePlugin(
  'payment',
  async (app: FastifyInstance, deps: AppDeps & { payments: PaymentProvider }) => {
    const { database, config, payments } = deps;
    const { db } = database;

    // The signature is over the bytes as sent: this scope keeps the JSON body raw and parses it after the check.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      scope.post(
        WEBHOOK_PATH,
        documented({
          summary: "The payment provider's webhook: completed orders add their plan's grant, once per event",
          description:
            'FastSpring (or the local test provider) posts its events here; the X-FS-Signature header must be the ' +
            'base64 HMAC-SHA256 of the raw body with the configured secret. A replayed event changes nothing.',
          tag: 'plans',
          auth: 'public',
          body: WebhookPayload,
          input: 'raw',
          data: z.object({ orders: z.array(OrderOutcome) }),
          errors: [ErrorCode.WEBHOOK_SIGNATURE_INVALID, ErrorCode.WEBHOOK_INVALID],
        }),
        async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          if (!payments.webhookSignatureMatches(raw, request.headers[SIGNATURE_HEADER])) {
            request.log.warn({ provider: payments.name }, 'payment webhook with a wrong signature refused');
            throw new AppError(ErrorCode.WEBHOOK_SIGNATURE_INVALID);
          }
          const outcomes: OrderOutcome[] = [];
          for (const order of parseOrders(raw)) {
            const outcome = await recordOrder(db, config.catalogue, payments.name, order);
            outcomes.push(outcome);
            for (const item of outcome.items) {
              const entry = { provider: payments.name, event: outcome.eventId, order: outcome.orderReference, ...item };
              if (item.outcome === 'granted' || item.outcome === 'already processed')
                request.log.info(entry, 'purchase');
              else request.log.warn(entry, 'purchase not credited');
            }
          }
          return ok({ orders: outcomes });
        },
      );
    });

    if (payments instanceof LocalTestProvider) {
      app.post<{ Body: LocalPayBody }>(
        '/v1/payments/local/pay',
        documented({
          summary: 'Pay on the local test checkout (the default provider only; test cards, no money)',
          tag: 'plans',
          auth: 'user',
          body: LocalPayBody,
          data: LocalPaid,
          errors: [
            ErrorCode.PRODUCT_NOT_PURCHASABLE,
            ErrorCode.CARD_DECLINED,
            ErrorCode.CARD_INVALID,
            ErrorCode.PAYMENT_FAILED,
          ],
        }),
        async (request) => {
          const user = request.user;
          const body = request.body;
          const product = config.catalogue.byProductId(body.productId);
          if (!product?.purchasable) throw new AppError(ErrorCode.PRODUCT_NOT_PURCHASABLE, { field: 'productId' });
          payments.checkCard(body);
          const { rawBody, signature, orderReference } = payments.orderCompleted(user.email, product.productId);
          await deliverToOwnWebhook(request, rawBody, signature);
          const [grant] = await grantsOfOrder(db, payments.name, orderReference, user.id);
          if (!grant) throw new AppError(ErrorCode.PAYMENT_FAILED);
          const paid: LocalPaid = { orderReference, grant };
          return ok(paid);
        },
      );
    }
  },
);

function parseOrders(raw: Buffer) {
  try {
    return completedOrders(WebhookPayload.parse(JSON.parse(raw.toString('utf8'))));
  } catch {
    throw new AppError(ErrorCode.WEBHOOK_INVALID);
  }
}

/**
 * Posts the local provider's webhook over HTTP to the address the paying request came in on: this process, through
 * the same route and check a FastSpring webhook takes (only this process knows the local secret).
 */
async function deliverToOwnWebhook(request: FastifyRequest, rawBody: string, signature: string): Promise<void> {
  const { localAddress, localPort } = request.socket;
  const host = localAddress?.includes(':') ? `[${localAddress}]` : localAddress;
  let answer: { code?: number } | undefined;
  try {
    const response = await fetch(`http://${host}:${localPort}/api${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      body: rawBody,
      signal: AbortSignal.timeout(30_000),
    });
    answer = (await response.json()) as { code?: number };
  } catch (error) {
    request.log.error({ err: error }, 'the local checkout could not deliver its webhook');
  }
  if (answer?.code !== 0) throw new AppError(ErrorCode.PAYMENT_FAILED);
}
