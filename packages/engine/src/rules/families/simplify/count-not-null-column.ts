import type { Dialect, Localized } from '@sqltune/contracts';
import { parseStatements } from '../../../dialect/parse.ts';
import { type AstNode, child, columnRef, functionArgs, span } from '../../../model/ast.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { type SchemaModel, unquote } from '../../../schema/model.ts';
import { isAggregate } from '../../../semantics/functions.ts';
import { ownedColumn } from '../../../semantics/scope.ts';
import { isKeyword } from '../../../text/lexer.ts';
import { matchAt, walkWithKeys } from '../../match-helpers.ts';
import { textOf, tokenView } from '../../rewrite/tokens.ts';
import type { Change } from '../../rewrite/verify.ts';
import { allDialects, enclosingQuery, type Rule, type RuleMatch } from '../../rule.ts';
import { acceptFirst, isNotNullKey, querySources, uniqueKeys } from './helpers.ts';

/**
 * `COUNT(o_orderdate)` where o_orderdate is NOT NULL counts every row, as COUNT(*) does; and
 * `COUNT(DISTINCT o_orderkey)` over the table alone counts every row too, its values being unique.
 *
 * COUNT(c) counts the rows where c is not NULL: with c declared NOT NULL that is every row, unless c's
 * table sits on the NULL-extended side of an outer join (then COUNT(c) counts the matches, on purpose, and
 * nothing is said). COUNT(DISTINCT k) is COUNT(*) when k is by itself a unique key whose column is NOT NULL
 * and the query reads that one table (a join could repeat k). COUNT(*) lets the database count rows without
 * reading the column (or, for DISTINCT, without a sort or hash). A nullable column is count-nullable-column's
 * finding, so the two never fire on the same call; a column the table structure does not describe is
 * reported without a rewrite.
 */
export const countNotNullColumn: Rule = {
  id: 'count-not-null-column',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT COUNT(o_orderdate) FROM orders WHERE o_orderstatus = 'F'",
    good: "SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'F'",
  },
  rewrites: true,
  title: { zh: 'COUNT(非空列) 可写作 COUNT(*)', en: 'COUNT(NOT NULL column) is COUNT(*)' },
  rationale: {
    zh: 'COUNT(列) 统计该列不为 NULL 的行。列声明为 NOT NULL 时（且不在外连接可能补 NULL 的一侧），它统计的就是全部行，与 COUNT(*) 相同；单表查询中对非空唯一键的 COUNT(DISTINCT 键) 也等于行数。COUNT(*) 表意更清楚，数据库也不必读取该列的值或为 DISTINCT 排序去重。没有表结构时无法确认列是否非空，只报告不改写。',
    en: 'COUNT(column) counts the rows where the column is not NULL. With the column declared NOT NULL (and not on the NULL-extended side of an outer join) that is every row, the same as COUNT(*); over a single table, COUNT(DISTINCT key) on a NOT NULL unique key counts every row too. COUNT(*) says so plainly, and the database need not read the column or sort and hash for DISTINCT. Without the table structure the column cannot be checked, so it is only reported.',
  },
  detect({ statement, schema }) {
    const found: Array<{ node: AstNode; match: RuleMatch; rewrite: boolean }> = [];
    walkWithKeys(statement.ast, ({ node, ancestors }) => {
      if (!isAggregate(node) || String(node.name).toUpperCase() !== 'COUNT') return;
      const args = functionArgs(node);
      const ref = args.length === 1 ? columnRef(args[0]) : undefined;
      if (!ref || ref.column === '*') return;
      const query = enclosingQuery(ancestors);
      const distinct = String(child(node, 'args')?.distinct ?? '').toUpperCase();
      const verdict =
        query && (distinct === 'DISTINCT' ? distinctVerdict : plainVerdict)(statement, schema, query, node);
      if (!verdict) return;
      const written = ref.table ? `${ref.table}.${ref.column}` : ref.column;
      found.push({
        node,
        rewrite: verdict !== 'unknown',
        match: matchAt(node, messageFor(verdict, written), statement.text),
      });
    });
    const changes = acceptFirst(
      statement,
      found.map((f) => (f.rewrite ? countStarCandidates(statement, f.node) : [])),
    );
    return found.map(({ match }, i) => {
      const change = changes[i];
      if (!change) return match;
      const edit = change.edits[0]!;
      // PostgreSQL gives aggregates no location: the accepted edit shows where the call is.
      const at = match.span ?? { start: edit.start, end: edit.end };
      return { ...match, span: at, edits: change.edits };
    });
  },
};

type Verdict = 'rewrite' | 'distinct-rewrite' | 'unknown';

/** COUNT(c): a NOT NULL column not on the nullable side of an outer join; or one the schema cannot tell about. */
function plainVerdict(
  statement: ParsedStatement,
  schema: SchemaModel,
  query: AstNode,
  count: AstNode,
): Verdict | undefined {
  const sources = querySources(statement, schema, query);
  const ref = columnRef(functionArgs(count)[0])!;
  if (!sources) return undefined;
  const resolved = ownedColumn(ref, sources);
  if (resolved) return resolved.column.nullable || resolved.source.nullable ? undefined : 'rewrite';
  // A column of a table missing from the table structure: worth a word, not a rewrite.
  // (Not a column of a CTE or derived table: the table structure could not tell about those anyway.)
  const named = ref.table ? sources.filter((s) => s.name === unquote(ref.table!).toLowerCase()) : sources;
  return named.length > 0 && named.every((s) => s.table !== null && !s.cte && !s.def) ? 'unknown' : undefined;
}

/** COUNT(DISTINCT k) over one table where k alone is a NOT NULL unique key. */
function distinctVerdict(
  statement: ParsedStatement,
  schema: SchemaModel,
  query: AstNode,
  count: AstNode,
): Verdict | undefined {
  const sources = querySources(statement, schema, query);
  const table = sources?.length === 1 ? sources[0]!.def : undefined;
  if (!sources || !table) return undefined;
  const resolved = ownedColumn(columnRef(functionArgs(count)[0])!, sources);
  if (!resolved) return undefined;
  const name = resolved.column.name.toLowerCase();
  const isKey = uniqueKeys(table).some(
    (key) => key.columns.length === 1 && key.columns[0]!.toLowerCase() === name && isNotNullKey(table, key),
  );
  return isKey ? 'distinct-rewrite' : undefined;
}

function messageFor(verdict: Verdict, column: string): Localized {
  if (verdict === 'unknown') {
    return {
      zh: `COUNT(${column}) 只统计 ${column} 不为 NULL 的行；如果该列声明为 NOT NULL，它与 COUNT(*) 相同，请改用 COUNT(*)。（表结构中没有这个列，无法确认，未自动改写。）`,
      en: `COUNT(${column}) counts the rows where ${column} is not NULL; if the column is declared NOT NULL that is COUNT(*), so use COUNT(*). (Not rewritten automatically: the table structure does not describe this column.)`,
    };
  }
  if (verdict === 'distinct-rewrite') {
    return {
      zh: `${column} 是这张表的非空唯一键，每行的值都不同，COUNT(DISTINCT ${column}) 就是行数，可以改为 COUNT(*)，省去去重。`,
      en: `${column} is a NOT NULL unique key of the only table, so every row has its own value and COUNT(DISTINCT ${column}) is the row count: COUNT(*) skips the de-duplication.`,
    };
  }
  return {
    zh: `${column} 声明为 NOT NULL，COUNT(${column}) 统计的就是全部行，与 COUNT(*) 相同，可以改为 COUNT(*)。`,
    en: `${column} is declared NOT NULL, so COUNT(${column}) counts every row, as COUNT(*) does; use COUNT(*).`,
  };
}

const countStarArgs = new Map<Dialect, unknown>();

/** The parser's arguments of `COUNT(*)` in the dialect, for the intended tree. */
function starArgs(dialect: Dialect): unknown {
  if (!countStarArgs.has(dialect)) {
    const [probe] = parseStatements('SELECT COUNT(*) FROM t', dialect);
    const columns = probe!.ast.columns as AstNode[];
    countStarArgs.set(dialect, child(child(columns[0]!, 'expr')!, 'args'));
  }
  return countStarArgs.get(dialect);
}

/**
 * Every `COUNT(...)` of the text whose parentheses could hold this call's argument, as a change to
 * `COUNT(*)`. MySQL locates the call, narrowing them to one; the verification picks among the rest. Written by hand,
 * not with replaceNode: PostgreSQL leaves the call unlocated, so each candidate is a guess whose only edit is the
 * argument (the call keeps its spelling), and the intended tree is stated so the verification can tell the guesses apart.
 */
function countStarCandidates(statement: ParsedStatement, node: AstNode): Change[] {
  const view = tokenView(statement);
  const { tokens } = view;
  const at = span(node, statement.text);
  const column = unquote(columnRef(functionArgs(node)[0])!.column).toLowerCase();
  const replacements = new Map([[node, { ...node, args: starArgs(statement.dialect) as AstNode }]]);
  const changes: Change[] = [];
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'COUNT') || tokens[i + 1]?.text !== '(') return;
    if (at && (token.start < at.start || token.end > at.end)) return;
    const close = view.partner.get(i + 1);
    if (close === undefined || close < i + 3) return;
    // Only calls whose argument ends with the column's name: fewer candidates to verify.
    const inner = textOf(statement, [i + 2, close - 1])
      .replace(/[\s`"]/g, '')
      .toLowerCase();
    if (!inner.endsWith(column)) return;
    const edit = { start: tokens[i + 2]!.start, end: tokens[close - 1]!.end, replacement: '*' };
    changes.push({ edits: [edit], replacements });
  });
  return changes;
}
