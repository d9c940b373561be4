import { randomBytes, randomUUID } from 'node:crypto';
import { AppError, ErrorCode, type LocalPayBody, type SiteConfig } from '@sqltune/contracts';
import { ORDER_COMPLETED, type WebhookPayload } from './events.ts';
import { NO_EXTRA_SOURCES, type PaymentProvider } from './provider.ts';
import { signatureMatches, signPayload } from './signature.ts';

/** The card the local checkout accepts, and the one it declines (the numbers card networks publish for tests). */
export const TEST_CARD = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

/**
 * The embedded default: the app's own checkout page takes a test card, and the server then posts a FastSpring-shaped
 * `order.completed` webhook, signed like FastSpring's, to the app's own webhook route. The secret is made at start and
 * never leaves the process, which is also the one that receives the webhook (it is sent to the address the paying
 * request came in on). Nothing is charged: this provider is for trying the product on one machine.
 */
export class LocalTestProvider implements PaymentProvider {
  readonly name = 'local';
  readonly browserSettings: SiteConfig['payments'] = { provider: 'local' };
  readonly contentSecurity = NO_EXTRA_SOURCES;
  private readonly secret = randomBytes(32).toString('base64url');

  webhookSignatureMatches(rawBody: Buffer, signatureHeader: string | string[] | undefined): boolean {
    return signatureMatches(rawBody, this.secret, signatureHeader);
  }

  /** Refuses anything but the test card with a future expiry and a three-digit CVC; the decline card is declined. */
  checkCard(body: LocalPayBody, now = new Date()): void {
    const number = body.cardNumber.replace(/[\s-]/g, '');
    if (number === TEST_CARD_DECLINED) throw new AppError(ErrorCode.CARD_DECLINED, { field: 'cardNumber' });
    if (number !== TEST_CARD) throw new AppError(ErrorCode.CARD_INVALID, { field: 'cardNumber' });
    const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(body.expiry.trim());
    const month = Number(expiry?.[1]);
    const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
    // A card is valid through the last day of its expiry month.
    if (!expiry || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now) {
      throw new AppError(ErrorCode.CARD_INVALID, { field: 'expiry' });
    }
    if (!/^\d{3}$/.test(body.cvc.trim())) throw new AppError(ErrorCode.CARD_INVALID, { field: 'cvc' });
  }

  /** The signed webhook of a paid order: the body as sent, its X-FS-Signature, and the order's reference. */
  orderCompleted(email: string, productId: string): { rawBody: string; signature: string; orderReference: string } {
    const orderReference = `LOCAL-${randomUUID().slice(0, 8).toUpperCase()}`;
    const payload: WebhookPayload = {
      events: [
        {
          id: randomUUID(),
          type: ORDER_COMPLETED,
          live: false,
          data: {
            id: randomUUID(),
            reference: orderReference,
            tags: { email, product: productId },
            customer: { email },
            items: [{ product: productId, quantity: 1 }],
          },
        },
      ],
    };
    const rawBody = JSON.stringify(payload);
    return { rawBody, signature: signPayload(rawBody, this.secret), orderReference };
  }
}
