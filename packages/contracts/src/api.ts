import { z } from 'zod';
import { Language } from './localized.ts';
import { Dialect, Report } from './report.ts';

export const Health = z.object({
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({ kind: z.enum(['pglite', 'postgresql']), version: z.string() }),
  queue: z.object({ name: z.string(), version: z.string() }),
});
export type Health = z.infer<typeof Health>;

export const Credentials = z.object({
  email: z.string().trim().toLowerCase().email(),
  password: z.string().min(1),
});
export type Credentials = z.infer<typeof Credentials>;

/** A verification code is sent by mail for one purpose: signing up or resetting a password. */
export const CodePurpose = z.enum(['register', 'reset']);
export type CodePurpose = z.infer<typeof CodePurpose>;

export const SendCodeBody = z.object({ email: Credentials.shape.email, purpose: CodePurpose });
export type SendCodeBody = z.infer<typeof SendCodeBody>;

/** What sending a code answers: when another may be asked for, and how long this one lasts. */
export const CodeSent = z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() });
export type CodeSent = z.infer<typeof CodeSent>;

/** `code` may be empty: the server answers "verification code not sent" (4107) when none was sent to the address. */
export const SignUpBody = Credentials.extend({ acceptTerms: z.boolean(), code: z.string().trim().max(32) });
export type SignUpBody = z.infer<typeof SignUpBody>;

/** Sign-up answers without a session: the account is activated by the link mailed to it. */
export const SignedUp = z.object({ email: z.string(), activated: z.boolean() });
export type SignedUp = z.infer<typeof SignedUp>;

export const ActivationBody = z.object({ token: z.string().min(1).max(200) });
export type ActivationBody = z.infer<typeof ActivationBody>;
export const ActivationMailBody = z.object({ email: Credentials.shape.email });
export type ActivationMailBody = z.infer<typeof ActivationMailBody>;

export const ResetPasswordBody = Credentials.extend({ code: z.string().trim().max(32) });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ChangePasswordBody = z.object({ oldPassword: z.string().min(1), password: z.string().min(1) });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const SessionData = z.object({ token: z.string(), email: z.string() });
export type SessionData = z.infer<typeof SessionData>;

export const PlanId = z.enum(['free', 'starter', 'plus']);
export type PlanId = z.infer<typeof PlanId>;
export const BillingPeriod = z.enum(['monthly', 'yearly']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

export const VipValidity = z.object({
  plan: PlanId,
  period: BillingPeriod,
  sqlCnt: z.number().int().optional(),
  xmlCnt: z.number().int().optional(),
  validUntil: z.string(),
});
export type VipValidity = z.infer<typeof VipValidity>;

export const UserInfo = z.object({
  email: z.string(),
  language: Language,
  is_newsletter_subscribed: z.boolean(),
  sqlUsed: z.number().int(),
  xmlUsed: z.number().int(),
  vipValidity: z.array(VipValidity),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** One offer of the catalogue (GET /v1/product_info): a plan for a period, its quota and its product identifier. */
export const Product = z.object({
  plan: PlanId,
  period: BillingPeriod,
  productId: z.string(),
  sqlCnt: z.number().int(),
  xmlCnt: z.number().int(),
  /** Whether it can be bought (the free plan is granted, not sold). */
  purchasable: z.boolean(),
});
export type Product = z.infer<typeof Product>;

export const ProductInfo = z.object({ products: z.array(Product) });
export type ProductInfo = z.infer<typeof ProductInfo>;

/** GET /v1/user_product_info: the user's grants and usage in the current periods, and when the free quota renews. */
export const UserProductInfo = z.object({
  email: z.string(),
  sqlUsed: z.number().int(),
  xmlUsed: z.number().int(),
  sqlLimit: z.number().int(),
  xmlLimit: z.number().int(),
  vipValidity: z.array(VipValidity),
  freeRenewsAt: z.string(),
});
export type UserProductInfo = z.infer<typeof UserProductInfo>;

/** A redeem code: single use, for a plan and a period of one month or one year. */
export const RedeemCodeInfo = z.object({
  code: z.string(),
  plan: PlanId,
  period: BillingPeriod,
  redeemed: z.boolean(),
});
export type RedeemCodeInfo = z.infer<typeof RedeemCodeInfo>;

/** `email`, when given, must name the signed-in account ("user does not exist" otherwise). */
export const RedeemBody = z.object({
  code: z.string().trim().max(64),
  email: z.string().trim().toLowerCase().optional(),
});
export type RedeemBody = z.infer<typeof RedeemBody>;

/**
 * What the web app needs to know of the server's configuration (GET /v1/site_config, public): where Help, Contact
 * Support and the banner's blog post lead, and how checkout runs. With FastSpring the browser loads the Store Builder
 * script from `scriptUrl` for `storefront`; with the local test provider it opens the app's own checkout page.
 */
export const SiteConfig = z.object({
  links: z.object({ help: z.string(), support: z.string(), blog: z.string() }),
  /** The spec's refresh flag: a language change reloads the page (SQLTUNE_LANGUAGE_REFRESH). */
  languageRefresh: z.boolean(),
  payments: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('local') }),
    z.object({ provider: z.literal('fastspring'), storefront: z.string(), scriptUrl: z.string() }),
  ]),
});
export type SiteConfig = z.infer<typeof SiteConfig>;
export type PaymentProviderName = SiteConfig['payments']['provider'];

/** The local test checkout's card form (POST /v1/payments/local/pay); only test cards are accepted. */
export const LocalPayBody = z.object({
  productId: z.string().min(1).max(200),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  name: z.string().trim().max(200),
});
export type LocalPayBody = z.infer<typeof LocalPayBody>;

/** A purchase paid through the local test checkout: its order reference and the grant its webhook added. */
export const LocalPaid = z.object({ orderReference: z.string(), grant: VipValidity });
export type LocalPaid = z.infer<typeof LocalPaid>;

export const UnsubscribeBody = z.object({ id: z.string().min(1).max(300) });
export type UnsubscribeBody = z.infer<typeof UnsubscribeBody>;

export const TaskType = z.enum(['sql', 'mybatis']);
export type TaskType = z.infer<typeof TaskType>;

/** Task states as the spec names them. */
export const TaskState = z.enum(['In Progress', 'Failed', 'Completed']);
export type TaskState = z.infer<typeof TaskState>;

export const TaskSummary = z.object({
  id: z.string(),
  type: TaskType,
  dialect: Dialect,
  object: z.string(),
  state: TaskState,
  totalRules: z.number().int(),
  performanceGain: z.number().nullable(),
  totalIndexes: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  etaMinutes: z.number().nullable(),
});
export type TaskSummary = z.infer<typeof TaskSummary>;

export const TaskPage = z.object({
  items: z.array(TaskSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TaskPage = z.infer<typeof TaskPage>;

export const TaskListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TaskListQuery = z.infer<typeof TaskListQuery>;

export const TaskDetail = TaskSummary.extend({
  report: Report.nullable(),
  error: z.object({ code: z.number(), message: z.object({ zh: z.string(), en: z.string() }) }).nullable(),
  input: z.object({
    sql: z.string(),
    schema: z.string().nullable(),
    stats: z.string().nullable(),
    plan: z.string().nullable(),
    /** Pasted statement statistics; absent in tasks made before the workload input existed. */
    workload: z.string().nullable().optional(),
  }),
});
export type TaskDetail = z.infer<typeof TaskDetail>;

export const CreatedTask = z.object({ id: z.string(), state: TaskState });
export type CreatedTask = z.infer<typeof CreatedTask>;

/** A read-only link to a task's result: read at /v1/share/optimizes/{type}/{shareId} without sign-in. */
export const CreatedShare = z.object({ shareId: z.string(), type: TaskType });
export type CreatedShare = z.infer<typeof CreatedShare>;

/**
 * One message of the chat about a result: a question (`role` user) or an answer (`role` assistant) whose `source`
 * says who wrote it: the configured language model (`llm`) or the built-in assistant (`assistant`).
 */
export const ChatMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  source: z.enum(['llm', 'assistant']).nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatHistory = z.object({ messages: z.array(ChatMessage) });
export type ChatHistory = z.infer<typeof ChatHistory>;

export const ChatQuestion = z.object({ question: z.string() });
export type ChatQuestion = z.infer<typeof ChatQuestion>;

/** The answer to one question: both messages as stored. */
export const ChatExchange = z.object({ question: ChatMessage, answer: ChatMessage });
export type ChatExchange = z.infer<typeof ChatExchange>;
