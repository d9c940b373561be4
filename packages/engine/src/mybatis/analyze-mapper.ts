import { AppError, type Dialect, ErrorCode, type Finding, type Localized, type Span } from '@sqltune/contracts';
import { analyze, readSchemaInput, type StatementAnalysis } from '../analyze/analyze.ts';
import { checkSchema } from '../schema/checks.ts';
import type { SchemaModel } from '../schema/model.ts';
import { withAnalysisCaches } from '../text/analysis-caches.ts';
import { codeTokens, lex } from '../text/lexer.ts';
import { substitutionRole, templatePlaceholders } from '../text/placeholders.ts';
import { offsetAt } from '../text/position.ts';
import { type BoundText, bindParameters, inlineLikePatterns, piecesOfSql } from './binding.ts';
import { canRenderTogether, decisionsOfText } from './exclusive.ts';
import { type Framework, type MapperFile, type MapperStatement, type Site, statementKey } from './model.ts';
import { readMapperFile } from './read-mapper.ts';
import type { FragmentLookup } from './render.ts';
import { mapperRules } from './rules/registry.ts';
import { locationAt, type SourceFile, sourceFile, sourcePosition, type XmlLocation } from './source.ts';
import { type Traced, writtenAt } from './traced.ts';
import { expandVariants, type Variant } from './variants.ts';

export interface MapperInput {
  readonly files: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** The framework the user chose; without one (the CLI on a directory) each file says by its root element. */
  readonly framework?: Framework;
  readonly dialect: Dialect;
  readonly schemaText?: string | null;
  readonly statsText?: string | null;
}

export interface VariantAnalysis {
  readonly variant: Variant;
  /** The SQL as rendered, `#{...}` kept: what the rules read (a parameter is a parameter, not a made-up value). */
  readonly template: Traced;
  /** The same with typed values for the parameters: what an optimizer plans. */
  readonly bound: BoundText;
  /**
   * Whether a `${}` pastes a piece of SQL into the text (pastesSql): the rules on what is not written are not asked of
   * it, nor of its text as planned (with the piece empty) or analyzed by the optimizer's pipeline.
   */
  readonly pastesSql: boolean;
  readonly analyses: readonly StatementAnalysis[];
  /** The rules' findings, located in the XML (`span.file`). */
  readonly findings: readonly Finding[];
  /** Set when the text does not parse: 4202 located in the XML. */
  readonly error?: AppError;
}

export interface MapperStatementAnalysis {
  readonly statement: MapperStatement;
  /** `namespace.id`. */
  readonly key: string;
  readonly location: XmlLocation;
  readonly variants: readonly VariantAnalysis[];
  /** Variants not expanded because the bound (MAX_VARIANTS) was reached. */
  readonly leftOut: readonly Localized[];
  /** Every finding of every variant once, and the mapper rules' findings, all located in the XML. */
  readonly findings: readonly Finding[];
  /** Set when the statement could not be expanded (an include that names nothing, a loop of includes). */
  readonly error?: AppError;
}

export interface MapperAnalysis {
  readonly files: readonly MapperFile[];
  readonly schema: SchemaModel;
  readonly schemaFindings: readonly Finding[];
  readonly statements: readonly MapperStatementAnalysis[];
  /** Statements written for another database (`databaseId`), not analyzed. */
  readonly otherDatabases: readonly string[];
}

/**
 * Reads the mapper files, expands every statement into its representative variants, analyzes each with the
 * engine's rules, and runs the mapper rules. Pure: no I/O. Malformed XML throws 4202 with file, line and column;
 * a statement that cannot be expanded gets its own error and the others are analyzed. One analysis for the whole
 * mapper: its variants share the texts they repeat (text/analysis-caches.ts).
 */
export function analyzeMapper(input: MapperInput): MapperAnalysis {
  return withAnalysisCaches(() => analyzeMapperIn(input));
}

function analyzeMapperIn(input: MapperInput): MapperAnalysis {
  const files = input.files.map((f) => readMapperFile(sourceFile(f.name, f.text), input.framework));
  if (!files.some((f) => f.statements.length > 0)) throw new AppError(ErrorCode.INPUT_REQUIRED, noStatements);
  const schema = readSchemaInput(input);
  const fragments = fragmentLookup(files);
  const { chosen, otherDatabases } = statementsFor(files, input.dialect);
  return {
    files,
    schema,
    schemaFindings: checkSchema(schema, input.dialect),
    statements: chosen.map((statement) => analyzeStatement(statement, fragments, schema, input.dialect)),
    otherDatabases,
  };
}

const noStatements: { message: Localized; field: string } = {
  field: 'file',
  message: {
    zh: '文件中没有 SQL 语句（<select>、<insert>、<update>、<delete>）',
    en: 'the file holds no SQL statement (<select>, <insert>, <update>, <delete>)',
  },
};

function analyzeStatement(
  statement: MapperStatement,
  fragments: FragmentLookup,
  schema: SchemaModel,
  dialect: Dialect,
): MapperStatementAnalysis {
  const key = statementKey(statement);
  const location = locationAt(statement.site.file, statement.site.start);
  try {
    const { variants: expanded, leftOut } = expandVariants(statement, fragments, dialect);
    const decisions = decisionsOfText(statement, fragments);
    const variants = expanded
      .map((variant) => analyzeVariant(variant, statement, schema, dialect, decisions))
      .filter(isSql)
      .map((v, i) => (v.variant.number === i + 1 ? v : { ...v, variant: { ...v.variant, number: i + 1 } }));
    const context = { statement, variants, schema, dialect, fragments };
    const superseded = new Set<string>();
    const rules = mapperRules.filter((rule) => rule.frameworks.includes(statement.framework));
    const mapperFindings = rules.flatMap((rule) => {
      const matches = rule.detect(context);
      if (matches.length > 0) for (const id of rule.supersedes ?? []) superseded.add(id);
      return matches.map(
        (match): Finding => ({
          id: rule.id,
          severity: rule.severity,
          title: rule.title,
          message: match.message,
          span: match.span,
          rewrite: false,
        }),
      );
    });
    const variantFindings = variants.flatMap((v) => v.findings).filter((f) => !superseded.has(f.id));
    return {
      statement,
      key,
      location,
      variants,
      leftOut,
      findings: onePerPlace([...mapperFindings, ...variantFindings]),
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { statement, key, location, variants: [], leftOut: [], findings: [], error };
  }
}

/**
 * A variant whose `<set>` or prefixed `<trim>` rendered nothing and which then does not parse is what MyBatis would
 * send and the database refuse: not SQL to analyze (the rule mapper-empty-clause reports it).
 */
function isSql(variant: VariantAnalysis): boolean {
  return !(variant.error && variant.variant.rendered.emptyClauses.length > 0);
}

function analyzeVariant(
  variant: Variant,
  statement: MapperStatement,
  schema: SchemaModel,
  dialect: Dialect,
  decisions: ReturnType<typeof decisionsOfText>,
): VariantAnalysis {
  const template = inlineLikePatterns(variant.rendered.sql, variant.rendered.binds, dialect);
  const bound = bindParameters(template, variant.rendered.binds, schema, dialect);
  const pasted = pastesSql(template.text, dialect);
  const base = { variant, template, bound, pastesSql: pasted };
  if (!template.text.trim()) return { ...base, analyses: [], findings: [], error: emptyVariant(statement, variant) };
  const analysis = analyze({ sql: template.text, dialect, dataChanges: 'analyze' }, schema);
  const written = statement.framework === 'ibatis' ? iBatisSpelling(template, dialect) : undefined;
  const findings = analysis.statements.flatMap((s) =>
    s.findings
      .filter((f) => !(pasted && RULES_ON_WHAT_IS_NOT_WRITTEN.has(f.id)))
      .filter((f) => f.id !== 'duplicate-predicate' || copiesRenderTogether(template, f, decisions))
      .map((f) => ({
        ...f,
        span: xmlSpan(template, f.span, statement.site),
        ...(written ? { message: written(f.message) } : {}),
      })),
  );
  const failed = analysis.statements.find((s) => s.error);
  return {
    ...base,
    analyses: analysis.statements,
    findings,
    ...(failed?.error ? { error: variantError(failed.error, template, statement, variant) } : {}),
  };
}

/**
 * A condition repeated in a variant's text is a duplicate when both copies can render in one run: the variant of
 * every parameter set renders `<if test="type == 1">AND a = #{a}</if>` and `<if test="type == 2">AND a = #{a}</if>`
 * together, and the two branches of a `<choose>` never are. The finding is on the later copy; the earlier is the
 * same text before it.
 */
function copiesRenderTogether(
  template: Traced,
  finding: Finding,
  decisions: ReturnType<typeof decisionsOfText>,
): boolean {
  if (!finding.span) return true;
  const later = offsetAt(template.text, finding.span);
  const text = template.text.slice(later, later + finding.span.length);
  const earlier = text ? template.text.lastIndexOf(text, later - 1) : -1;
  const first = earlier >= 0 ? template.originAt(earlier) : undefined;
  const second = template.originAt(later);
  return !first || !second || canRenderTogether(decisions, first, second);
}

/**
 * Rules that conclude from what a statement does not say: no one reads a joined table or a CTE, no WHERE, no ORDER
 * BY. A `${}` pasting a piece of SQL (RuoYi's `${params.dataScope}` reading the joined `d.dept_id`, MyBatis-Plus'
 * `${ew.customSqlSegment}` holding the WHERE and ORDER BY) may say it at run time: they are not asked of such a text,
 * nor of the text planned with that piece empty (report.ts).
 */
export const RULES_ON_WHAT_IS_NOT_WRITTEN: ReadonlySet<string> = new Set([
  'left-join-elimination',
  'cte-unused',
  'count-star-without-where',
  'update-without-where',
  'delete-without-where',
  'limit-without-order-by',
]);

/** Whether a variant's text holds a `${}` that pastes a piece of SQL (see SubstitutionRole). */
export function pastesSql(text: string, dialect: Dialect): boolean {
  const code = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  return templatePlaceholders(code).some(
    ({ sigil, first, last }) => sigil === '$' && piecesOfSql.has(substitutionRole(code, first, last)),
  );
}

/**
 * The statement rules quote the variant's text, where iBatis' `#name#` and `$name$` are rendered as MyBatis writes
 * them (`#{name}`, `${name}`): a message about an iBatis statement quotes them as the file writes them.
 */
function iBatisSpelling(template: Traced, dialect: Dialect): (message: Localized) => Localized {
  const tokens = lex(template.text, { mysql: dialect === 'mysql' });
  const code = codeTokens(tokens);
  const spans = templatePlaceholders(code).map(({ first, last }) => [code[first]!.start, code[last]!.end] as const);
  // A `$name$` inside a string ('%$name$%') is part of a string token: the string as written.
  for (const token of tokens)
    if (token.kind === 'string' && token.text.includes('${')) spans.push([token.start, token.end]);
  const pairs = spans
    .map(([start, end]) => [template.text.slice(start, end), writtenAt(template, start, end)] as const)
    .filter(([rendered, written]) => rendered !== written)
    .sort((a, b) => b[0].length - a[0].length);
  const respell = (text: string) => pairs.reduce((out, [rendered, written]) => out.split(rendered).join(written), text);
  return (message) => (pairs.length === 0 ? message : { zh: respell(message.zh), en: respell(message.en) });
}

/** A span in a variant's text, moved to where those characters were written in the XML. */
export function xmlSpan(template: Traced, span: Span | undefined, fallback: Site): Span {
  if (!span) return siteSpan(fallback);
  const start = offsetAt(template.text, span);
  const first = template.originAt(start);
  if (!first) return siteSpan(fallback);
  const last = template.originAt(start + Math.max(span.length, 1) - 1);
  const position = sourcePosition(first.file, first.offset);
  const sameLine = last && last.file === first.file && sourcePosition(last.file, last.offset).line === position.line;
  const length = sameLine && last.offset >= first.offset ? last.offset - first.offset + 1 : span.length;
  return { file: first.file.name, ...position, length };
}

export function siteSpan(site: Site): Span {
  return { file: site.file.name, ...sourcePosition(site.file, site.start), length: site.tag.length + 1 };
}

/** A finding's rule and place in the XML. */
export function placeOf(f: Finding): string {
  return `${f.id}\u0000${f.span?.file}:${f.span?.line}:${f.span?.column}`;
}

/** Findings of several variants at one place are one finding. */
export function onePerPlace(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = placeOf(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function variantError(error: AppError, template: Traced, statement: MapperStatement, variant: Variant): AppError {
  const { detail } = error;
  const at = detail.line
    ? xmlSpan(template, { line: detail.line, column: detail.column ?? 1, length: 1 }, statement.site)
    : siteSpan(statement.site);
  const where = `${at.file}:${at.line}:${at.column}`;
  return new AppError(error.code, {
    field: 'file',
    file: at.file,
    line: at.line,
    column: at.column,
    message: {
      zh: `${statementKey(statement)} 的变体 ${variant.number}（${variant.label.zh}）在 ${where} 无法解析：${detail.message.zh}`,
      en: `variant ${variant.number} of ${statementKey(statement)} (${variant.label.en}) does not parse at ${where}: ${detail.message.en}`,
    },
  });
}

function emptyVariant(statement: MapperStatement, variant: Variant): AppError {
  const at = siteSpan(statement.site);
  return new AppError(ErrorCode.CONTENT_INVALID, {
    field: 'file',
    file: at.file,
    line: at.line,
    column: at.column,
    message: {
      zh: `${statementKey(statement)} 的变体 ${variant.number}（${variant.label.zh}）没有生成任何 SQL`,
      en: `variant ${variant.number} of ${statementKey(statement)} (${variant.label.en}) renders no SQL at all`,
    },
  });
}

/**
 * `<include refid>`: a qualified refid (`namespace.id`) names its fragment; a bare one is looked up in the namespace
 * of the file it is written in, then among all files of the upload when exactly one fragment has that id.
 */
export function fragmentLookup(files: readonly MapperFile[]): FragmentLookup {
  const all = files.flatMap((f) => f.fragments);
  return (refid, namespace) => {
    const qualified = all.find((f) => `${f.namespace}.${f.id}` === refid);
    if (qualified) return qualified;
    const local = all.find((f) => f.namespace === namespace && f.id === refid);
    if (local) return local;
    const anywhere = all.filter((f) => f.id === refid);
    return anywhere.length === 1 ? anywhere[0] : undefined;
  };
}

const databaseIds: Record<Dialect, readonly string[]> = {
  mysql: ['mysql', 'mariadb'],
  postgresql: ['postgresql', 'postgres', 'pg', 'postgre'],
};

/**
 * MyBatis picks, for each id, the statement written for the configured database (`databaseId`) over the one
 * written for none; statements for other databases are not run against this dialect, so they are not analyzed.
 */
function statementsFor(
  files: readonly MapperFile[],
  dialect: Dialect,
): { chosen: MapperStatement[]; otherDatabases: string[] } {
  const all = files.flatMap((f) => f.statements);
  const ours = (s: MapperStatement) =>
    s.databaseId !== null && databaseIds[dialect].includes(s.databaseId.toLowerCase());
  const chosen: MapperStatement[] = [];
  const otherDatabases: string[] = [];
  for (const statement of all) {
    if (statement.databaseId !== null && !ours(statement)) {
      otherDatabases.push(`${statementKey(statement)} (databaseId=${statement.databaseId})`);
      continue;
    }
    const shadowed =
      statement.databaseId === null && all.some((s) => s !== statement && ours(s) && sameKey(s, statement));
    if (shadowed) continue;
    chosen.push(statement);
  }
  return { chosen, otherDatabases };
}

function sameKey(a: MapperStatement, b: MapperStatement): boolean {
  return a.namespace === b.namespace && a.id === b.id;
}

export type { SourceFile };
