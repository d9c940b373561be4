import { readFileSync } from 'node:fs';
import { type BillingPeriod, type PlanId, Product } from '@sqltune/contracts';
import { z } from 'zod';

/**
 * The plans on offer: quota per period and the payment provider's product identifier. The spec gives no numbers;
 * these defaults are ours (docs/design.md, "Numbers we chose") and SQLTUNE_PLANS_FILE replaces them with a JSON
 * array of the same shape. The free plan is the one granted every month; the others are sold and redeemed.
 */
export const DEFAULT_CATALOGUE: Product[] = [
  { plan: 'free', period: 'monthly', productId: 'sqltune-free', sqlCnt: 20, xmlCnt: 5, purchasable: false },
  {
    plan: 'starter',
    period: 'monthly',
    productId: 'sqltune-starter-monthly',
    sqlCnt: 200,
    xmlCnt: 50,
    purchasable: true,
  },
  {
    plan: 'starter',
    period: 'yearly',
    productId: 'sqltune-starter-yearly',
    sqlCnt: 2400,
    xmlCnt: 600,
    purchasable: true,
  },
  { plan: 'plus', period: 'monthly', productId: 'sqltune-plus-monthly', sqlCnt: 1000, xmlCnt: 250, purchasable: true },
  { plan: 'plus', period: 'yearly', productId: 'sqltune-plus-yearly', sqlCnt: 12000, xmlCnt: 3000, purchasable: true },
];

export class Catalogue {
  constructor(readonly products: Product[]) {
    const free = products.filter((p) => p.plan === 'free');
    if (free.length !== 1 || free[0]!.period !== 'monthly') {
      throw new Error('the plan catalogue needs exactly one free plan, billed monthly');
    }
  }

  static fromFile(path: string | undefined): Catalogue {
    if (!path) return new Catalogue(DEFAULT_CATALOGUE);
    return new Catalogue(z.array(Product).parse(JSON.parse(readFileSync(path, 'utf8'))));
  }

  get free(): Product {
    return this.products.find((p) => p.plan === 'free')!;
  }

  find(plan: PlanId, period: BillingPeriod): Product | undefined {
    return this.products.find((p) => p.plan === plan && p.period === period);
  }

  byProductId(productId: string): Product | undefined {
    return this.products.find((p) => p.productId === productId);
  }
}
