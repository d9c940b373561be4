import { z } from 'zod';
import { Localized } from './localized.ts';
import { Message } from './message.ts';

/**
 * The optimization report: the one contract shared by the worker, the API, the web app and the CLI.
 * JSON names here are stable; add fields, never rename them.
 */

export const Dialect = z.enum(['mysql', 'postgresql']);
export type Dialect = z.infer<typeof Dialect>;

export const Severity = z.enum(['info', 'warning', 'critical']);
export type Severity = z.infer<typeof Severity>;

/**
 * Where a finding points; 1-based. In the submitted SQL text, or, for a mapper, in the XML file named by `file`
 * (line and column of that file).
 */
export const Span = z.object({
  line: z.number().int(),
  column: z.number().int(),
  length: z.number().int(),
  file: z.string().optional(),
});
export type Span = z.infer<typeof Span>;

/** One rule that matched the statement. `rewrite` says whether the optimized text applies it. */
export const Finding = z.object({
  id: z.string(),
  severity: Severity,
  title: Localized,
  message: Localized,
  span: Span.optional(),
  rewrite: z.boolean(),
});
export type Finding = z.infer<typeof Finding>;

/** One rewrite applied, in order: the statement before and after it. */
export const Step = z.object({
  ruleId: z.string(),
  title: Localized,
  rationale: Localized,
  before: z.string(),
  after: z.string(),
  costBefore: z.number().optional(),
  costAfter: z.number().optional(),
});
export type Step = z.infer<typeof Step>;

/**
 * What a column does in an advised index: compared by equality to a value, joined to another table's column,
 * compared by a range, read in ORDER BY or GROUP BY order, or only stored so the index covers the query.
 */
/**
 * `containment`: a jsonb, array or tsvector column searched with `@>`, `?`, `&&`, `@@`... (a GIN key); `fulltext`: a
 * column of a MySQL `MATCH (...) AGAINST (...)` (a FULLTEXT key); `pattern`: a PostgreSQL text column matched with a
 * LIKE or ILIKE pattern that starts with a wildcard (a pg_trgm GIN key).
 */
export const IndexColumnRole = z.enum([
  'equality',
  'join',
  'range',
  'order',
  'group',
  'cover',
  'containment',
  'fulltext',
  'pattern',
]);
export type IndexColumnRole = z.infer<typeof IndexColumnRole>;

/**
 * What an index's estimated benefit rests on:
 * - column-statistics: the optimizer's cost with the user's statistics for every key column;
 * - default-selectivity: the optimizer's cost, but some key columns had no column statistics, so it estimated
 *   their selectivity with its defaults (`missingStatistics` names them);
 * - uncosted: the optimizer read the index, but could not ground a cost (the plan's caveat says why);
 * - histogram-estimate (MariaDB): the optimizer read the index for a range it counted in the empty what-if index,
 *   so the rows are the optimizer's own estimate from the injected histograms and the cost its per-row cost of a
 *   secondary-index range, compared with its cost of the scan;
 * - limit-estimate (MariaDB): the optimizer read the index in ORDER BY order to stop at the LIMIT, a saving its
 *   plan cost leaves out; the cost is its per-row cost for the rows it expects to read.
 * - required (MySQL FULLTEXT): the statement fails without the index (MATCH ... AGAINST, error 1191), so there is no
 *   plan without it to compare: `costAfter` is the optimizer's cost with it, and no `costBefore` or `benefit`.
 */
export const IndexEstimateBasis = z.enum([
  'column-statistics',
  'default-selectivity',
  'uncosted',
  'histogram-estimate',
  'limit-estimate',
  'required',
]);
export type IndexEstimateBasis = z.infer<typeof IndexEstimateBasis>;

/**
 * One recommended index. With several, they are one set: `costBefore` is the plan without any of them, `costAfter`
 * with all of them, and `benefit` what this one saves given the others (all in the optimizer's cost units).
 */
export const IndexAdvice = z.object({
  ddl: z.string(),
  table: z.string(),
  /**
   * Key columns, in order. A PostgreSQL key on an expression (`lower(email)`, `to_tsvector('english', body)`) is the
   * expression's text: the index serves only conditions that write that same expression.
   */
  columns: z.array(z.string()),
  /** Columns stored for covering (PostgreSQL INCLUDE; in MySQL they end the key). */
  include: z.array(z.string()).optional(),
  /** Key columns stored in descending order (an ORDER BY that mixes directions); absent when none. */
  descending: z.array(z.string()).optional(),
  /** PostgreSQL partial index: the predicate of the rows it holds (`locked_at IS NULL`); absent for a whole table. */
  where: z.string().optional(),
  /**
   * `gin`: PostgreSQL's inverted index, for the containment and key operators of jsonb, arrays and tsvector;
   * `fulltext`: MySQL's FULLTEXT index, which MATCH ... AGAINST needs on exactly its columns.
   */
  kind: z.enum(['btree', 'covering', 'gin', 'fulltext']),
  reason: Localized,
  costBefore: z.number().optional(),
  costAfter: z.number().optional(),
  benefit: z.number().optional(),
  /** Estimated from the statistics' row count and column widths; absent without a row count. */
  estimatedBytes: z.number().optional(),
  /** The role of each column, key columns in order, then the stored ones; absent in reports made before it existed. */
  roles: z.array(z.object({ column: z.string(), role: IndexColumnRole })).optional(),
  /** What the estimate rests on; absent in reports made before it existed. */
  estimateBasis: IndexEstimateBasis.optional(),
  /** Key columns the user's statistics say nothing about (no distinct count): the optimizer used defaults. */
  missingStatistics: z.array(z.string()).optional(),
});
export type IndexAdvice = z.infer<typeof IndexAdvice>;

export interface PlanNode {
  node: string;
  relation?: string;
  index?: string;
  rows: number;
  cost: number;
  filter?: string;
  warnings: Localized[];
  children: PlanNode[];
  /** Measured rows per loop (EXPLAIN ANALYZE and the like), next to the estimate in `rows`. */
  actualRows?: number;
  /** Measured time of this node over all its loops, in milliseconds, children included. */
  actualTimeMs?: number;
  /** How many times the node ran (measured). */
  loops?: number;
  /** Other lines the database printed for this node ("Sort Method: ...", "Rows Removed by Filter: ..."). */
  details?: string[];
}
export const PlanNode: z.ZodType<PlanNode> = z.lazy(() =>
  z.object({
    node: z.string(),
    relation: z.string().optional(),
    index: z.string().optional(),
    rows: z.number(),
    cost: z.number(),
    filter: z.string().optional(),
    warnings: z.array(Localized),
    children: z.array(PlanNode),
    actualRows: z.number().optional(),
    actualTimeMs: z.number().optional(),
    loops: z.number().optional(),
    details: z.array(z.string()).optional(),
  }),
);

/**
 * One optimizer plan. `caveat` says why its estimates cannot be trusted (e.g. MariaDB counting range
 * rows in an empty sandbox index); a gain is never computed from such a plan.
 */
export const PlanTree = z.object({
  root: PlanNode,
  totalCost: z.number(),
  raw: z.string(),
  caveat: Localized.optional(),
  /** For a plan read from the user's text: which EXPLAIN output it was (see the engine's plan parsers). */
  format: z.string().optional(),
  /** Measured run time of the whole statement, when the plan says (EXPLAIN ANALYZE). */
  executionTimeMs: z.number().optional(),
});
export type PlanTree = z.infer<typeof PlanTree>;

/** Plans before and after; `source` names the optimizer that produced them ('none' without one, and `missing` says why). */
export const PlanComparison = z.object({
  before: PlanTree.nullable(),
  after: PlanTree.nullable(),
  source: z.string(),
  missing: Localized.optional(),
  userSupplied: z.string().optional(),
  /** The user's plan text read into a tree, with its hotspots marked in the nodes' warnings. */
  userPlan: PlanTree.optional(),
});
export type PlanComparison = z.infer<typeof PlanComparison>;

/** The six radar categories of the result page. */
export const ScoreCategory = z.enum([
  'Execution Plan',
  'Scan Estimation',
  'Index Usage',
  'SQL Complexity',
  'Network Transport',
  'Other',
]);
export type ScoreCategory = z.infer<typeof ScoreCategory>;

export const Score = z.object({
  category: ScoreCategory,
  original_score: z.number(),
  optimized_score: z.number(),
  why: Localized,
});
export type Score = z.infer<typeof Score>;

/**
 * Estimated gain: (costBefore - costAfter) / costBefore from the optimizer named in `source`.
 * It is an estimate, never a measured run time.
 */
export const Gain = z.object({
  ratio: z.number(),
  costBefore: z.number(),
  costAfter: z.number(),
  source: z.string(),
});
export type Gain = z.infer<typeof Gain>;

export const Verification = z.object({
  method: z.enum(['none', 'differential']),
  databases: z.number().int(),
  verdict: z.enum(['not-needed', 'not-refuted', 'refuted', 'not-run']),
  detail: Localized.optional(),
});
export type Verification = z.infer<typeof Verification>;

/**
 * A rule rewrite that passed verification but was not applied because the optimizer's estimates do not show it
 * faster: a higher cost after it (a rewrite stays only when the cost does not get worse, unless the rule's benefit
 * lies outside the cost model), or on MariaDB a new join order it prefers by less than 2x over the original order
 * (see the optimize pipeline). `reason` says which. Later steps of the chain were built on it, so they are not
 * applied either.
 */
export const DroppedStep = z.object({
  ruleId: z.string(),
  title: Localized,
  costBefore: z.number(),
  costAfter: z.number(),
  reason: Localized,
});
export type DroppedStep = z.infer<typeof DroppedStep>;

/**
 * One statement proposed by the language model and what became of it: `invalid` (does not parse, is not a single
 * SELECT, or the optimizer cannot plan it), or the differential verdict against the original. `costAfter` is the
 * optimizer's cost with the indexes chosen before the AI step; `kept` says whether it became the optimized statement.
 */
export const AiCandidate = z.object({
  sql: z.string(),
  explanation: z.string(),
  verdict: z.enum(['invalid', 'refuted', 'not-run', 'not-refuted']),
  costAfter: z.number().optional(),
  kept: z.boolean(),
  note: Localized,
});
export type AiCandidate = z.infer<typeof AiCandidate>;

/**
 * The AI rewrite step (an OpenAI-compatible endpoint, when configured):
 * - skipped: no endpoint configured, no optimizer to verify and cost candidates, or not a SELECT;
 * - not-needed: the plan after rules and indexes is not costly enough to ask (the criterion is in `detail`);
 * - failed: the endpoint could not be reached or answered with something unusable (the report is otherwise intact);
 * - no-improvement: no candidate was both not refuted and cheaper by the required margin;
 * - applied: a candidate became the optimized statement (a step with rule id `ai-rewrite`).
 * `costToBeat` is the cost of the statement after rules and indexes that a candidate had to improve on.
 */
export const AiRewrite = z.object({
  status: z.enum(['skipped', 'not-needed', 'failed', 'no-improvement', 'applied']),
  model: z.string().optional(),
  detail: Localized,
  costToBeat: z.number().optional(),
  candidates: z.array(AiCandidate),
});
export type AiRewrite = z.infer<typeof AiRewrite>;

/**
 * Why a table a plan hotspot says an index may help (a large table scanned to filter it, or rescanned for a join)
 * gets no advised index:
 * - tiny-table: the statistics give it too few rows for an index to pay;
 * - no-statistics: the table has no statistics, so it was planned with default sizes where no index paid;
 * - already-covered: an existing index already leads with the columns (or a unique key pins the row);
 * - not-indexable: the condition compares no plain column with a value (a function or expression wraps the
 *   column, a leading wildcard, an OR across columns...), so no B-tree index can serve it;
 * - needs-prefix: the column is a MySQL TEXT/BLOB and needs a prefix length the statistics cannot choose;
 * - foreign-table: a PostgreSQL foreign table, which takes no index (its indexes are the remote server's);
 * - write-cost: the best index saved less than the share that pays for its writes and size;
 * - optimizer-declined: the optimizer read no candidate index in a cheaper plan (the scan is cheaper);
 * - uncostable: the optimizer could not ground the cost of the only candidates (e.g. MariaDB ranges read from the
 *   empty sandbox index);
 * - no-schema: the table structure was not given (or no optimizer ran), so no index could be proposed or costed.
 */
export const IndexGapReason = z.enum([
  'tiny-table',
  'no-statistics',
  'already-covered',
  'not-indexable',
  'needs-prefix',
  'foreign-table',
  'write-cost',
  'optimizer-declined',
  'uncostable',
  'no-schema',
]);
export type IndexGapReason = z.infer<typeof IndexGapReason>;

export const IndexGap = z.object({
  table: z.string(),
  reason: IndexGapReason,
  message: Localized,
});
export type IndexGap = z.infer<typeof IndexGap>;

export const StatementReport = z.object({
  index: z.number().int(),
  original: z.string(),
  optimized: z.string(),
  location: z.object({ file: z.string().optional(), line: z.number().int() }).optional(),
  /**
   * The comment lines written right before the statement in the input, up to its first line (which `location.line`
   * names): shown above `original` so the statement reads as submitted and line numbers agree with the findings.
   */
  leadingComments: z.string().optional(),
  /**
   * Set on a statement read from a stored routine's body (the routine itself is never planned): the routine's name
   * and kind, the statement's number in it, and the label shown for it ("get_orders, statement 2").
   */
  routine: z.object({ name: z.string(), kind: z.string(), statement: z.number().int(), label: Localized }).optional(),
  steps: z.array(Step),
  rules: z.array(Finding),
  indexes: z.array(IndexAdvice),
  /** Tables a plan hotspot says an index may help that get no advised index, and why; absent when there are none. */
  indexGaps: z.array(IndexGap).optional(),
  plan: PlanComparison,
  gain: Gain.nullable(),
  /** Why `gain` is null: no optimizer, or estimates it could not ground. */
  gainMissing: Localized.optional(),
  scores: z.array(Score).max(6),
  schemaFindings: z.array(Finding),
  verification: Verification,
  diff: z.string(),
  errors: z.array(Message),
  /** Verified rule rewrites left out because the optimizer's estimates do not show them faster (see DroppedStep). */
  droppedSteps: z.array(DroppedStep).optional(),
  /** What the AI rewrite step did; absent in reports made before it existed. */
  ai: AiRewrite.optional(),
});
export type StatementReport = z.infer<typeof StatementReport>;

/** Where pasted statement statistics come from (the workload input). */
export const WorkloadFormat = z.enum(['pg_stat_statements', 'statements_by_digest', 'mysqldumpslow', 'slow_log']);
export type WorkloadFormat = z.infer<typeof WorkloadFormat>;

/** One statement of pasted statement statistics, with what it weighs and whether it was planned. */
export const WorkloadStatement = z.object({
  /** 1-based, in input order; `WorkloadIndexUse.serves` and `slows` name statements by it. */
  number: z.number().int(),
  /** As the input gives it (normalized: `$1`, `?`). */
  text: z.string(),
  /** What the optimizer planned: the placeholders replaced by representative values. */
  planned: z.string().optional(),
  kind: z.enum(['select', 'insert', 'update', 'delete', 'replace', 'merge', 'other']),
  calls: z.number(),
  totalMs: z.number(),
  /** Its share of the workload's measured time (0..1). */
  share: z.number(),
  /** The factor its estimated cost is multiplied by in the summed workload cost (see `WorkloadSource.weighting`). */
  weight: z.number().optional(),
  /** Where its text is in the pasted input. */
  line: z.number().int(),
  /** Why it was not planned. */
  skipped: Localized.optional(),
});
export type WorkloadStatement = z.infer<typeof WorkloadStatement>;

/**
 * The statistics the workload advice is weighed by. weighting 'time': each planned statement weighs its measured
 * total time per unit of its estimated cost, so the summed cost is in milliseconds and a saving is the share of each
 * statement's time its cost loses; 'calls' (some statement has no measured time): each weighs its calls.
 */
export const WorkloadSource = z.object({
  format: WorkloadFormat,
  weighting: z.enum(['time', 'calls']),
  statements: z.array(WorkloadStatement),
  /** How normalized statements were made plannable. */
  note: Localized,
});
export type WorkloadSource = z.infer<typeof WorkloadSource>;

/**
 * What one advised index of the workload set does: statements it speeds up (cost at least 1% lower with it than
 * without it, the rest of the set in place), writes it slows, by statement number: `WorkloadStatement.number` when
 * pasted statement statistics weigh the set (`source`), else the 1-based position in Report.statements.
 */
export const WorkloadIndexUse = z.object({
  ddl: z.string(),
  serves: z.array(z.number().int()),
  slows: z.array(z.number().int()),
  /** A mapper's statements (`MapperStatementReport.key`) with a variant among `serves` and `slows`. */
  mapper: z.object({ serves: z.array(z.string()), slows: z.array(z.string()) }).optional(),
  /** Its share of the weighted saving, and the upkeep it adds to the writes (in the weighting's unit). */
  saving: z.number().optional(),
  writeCost: z.number().optional(),
});
export type WorkloadIndexUse = z.infer<typeof WorkloadIndexUse>;

/** An index of the structure the workload does not need: never read by its plans, or made redundant by another. */
export const ExistingIndexNote = z.object({
  table: z.string(),
  name: z.string(),
  columns: z.array(z.string()),
  reason: z.enum(['unused', 'redundant']),
  /** The index that makes it redundant (an existing index's name or an advised index's DDL). */
  coveredBy: z.string().optional(),
  message: Localized,
});
export type ExistingIndexNote = z.infer<typeof ExistingIndexNote>;

/**
 * A statement left out of the workload's summed cost (without pasted statistics; with them, `WorkloadStatement.skipped`
 * says it): the optimizer gave it no plan, or a plan whose cost cannot be grounded (its caveat), so it is neither
 * counted as costing nothing nor allowed to make the sum undefined.
 */
export const WorkloadExclusion = z.object({
  /** 1-based position in Report.statements. */
  statement: z.number().int(),
  /** For a mapper: the statement the variant belongs to (`MapperStatementReport.key`). */
  key: z.string().optional(),
  reason: Localized,
});
export type WorkloadExclusion = z.infer<typeof WorkloadExclusion>;

/**
 * For several statements: one index set chosen for all of them under a size budget. Costs are the statements'
 * estimated costs summed, without and with the set (weighted, and with the writes' index upkeep, when the
 * statements came from pasted statement statistics: `source`).
 */
export const WorkloadIndexes = z.object({
  source: WorkloadSource.optional(),
  usage: z.array(WorkloadIndexUse).optional(),
  excluded: z.array(WorkloadExclusion).optional(),
  existing: z.array(ExistingIndexNote).optional(),
  indexes: z.array(IndexAdvice),
  budgetBytes: z.number(),
  costBefore: z.number(),
  costAfter: z.number(),
  statements: z.number().int(),
  /** Distinct texts among them, each costed once for all its copies (absent in reports made before). */
  distinct: z.number().int().optional(),
  /** What-if plans the search asked for. */
  evaluations: z.number().int(),
  note: Localized.optional(),
});
export type WorkloadIndexes = z.infer<typeof WorkloadIndexes>;

/**
 * Mappers (MyBatis 3 `<mapper>`, iBatis 2 `<sqlMap>`): each statement is expanded into representative SQL texts, its
 * variants; each variant that parses is optimized like a submitted statement and has its entry in Report.statements
 * (spans there point into the XML: `span.file`). The mapper part of the report ties them back to the XML.
 */
export const MapperFramework = z.enum(['mybatis', 'ibatis']);
export type MapperFramework = z.infer<typeof MapperFramework>;

/** A place in a mapper file: 1-based line and column (UTF-16 units, as editors count). */
export const XmlLocation = z.object({ file: z.string(), line: z.number().int(), column: z.number().int() });
export type XmlLocation = z.infer<typeof XmlLocation>;

export const MapperVariant = z.object({
  /** 1-based, in the order variants are expanded (every parameter set first). */
  number: z.number().int(),
  /** Which parameters it assumes ("every parameter null", "<choose> (line 12) takes <otherwise>"...). */
  label: Localized,
  /** The SQL MyBatis builds for it, parameters as written (`#{id}`). */
  sql: z.string(),
  /** The index in Report.statements of its statement report; absent when it does not parse (see the errors). */
  report: z.number().int().optional(),
  /** Whether an optimizer planned it; a text holding `${}` is only known at run time and is analyzed only. */
  planned: z.boolean(),
});
export type MapperVariant = z.infer<typeof MapperVariant>;

/** One text replacement in a mapper file; offsets are of the file with LF newlines. */
export const XmlEdit = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  before: z.string(),
  after: z.string(),
});
export type XmlEdit = z.infer<typeof XmlEdit>;

/**
 * A variant's optimized SQL carried back into the XML: `patched` when every change falls inside text written in the
 * statement itself (then `edits` are in the patched file), else `advice` with the reason (a change of what a tag
 * generates, of a parameter, of a `<sql>` fragment other statements include).
 */
export const MapperRewrite = z.object({
  variant: z.number().int(),
  ruleIds: z.array(z.string()),
  status: z.enum(['patched', 'advice']),
  sql: z.string(),
  edits: z.array(XmlEdit),
  advice: Localized.optional(),
});
export type MapperRewrite = z.infer<typeof MapperRewrite>;

export const MapperStatementReport = z.object({
  /** `namespace.id`, MyBatis' own statement id (the id alone without a namespace). */
  key: z.string(),
  namespace: z.string(),
  id: z.string(),
  kind: z.enum(['select', 'insert', 'update', 'delete']),
  framework: MapperFramework,
  location: XmlLocation,
  variants: z.array(MapperVariant),
  /** Variants not expanded because the bound (`Report.mapper.variantBound`) was reached. */
  leftOut: z.array(Localized),
  /** Every variant's findings once per place, and the mapper rules' findings, located in the XML. */
  findings: z.array(Finding),
  rewrites: z.array(MapperRewrite),
  /** Variants that do not parse, an include naming nothing...: located in the XML. */
  errors: z.array(Message),
});
export type MapperStatementReport = z.infer<typeof MapperStatementReport>;

export const MapperFileReport = z.object({
  name: z.string(),
  framework: MapperFramework,
  namespace: z.string(),
  /** The file with every patched rewrite applied (LF newlines); equal to the input when nothing was patched. */
  patched: z.string(),
  /** Unified diff of the file and `patched`; empty when nothing was patched. */
  diff: z.string(),
});
export type MapperFileReport = z.infer<typeof MapperFileReport>;

export const MapperReport = z.object({
  files: z.array(MapperFileReport),
  statements: z.array(MapperStatementReport),
  /** At most this many variants per statement. */
  variantBound: z.number().int(),
  /** Statements written for another database (`databaseId`), not analyzed. */
  otherDatabases: z.array(z.string()),
});
export type MapperReport = z.infer<typeof MapperReport>;

export const Report = z.object({
  kind: z.enum(['sql', 'mybatis']),
  dialect: Dialect,
  engine: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.string(),
  statements: z.array(StatementReport),
  warnings: z.array(Message),
  workload: WorkloadIndexes.optional(),
  /** Set when kind is 'mybatis'. */
  mapper: MapperReport.optional(),
});
export type Report = z.infer<typeof Report>;
