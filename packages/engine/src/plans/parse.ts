import type { Dialect, Localized, PlanTree } from '@sqltune/contracts';
import { type PlanPosition, PlanReadError, planError } from './errors.ts';
import { lookalike } from './lookalike.ts';
import { isMysqlJsonPlan, readMysqlJson } from './mysql-json.ts';
import { looksLikeMysqlTable, readMysqlTable, rejoinMysqlTable } from './mysql-table.ts';
import { hasMysqlOnlyCost, looksLikeMysqlTree, MYSQL_TREE_LINES, readMysqlTree } from './mysql-tree.ts';
import { postgresPlanRoot, readPostgresJson } from './postgres-json.ts';
import { postgresNodeName } from './postgres-names.ts';
import { looksLikePostgresText, POSTGRES_TEXT_LINES, readPostgresText } from './postgres-text.ts';
import { type SourceLine, sourceLines, startOf } from './source-lines.ts';
import { glue, isCut, rawWidths, rejoinWrapped } from './wrapped-lines.ts';

/** The EXPLAIN outputs parseUserPlan reads, as PlanTree.format names them. */
export const PLAN_FORMATS = {
  'postgresql-text': 'postgresql',
  'postgresql-json': 'postgresql',
  'mysql-table': 'mysql',
  'mysql-json': 'mysql',
  'mariadb-json': 'mysql',
  'mysql-tree': 'mysql',
} as const satisfies Record<string, Dialect>;
export type PlanFormat = keyof typeof PLAN_FORMATS;

/**
 * Reads the EXPLAIN output a user pasted into a PlanTree (raw = the text). The format is recognised from the text;
 * the client's framing (psql, mysql boxes, \G, -B) is stripped first. Text that is not a plan, or a plan of the
 * other dialect, throws AppError 4204 (field 'plan') at the first offending line.
 */
export function parseUserPlan(text: string, dialect: Dialect): PlanTree {
  const raw = text.replace(/\r\n?/g, '\n');
  const lines = sourceLines(raw);
  if (lines.length === 0) {
    throw planError({ line: 1, column: 1 }, { zh: '执行计划为空', en: 'the plan is empty' }, dialect);
  }
  const reader = readerFor(lines, raw);
  let tree: PlanTree;
  try {
    tree = reader.read(raw);
  } catch (error) {
    if (!(error instanceof PlanReadError)) throw error;
    // A plan that starts as the other dialect's: that is what to say first, whatever its later lines hold.
    if (reader.dialect && reader.dialect !== dialect) {
      throw planError(startOf(lines[0]!), otherDialect(reader.dialect), dialect);
    }
    throw planError(error.at, withLookalike(error.reason, lines, error.at.line), dialect);
  }
  const planDialect = PLAN_FORMATS[tree.format as PlanFormat];
  if (planDialect !== dialect) throw planError(startOf(lines[0]!), otherDialect(planDialect), dialect);
  return tree;
}

/** The reader for the text's format, and the dialect of that format (undefined: none or JSON, told by its content). */
function readerFor(lines: SourceLine[], raw: string): { dialect?: Dialect; read: (raw: string) => PlanTree } {
  const first = lines[0]!.text.trim();
  if (first.startsWith('{') || first.startsWith('[')) return { read: (raw) => readJson(lines, raw) };
  // Each format joins the lines a wrap broke by its own grammar (wrapped-lines.ts) before it is told and read.
  const tree = rejoinWrapped(lines, raw, MYSQL_TREE_LINES);
  // PostgreSQL prints `->  Name  (cost=a..b rows=n width=w)`: a plan copied from an inner node starts like that.
  if (looksLikeMysqlTree(first) && !/ width=\d+\)/.test(tree[0]!.text)) {
    return { dialect: 'mysql', read: (raw) => readMysqlTree(tree, raw) };
  }
  const table = rejoinMysqlTable(lines, raw);
  if (looksLikeMysqlTable(table)) return { dialect: 'mysql', read: (raw) => readMysqlTable(table, raw) };
  if (looksLikeArrowlessMysqlTree(tree)) return { dialect: 'mysql', read: (raw) => readMysqlTree(tree, raw, true) };
  const postgres = rejoinWrapped(lines, raw, POSTGRES_TEXT_LINES);
  if (looksLikePostgresText(postgres[0]!.text.trim())) {
    return { dialect: 'postgresql', read: (raw) => readPostgresText(postgres, raw) };
  }
  const refusal = (reason: Localized) => ({
    read: (): PlanTree => {
      throw new PlanReadError(startOf(lines[0]!), reason);
    },
  });
  if (first.startsWith('<') || /^-?\s*Plan:/.test(first)) {
    return refusal({
      zh: 'PostgreSQL 的 XML 和 YAML 格式暂不支持，请使用文本格式或 FORMAT JSON',
      en: "PostgreSQL's XML and YAML formats are not read; use the text format or FORMAT JSON",
    });
  }
  return refusal({ zh: '无法识别为 EXPLAIN 的输出', en: 'this is not recognized as EXPLAIN output' });
}

/** The reason, followed by what the offending line looks like when it looks like something we know (lookalike.ts). */
function withLookalike(reason: Localized, lines: SourceLine[], line: number): Localized {
  const looks = lookalike(lines.find((l) => l.line === line)?.text ?? '');
  return looks ? { zh: `${reason.zh}；${looks.zh}`, en: `${reason.en}; ${looks.en}` } : reason;
}

/**
 * A FORMAT=TREE plan whose first line lost its `-> ` (copied from the node's text on, or trimmed by hand): the root's
 * text, then only `-> ` nodes (one blank after the arrow, as MySQL prints it; PostgreSQL prints two and has node
 * lines such as "Filter: ..." without an arrow), no PostgreSQL `width=`, and MySQL's own estimate somewhere or a root
 * PostgreSQL has no node of ("Filter: ...", "Limit: 10 row(s)"). A plan of one line is MySQL's by its estimate alone.
 */
function looksLikeArrowlessMysqlTree(lines: SourceLine[]): boolean {
  const [first, ...rest] = lines;
  // The root's text starts with its name ("Filter", "Limit"...): anything else before it is not a lost arrow.
  if (!first || !/^\s*[A-Za-z]/.test(first.text) || lines.some((l) => / width=\d+\)/.test(l.text))) return false;
  if (rest.length === 0) return hasMysqlOnlyCost(first.text);
  const rootName = first.text.trim().replace(/\s*\((?:cost=|actual |never executed).*$/, '');
  return (
    rest.every((l) => /^\s*-> \S/.test(l.text)) &&
    (lines.some((l) => hasMysqlOnlyCost(l.text)) || !postgresNodeName(rootName).known)
  );
}

function readJson(source: SourceLine[], raw: string): PlanTree {
  const lines = rejoinJson(source, raw);
  const text = lines.map((l) => l.text).join('\n');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PlanReadError(jsonErrorPosition(lines, error), {
      zh: 'JSON 格式有误',
      en: `the JSON is malformed (${error instanceof Error ? error.message : String(error)})`,
    });
  }
  const postgres = postgresPlanRoot(json);
  if (postgres) return readPostgresJson(postgres, raw);
  if (isMysqlJsonPlan(json)) return readMysqlJson(json, raw);
  throw new PlanReadError(startOf(lines[0]!), {
    zh: 'JSON 中没有执行计划（PostgreSQL 应有 "Plan"，MySQL/MariaDB 应有 "query_block"）',
    en: 'the JSON holds no plan (PostgreSQL output has "Plan", MySQL/MariaDB output has "query_block")',
  });
}

/**
 * JSON wrapped by a mail client or cut by a terminal (wrapped-lines.ts): a JSON string holds no line break, so a line
 * that ends inside one goes on with the next (a long `attached_condition`, a `Filter`). A cut may also fall inside
 * a number or a word: when the pieces tell a cut, every line as wide as the widest goes on with the next, as it is
 * (between tokens a line break is only a blank).
 */
function rejoinJson(lines: SourceLine[], raw: string): SourceLine[] {
  const insideString: boolean[] = [];
  let inside = false;
  for (const line of lines) {
    for (let i = 0; i < line.text.length; i++) {
      if (inside && line.text[i] === '\\') i++;
      else if (line.text[i] === '"') inside = !inside;
    }
    insideString.push(inside);
  }
  const widths = rawWidths(lines, raw);
  const breaks = lines.flatMap((_, i) => (insideString[i] && i + 1 < lines.length ? [i] : []));
  const cut = isCut(
    breaks.map((i) => lines[i]!),
    breaks.map((i) => lines[i + 1]!),
    widths,
  );
  const out: SourceLine[] = [];
  for (const [i, line] of lines.entries()) {
    const previous = lines[i - 1];
    const continues = previous && (insideString[i - 1] || (cut && widths.of(previous) === widths.widest));
    out.push(continues ? glue(out.pop()!, previous, line, cut, widths) : line);
  }
  return out;
}

/** JSON.parse says "at position N" (V8): map N in the joined text back to the user's line and column. */
function jsonErrorPosition(lines: SourceLine[], error: unknown): PlanPosition {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  if (!position) return startOf(lines[0]!);
  let offset = Number(position[1]);
  for (const line of lines) {
    if (offset <= line.text.length) return { line: line.line, column: line.column + offset };
    offset -= line.text.length + 1;
  }
  const last = lines.at(-1)!;
  return { line: last.line, column: last.column + last.text.length };
}

function otherDialect(planDialect: Dialect): Localized {
  return planDialect === 'postgresql'
    ? {
        zh: '这是 PostgreSQL 的执行计划，但语句的数据库类型是 MySQL',
        en: "this is a PostgreSQL plan, but the statement's database is MySQL",
      }
    : {
        zh: '这是 MySQL/MariaDB 的执行计划，但语句的数据库类型是 PostgreSQL',
        en: "this is a MySQL/MariaDB plan, but the statement's database is PostgreSQL",
      };
}
