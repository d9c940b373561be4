import { readFileSync } from 'node:fs';
import { BillingPeriod, Credentials, isStrongPassword, PlanId } from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import type { Catalogue } from './accounts/catalogue.ts';
import { sendProductUpdate } from './accounts/newsletter.ts';
import { hashPassword } from './accounts/passwords.ts';
import { ensureFreeGrant, grantPlan } from './accounts/quota.ts';
import { listCodes, mintCodes } from './accounts/redeem.ts';
import type { Database } from './db/client.ts';
import { users } from './db/schema.ts';
import { listFeedback } from './feedback/service.ts';
import type { Mailer } from './mail/mailer.ts';

export const ADMIN_USAGE = `usage: npm run admin -- <verb>
  user add EMAIL PASSWORD             an activated account (for operators and scripts)
  user grant EMAIL PLAN month|year    add a plan (starter or plus) for a month or a year from now
  codes mint PLAN month|year [COUNT]  single-use redeem codes (default 1), printed one per line
  codes list                          every code: plan, period, created, redeemed by and when
  newsletter send FILE.md             mail a product update (Markdown, first "# " line the subject) to every subscriber
  feedback list [COUNT]               the latest feedback on results (default 50), newest first, one per line`;

/** A mistake in the command line: the usage is printed and the exit code is 64. */
export class UsageError extends Error {}

const periodOf: Record<string, BillingPeriod> = { month: 'monthly', year: 'yearly' };

function parsePlan(value: string | undefined): Exclude<PlanId, 'free'> {
  const plan = PlanId.safeParse(value);
  if (!plan.success || plan.data === 'free')
    throw new UsageError(`PLAN must be starter or plus, not ${value ?? '(none)'}`);
  return plan.data;
}

function parsePeriod(value: string | undefined): BillingPeriod {
  const period = value ? periodOf[value] : undefined;
  if (!period) throw new UsageError(`the period must be month or year, not ${value ?? '(none)'}`);
  return BillingPeriod.parse(period);
}

/** Runs one admin verb against the app database; what it prints goes to `print`. */
export interface AdminContext {
  db: Database;
  catalogue: Catalogue;
  mailer: Mailer;
  publicUrl: string;
}

export async function runAdmin(
  args: string[],
  { db, catalogue, mailer, publicUrl }: AdminContext,
  print: (line: string) => void,
): Promise<void> {
  const [noun, verb, ...rest] = args;
  const command = `${noun ?? ''} ${verb ?? ''}`;
  if (command === 'user add') {
    const parsed = Credentials.safeParse({ email: rest[0], password: rest[1] });
    if (!parsed.success) throw new UsageError('user add needs an email address and a password');
    if (!isStrongPassword(parsed.data.password)) {
      throw new UsageError(
        'the password needs at least 8 characters with digits, special characters, upper and lower case',
      );
    }
    const [user] = await db
      .insert(users)
      .values({
        email: parsed.data.email,
        passwordHash: await hashPassword(parsed.data.password),
        activatedAt: new Date(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new UsageError(`${parsed.data.email} is already registered`);
    await ensureFreeGrant(db, catalogue, user.id);
    print(`added ${user.email} (activated, free plan)`);
    return;
  }
  if (command === 'user grant') {
    const email = rest[0]?.trim().toLowerCase();
    const plan = parsePlan(rest[1]);
    const period = parsePeriod(rest[2]);
    const [user] = email ? await db.select().from(users).where(eq(users.email, email)).limit(1) : [];
    if (!user) throw new UsageError(`no account ${rest[0] ?? '(none)'}`);
    const until = await grantPlan(db, catalogue, user.id, plan, period, 'admin');
    print(`granted ${plan} ${period} to ${user.email}, valid until ${until.toISOString()}`);
    return;
  }
  if (command === 'codes mint') {
    const plan = parsePlan(rest[0]);
    const period = parsePeriod(rest[1]);
    const count = rest[2] === undefined ? 1 : Number(rest[2]);
    if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new UsageError('COUNT must be 1 to 10000');
    for (const code of await mintCodes(db, catalogue, plan, period, count)) print(code);
    return;
  }
  if (command === 'codes list') {
    for (const code of await listCodes(db)) {
      const redeemed = code.redeemed
        ? `redeemed ${code.redeemedAt} by ${code.redeemedBy ?? '(deleted account)'}`
        : 'unused';
      print(`${code.code}\t${code.plan}\t${code.period}\tcreated ${code.createdAt}\t${redeemed}`);
    }
    return;
  }
  if (command === 'newsletter send') {
    if (!rest[0]) throw new UsageError('newsletter send needs a Markdown file');
    const sent = await sendProductUpdate(db, mailer, publicUrl, readFileSync(rest[0], 'utf8'));
    print(`sent to ${sent} subscriber${sent === 1 ? '' : 's'}`);
    return;
  }
  if (command === 'feedback list') {
    const count = rest[0] === undefined ? 50 : Number(rest[0]);
    if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new UsageError('COUNT must be 1 to 10000');
    const rows = await listFeedback(db, count);
    if (rows.length === 0) print('no feedback yet');
    for (const row of rows) {
      // One line each: the detail's line breaks and tabs are shown escaped.
      const detail = JSON.stringify(row.detail);
      print(
        `${row.updatedAt}\t${row.email}\t${row.taskType} ${row.taskId}\t${row.rating}\t${row.issueType}\t${detail}`,
      );
    }
    return;
  }
  throw new UsageError(`unknown command: ${args.join(' ') || '(none)'}`);
}
