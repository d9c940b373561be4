import type {
  Finding,
  Localized,
  MapperFileReport,
  MapperRewrite,
  MapperStatementReport,
  MapperVariant,
  Message,
  Report,
  Span,
  StatementReport,
  WorkloadIndexes,
  XmlEdit,
} from '@sqltune/contracts';
import { statementRules } from '../rules/registry.ts';
import {
  type MapperAnalysis,
  type MapperStatementAnalysis,
  onePerPlace,
  placeOf,
  RULES_ON_WHAT_IS_NOT_WRITTEN,
  siteSpan,
  xmlSpan,
} from './analyze-mapper.ts';
import type { BoundText } from './binding.ts';
import { applyXmlEdits, carryRewrite, type XmlEdit as FileEdit, mapperDiff } from './patch.ts';
import { type SourceFile, sourcePosition } from './source.ts';
import type { Traced } from './traced.ts';
import { MAX_VARIANTS } from './variants.ts';

/**
 * A mapper's report: its variants optimized as SQL statements (by whoever has the optimizers: the planner package),
 * then tied back to the XML. The engine prepares the SQL (variantBatches) and reads the statement reports back
 * (mapperReport); both steps are pure.
 */

/** One variant's text in a batch. */
export interface VariantPart {
  /** Index in MapperAnalysis.statements. */
  readonly statement: number;
  /** Index in that statement's variants. */
  readonly variant: number;
  /** The text optimized: the variant with its parameters bound, without a final semicolon. */
  readonly text: Traced;
  /** The line of the batch's SQL the text starts on (1-based). */
  readonly line: number;
  /** Rules the optimizer's analysis is not to ask of the text (VariantAnalysis.pastesSql). */
  readonly rulesNotAsked?: ReadonlySet<string>;
}

/**
 * The variants to optimize, as one multi-statement SQL text per batch (one optimizer session serves a batch): the
 * plannable ones, and those holding `${}` (their text is only known at run time: analyzed, never planned); a `${}`
 * appended after a finished condition is planned as empty (BoundText.emptied).
 */
export interface VariantBatch {
  readonly plan: boolean;
  readonly sql: string;
  readonly parts: readonly VariantPart[];
}

const SEPARATOR = ';\n\n';

export function variantBatches(analysis: MapperAnalysis): VariantBatch[] {
  const batches = [true, false].map((plan) => ({ plan, sql: '', parts: [] as VariantPart[], lines: 1 }));
  analysis.statements.forEach((statement, s) => {
    statement.variants.forEach((variant, v) => {
      if (variant.error) return;
      const batch = batches[variant.bound.substitutions === 0 ? 0 : 1]!;
      const text = withoutFinalSemicolon(variant.bound.sql);
      if (batch.parts.length > 0) {
        batch.sql += SEPARATOR;
        batch.lines += 2;
      }
      const notAsked = variant.pastesSql ? { rulesNotAsked: RULES_ON_WHAT_IS_NOT_WRITTEN } : {};
      batch.parts.push({ statement: s, variant: v, text, line: batch.lines, ...notAsked });
      batch.sql += text.text;
      batch.lines += text.text.split('\n').length - 1;
    });
  });
  return batches.filter((b) => b.parts.length > 0).map(({ plan, sql, parts }) => ({ plan, sql, parts }));
}

/**
 * For the optimizer's analysis of a batch (AnalyzeOptions.rulesNotAsked): the rules not asked of the statement on a
 * line, so that a variant's statement report holds no finding or rewrite the mapper's report leaves out.
 */
export function rulesNotAskedIn(batch: VariantBatch): (line: number) => ReadonlySet<string> | undefined {
  return (line) => partAt(batch, line)?.rulesNotAsked;
}

function withoutFinalSemicolon(text: Traced): Traced {
  const trimmed = text.trim();
  return trimmed.text.endsWith(';') ? trimmed.slice(0, trimmed.length - 1).trim() : trimmed;
}

/** A batch and the report its SQL got (Report.statements in the order of its statements). */
export interface BatchReport {
  readonly batch: VariantBatch;
  readonly report: Report;
}

/**
 * The mapper report: the batches' statement reports with their spans, locations and errors moved into the XML, each
 * mapper statement with its variants, merged findings and rewrites carried back, and each file patched with the
 * rewrites that fall inside static text of one statement (with a unified diff).
 */
export function mapperReport(analysis: MapperAnalysis, batches: readonly BatchReport[]): Report {
  const [first] = batches;
  const statements: StatementReport[] = [];
  // For each analysis statement, each variant: the index of its statement report in `statements`.
  const reportOf = new Map<string, number>();
  // The planned batch's statement positions (1-based, as its workload names them) in `statements`, and their parts.
  const planned = new Map<number, { position: number; part: VariantPart }>();
  for (const { batch, report } of batches) {
    for (const [i, item] of report.statements.entries()) {
      const part = partAt(batch, item.location?.line ?? 1);
      if (!part) continue;
      const key = `${part.statement}:${part.variant}`;
      if (!reportOf.has(key)) reportOf.set(key, statements.length);
      if (batch.plan) planned.set(i + 1, { position: statements.length + 1, part });
      statements.push(inXml(item, part, analysis.statements[part.statement]!, statements.length, batch.plan));
    }
  }
  const mapperStatements = analysis.statements.map((statement, s) =>
    statementReport(statement, s, statements, reportOf, batches),
  );
  const files = patchFiles(analysis, mapperStatements);
  const workload = batches.find((b) => b.batch.plan)?.report.workload;
  return {
    kind: 'mybatis',
    dialect: first?.report.dialect ?? 'mysql',
    engine: first?.report.engine ?? { name: 'sqltune', version: '0' },
    createdAt: first?.report.createdAt ?? new Date(0).toISOString(),
    statements,
    warnings: uniqueMessages(batches.flatMap((b) => b.report.warnings)),
    ...(workload ? { workload: workloadInXml(workload, planned, mapperStatements) } : {}),
    mapper: {
      files,
      statements: mapperStatements,
      variantBound: MAX_VARIANTS,
      otherDatabases: [...analysis.otherDatabases],
    },
  };
}

/**
 * The planned batch's workload set in the mapper report: statement numbers renumbered as Report.statements of the
 * mapper holds them, and each index's statements named by their mapper keys (each once, in mapper order).
 */
export function workloadInXml(
  workload: WorkloadIndexes,
  planned: ReadonlyMap<number, { position: number; part: VariantPart }>,
  mapperStatements: readonly MapperStatementReport[],
): WorkloadIndexes {
  const numbers = (list: number[]) => list.flatMap((n) => (planned.has(n) ? [planned.get(n)!.position] : []));
  const keys = (list: number[]) => {
    const of = new Set(list.flatMap((n) => (planned.has(n) ? [planned.get(n)!.part.statement] : [])));
    return [...of].sort((a, b) => a - b).map((s) => mapperStatements[s]!.key);
  };
  return {
    ...workload,
    ...(workload.usage
      ? {
          usage: workload.usage.map((use) => ({
            ...use,
            serves: numbers(use.serves),
            slows: numbers(use.slows),
            mapper: { serves: keys(use.serves), slows: keys(use.slows) },
          })),
        }
      : {}),
    ...(workload.excluded
      ? {
          // Several variants of one mapper statement left out for one reason are one line under its key.
          excluded: uniqueBy(
            workload.excluded.flatMap((e) => {
              const at = planned.get(e.statement);
              return at ? [{ ...e, statement: at.position, key: mapperStatements[at.part.statement]!.key }] : [];
            }),
            (e) => `${e.key}\u0000${e.reason.en}`,
          ),
        }
      : {}),
  };
}

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(keyOf(item)) && Boolean(seen.add(keyOf(item))));
}

/** The part a line of the batch's SQL belongs to: the last one starting at or before it. */
function partAt(batch: VariantBatch, line: number): VariantPart | undefined {
  let found: VariantPart | undefined;
  for (const part of batch.parts) {
    if (part.line > line) break;
    found = part;
  }
  return found;
}

/** A span of the batch's SQL, in the part's own text. */
function localSpan(span: Span, part: VariantPart): Span {
  return { ...span, line: span.line - part.line + 1 };
}

function inXml(
  item: StatementReport,
  part: VariantPart,
  statement: MapperStatementAnalysis,
  index: number,
  planned: boolean,
): StatementReport {
  const site = statement.statement.site;
  const toXml = (finding: Finding): Finding =>
    finding.span?.file
      ? finding
      : { ...finding, span: xmlSpan(part.text, finding.span && localSpan(finding.span, part), site) };
  const { line } = sourcePosition(site.file, site.start);
  // A duplicate the variant's analysis left out (its copies never render in one run) is left out here too.
  const duplicates = new Set(statement.variants[part.variant]!.findings.filter((f) => f.id === DUPLICATE).map(placeOf));
  return {
    ...item,
    index,
    location: { file: site.file.name, line },
    rules: item.rules.map(toXml).filter((f) => f.id !== DUPLICATE || duplicates.has(placeOf(f))),
    errors: item.errors.map((error) => messageInXml(error, part, statement)),
    ...(planned ? {} : { plan: { ...item.plan, missing: TEXT_SUBSTITUTION_NOT_PLANNED } }),
  };
}

function messageInXml(error: Message, part: VariantPart, statement: MapperStatementAnalysis): Message {
  if (error.file) return error;
  const site = statement.statement.site;
  const at =
    error.line !== undefined
      ? xmlSpan(part.text, localSpan({ line: error.line, column: error.column ?? 1, length: 1 }, part), site)
      : siteSpan(site);
  return { ...error, file: at.file, line: at.line, column: at.column };
}

/** Why a variant holding `${}` has no plan (the planner passes it on for the variants it leaves out on purpose). */
export const TEXT_SUBSTITUTION_NOT_PLANNED: Localized = {
  zh: '这个变体含有 ${} 文本替换，运行时才知道完整的 SQL，因此只做规则分析，不交给优化器。',
  en: 'This variant holds ${} text substitution: its SQL is only known at run time, so it is analyzed by the rules and not planned.',
};

/** The statement rule whose findings a variant's analysis can leave out (copies that never render together). */
const DUPLICATE = 'duplicate-predicate';

/** Ids of the statement rules; other findings of a statement report come from its plan (hotspots). */
const statementRuleIds = new Set(statementRules.map((r) => r.id));

function statementReport(
  analyzed: MapperStatementAnalysis,
  s: number,
  statements: readonly StatementReport[],
  reportOf: ReadonlyMap<string, number>,
  batches: readonly BatchReport[],
): MapperStatementReport {
  const { statement } = analyzed;
  const planned = new Set(
    batches
      .filter((b) => b.batch.plan)
      .flatMap((b) => b.batch.parts.filter((p) => p.statement === s).map((p) => p.variant)),
  );
  const variants: MapperVariant[] = analyzed.variants.map((v, i) => {
    const report = reportOf.get(`${s}:${i}`);
    return {
      number: v.variant.number,
      label: withPlannedWithout(v.variant.label, v.bound),
      sql: v.template.text,
      ...(report !== undefined ? { report } : {}),
      planned: planned.has(i),
    };
  });
  // The rules read the variants with their parameters as parameters (analyzeMapper); the plans add their hotspots.
  const planFindings = variants.flatMap((v) =>
    v.report === undefined ? [] : statements[v.report]!.rules.filter((f) => !statementRuleIds.has(f.id)),
  );
  const rewrites = variants.flatMap((v, i) => {
    if (v.report === undefined) return [];
    const part = batches.flatMap((b) => b.batch.parts).find((p) => p.statement === s && p.variant === i)!;
    const item = statements[v.report]!;
    if (item.optimized === item.original) return [];
    return [rewriteOf(item, part.text, analyzed, v.number, analyzed.variants[i]!.bound)];
  });
  const errors: Message[] = [
    ...(analyzed.error ? [analyzed.error.detail] : []),
    ...analyzed.variants.flatMap((v) => (v.error ? [v.error.detail] : [])),
    ...variants.flatMap((v) => (v.report === undefined ? [] : statements[v.report]!.errors)),
  ];
  const location = sourcePosition(statement.site.file, statement.site.start);
  return {
    key: analyzed.key,
    namespace: statement.namespace,
    id: statement.id,
    kind: statement.kind,
    framework: statement.framework,
    location: { file: statement.site.file.name, ...location },
    variants,
    leftOut: [...analyzed.leftOut],
    findings: onePerPlace([...analyzed.findings, ...planFindings]),
    rewrites,
    errors: uniqueMessages(errors),
  };
}

function rewriteOf(
  item: StatementReport,
  text: Traced,
  analyzed: MapperStatementAnalysis,
  variant: number,
  bound: BoundText,
): MapperRewrite {
  const ruleIds = item.steps.map((step) => step.ruleId);
  const base = { variant, ruleIds, sql: item.optimized };
  // The text planned lacks the `${}` pieces: an edit spanning one would delete it from the mapper.
  if (bound.emptied.length > 0 || bound.withoutSort) {
    return { ...base, status: 'advice', edits: [], advice: plannedWithoutPieces(bound) };
  }
  // The optimizer's statement is the variant's text as the batch held it; anything else cannot be traced.
  if (item.original !== text.text) return { ...base, status: 'advice', edits: [], advice: untraceable };
  const carried = carryRewrite(text, item.optimized, analyzed.statement);
  if ('advice' in carried) return { ...base, status: 'advice', edits: [], advice: carried.advice };
  const file = analyzed.statement.site.file;
  return { ...base, status: 'patched', edits: carried.edits.map((edit) => xmlEdit(edit, file.text, file)) };
}

function xmlEdit(edit: FileEdit, text: string, file: SourceFile): XmlEdit {
  return {
    file: edit.file,
    ...sourcePosition(file, edit.start),
    start: edit.start,
    end: edit.end,
    before: text.slice(edit.start, edit.end),
    after: edit.replacement,
  };
}

/**
 * A variant's label, naming the `${}` pieces it was planned without (BoundText.emptied) and the run-time sort left
 * out with its LIMIT (BoundText.withoutSort).
 */
function withPlannedWithout(label: Localized, bound: BoundText): Localized {
  let { zh, en } = label;
  if (bound.emptied.length > 0) {
    const names = bound.emptied.join(', ');
    zh += `，${names} 为空`;
    en += `, ${names} empty`;
  }
  if (bound.withoutSort) {
    zh += `，按不含 ${bound.withoutSort} 规划（排序运行时才确定）`;
    en += `, planned without ${bound.withoutSort} (the sort is only known at run time)`;
  }
  return { zh, en };
}

function plannedWithoutPieces(bound: BoundText): Localized {
  const pieces = [...bound.emptied, ...(bound.withoutSort ? [bound.withoutSort] : [])].join(', ');
  const planned = bound.withoutSort
    ? {
        zh: `按不含 ${pieces} 来分析和规划（这些片段运行时才确定）`,
        en: `analyzed and planned without ${pieces} (pieces only known at run time)`,
      }
    : {
        zh: `按 ${pieces} 为空来分析和规划（该过滤条件不起作用时实际执行的语句）`,
        en: `analyzed and planned with ${pieces} empty (the statement as it runs when that filter adds nothing)`,
      };
  return {
    zh: `这个变体${planned.zh}；改写只作为建议，不写回映射文件，以免丢失 ${pieces}。`,
    en: `This variant was ${planned.en}; the rewrite is advice only, not written into the mapper, so that ${pieces} is kept.`,
  };
}

const untraceable: Localized = {
  zh: '优化后的语句无法与映射文件中的文本逐字对应，仅作为建议。',
  en: 'The optimized statement cannot be traced back to the mapper text character by character, so it is advice only.',
};

const conflicting: Localized = {
  zh: '这个改写与同一语句另一变体的改写修改了映射文件中的同一处文本，仅作为建议。',
  en: 'This rewrite changes the same text of the mapper as another variant’s rewrite of the statement, so it is advice only.',
};

/**
 * Each file with its statements' patched rewrites applied. The same edit made by two variants is made once; a
 * rewrite with an edit overlapping one already taken becomes advice.
 */
function patchFiles(analysis: MapperAnalysis, statements: MapperStatementReport[]): MapperFileReport[] {
  const taken = new Map<string, XmlEdit[]>();
  for (const statement of statements) {
    statement.rewrites = statement.rewrites.map((rewrite) => {
      if (rewrite.status !== 'patched') return rewrite;
      const fresh = rewrite.edits.filter((e) => !(taken.get(e.file) ?? []).some((t) => sameEdit(t, e)));
      const clash = fresh.some((e) => (taken.get(e.file) ?? []).some((t) => overlaps(t, e)));
      if (clash) return { ...rewrite, status: 'advice', edits: [], advice: conflicting };
      for (const edit of fresh) taken.set(edit.file, [...(taken.get(edit.file) ?? []), edit]);
      return rewrite;
    });
  }
  return analysis.files.map(({ file, framework, namespace }) => {
    const edits = (taken.get(file.name) ?? []).map((e) => ({
      file: e.file,
      start: e.start,
      end: e.end,
      replacement: e.after,
    }));
    const patched = applyXmlEdits(file.text, edits);
    return { name: file.name, framework, namespace, patched, diff: mapperDiff(file.name, file.text, patched) };
  });
}

function sameEdit(a: XmlEdit, b: XmlEdit): boolean {
  return a.start === b.start && a.end === b.end && a.after === b.after;
}

/** Two edits touch the same text, or insert at one place. */
function overlaps(a: XmlEdit, b: XmlEdit): boolean {
  return a.start < b.end && b.start < a.end ? true : a.start === b.start;
}

function uniqueMessages(messages: readonly Message[]): Message[] {
  const seen = new Set<string>();
  return messages.filter((m) => {
    const key = JSON.stringify(m);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
