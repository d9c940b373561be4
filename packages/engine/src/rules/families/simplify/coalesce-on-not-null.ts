import type { Localized } from '@sqltune/contracts';
import { type AstNode, columnRef, functionArgs, functionName } from '../../../model/ast.ts';
import { isLiteralOf } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { ColumnDef, SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { ownedColumn } from '../../../semantics/scope.ts';
import { isInteger, isNumeric, isText } from '../../../semantics/types.ts';
import { matchAt, walkWithKeys } from '../../match-helpers.ts';
import { replaceNode } from '../../rewrite/replace.ts';
import { nodeTokens, textOf, tokenView } from '../../rewrite/tokens.ts';
import type { Change } from '../../rewrite/verify.ts';
import { allDialects, enclosingQuery, type Rule, type RuleMatch } from '../../rule.ts';
import { numberValue, stringValue } from '../clauses/helpers.ts';
import { querySources, settle, withReason } from './helpers.ts';

/**
 * `WHERE COALESCE(o_orderdate, '1900-01-01') >= ...` where o_orderdate is NOT NULL: the fallback is never
 * used, and wrapping the column in a function keeps the database from using an index on it.
 *
 * COALESCE(c, x, ...) (IFNULL(c, x) on MySQL) is c whenever c is not NULL, which a NOT NULL column never is,
 * unless its table sits on the NULL-extended side of an outer join. Only the value is the same: the result
 * type is the common type of all arguments (COALESCE(int_col, 1.5) is a decimal, and `/ 2` on it is no
 * longer an integer division in PostgreSQL; COALESCE(date_col, 'x') is a string on MySQL). So the rewrite
 * is made only in WHERE and ON, and only when every fallback has the column's own kind: NULL, an integer
 * literal for an integer column, a number literal for a decimal or float column, a string literal for a
 * text column. Other fallbacks are reported without a rewrite.
 */
export const coalesceOnNotNull: Rule = {
  id: 'coalesce-on-not-null',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE COALESCE(o_totalprice, 0) > 1000',
    good: 'SELECT o_orderkey FROM orders WHERE o_totalprice > 1000',
  },
  rewrites: true,
  title: { zh: '对非空列使用 COALESCE', en: 'COALESCE on a NOT NULL column' },
  rationale: {
    zh: 'COALESCE(列, 默认值) 只在列为 NULL 时才取默认值。列声明为 NOT NULL（且不在外连接可能补 NULL 的一侧）时，默认值永远用不上，而把列包在函数里会让数据库无法使用该列上的索引。在 WHERE 和 ON 条件中，当默认值与列是同一类型（整数列配整数、文本列配字符串等）时自动去掉 COALESCE；类型不同时结果类型可能改变，只报告不改写。',
    en: "COALESCE(column, default) only takes the default when the column is NULL. With the column declared NOT NULL (and not on the NULL-extended side of an outer join) the default is never used, and wrapping the column in a function keeps the database from using an index on it. In WHERE and ON conditions the COALESCE is removed automatically when the default has the column's own type (an integer for an integer column, a string for a text column, ...); otherwise the result type could change, so it is only reported.",
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkWithKeys(statement.ast, ({ node, ancestors, keys }) => {
      const name = functionName(node);
      if (name !== 'COALESCE' && !(name === 'IFNULL' && statement.dialect === 'mysql')) return;
      const query = enclosingQuery(ancestors);
      if (!query || !inPredicate(query, ancestors, keys)) return;
      const [first, ...fallbacks] = functionArgs(node);
      const column = notNullColumn(statement, schema, query, first);
      if (!column || fallbacks.length === 0) return;
      const parts = callParts(statement, node);
      // The parser reads `1.0` as the number 1: the text tells an integer literal from a decimal one.
      const sameKind = !!parts && fallbacks.every((f, i) => sameKindAs(column, f, parts.fallbacks[i]));
      const refusal: Localized | undefined = sameKind
        ? undefined
        : {
            zh: `（默认值与列的类型不同，去掉 ${name} 可能改变表达式的类型，未自动改写。）`,
            en: `(Not rewritten automatically: the default is not of the column's type, so removing ${name} could change the expression's type.)`,
          };
      const message = withReason(
        {
          zh: `${column.name} 声明为 NOT NULL，${name}(${column.name}, ...) 总是等于 ${column.name}，可以去掉，以便使用该列上的索引。`,
          en: `${column.name} is declared NOT NULL, so ${name}(${column.name}, ...) is always ${column.name}; drop the ${name} so an index on the column can be used.`,
        },
        refusal,
      );
      found.push({
        match: matchAt(node, message, statement.text),
        change: refusal || !parts ? undefined : unwrap(statement, node, first!, parts),
      });
    });
    return settle(statement, found);
  },
};

/** Whether the call sits in the WHERE or a join's ON of its own query. */
function inPredicate(query: AstNode, ancestors: AstNode[], keys: string[]): boolean {
  const at = ancestors.lastIndexOf(query);
  return keys[at] === 'where' || (keys[at] === 'from' && keys[at + 1] === 'on');
}

/** The NOT NULL column the argument names, when its table is never NULL-extended in this query. */
function notNullColumn(
  statement: ParsedStatement,
  schema: SchemaModel,
  query: AstNode,
  argument: AstNode | undefined,
): ColumnDef | undefined {
  const ref = columnRef(argument);
  const sources = ref && querySources(statement, schema, query);
  const resolved = sources ? ownedColumn(ref!, sources) : undefined;
  return resolved && !resolved.column.nullable && !resolved.source.nullable ? resolved.column : undefined;
}

/** A fallback that leaves the column's kind of value unchanged. */
function sameKindAs(column: ColumnDef, fallback: AstNode, text: string | undefined): boolean {
  if (isLiteralOf(fallback, 'null')) return true;
  if (numberValue(fallback) !== undefined && isNumeric(column)) {
    return !isInteger(column) || /^\d+$/.test(text ?? '');
  }
  return stringValue(fallback) !== undefined && isText(column);
}

interface CallParts {
  /** Token indices of the call's first and last tokens. */
  call: [number, number];
  /** The first argument's text. */
  column: string;
  fallbacks: string[];
}

/** The call's arguments as text, split at its own commas. */
function callParts(statement: ParsedStatement, call: AstNode): CallParts | undefined {
  const range = nodeTokens(statement, call);
  if (!range) return undefined;
  const view = tokenView(statement);
  const [first, last] = range;
  const open = first + 1;
  if (view.tokens[open]?.text !== '(' || view.partner.get(open) !== last) return undefined;
  const args: string[] = [];
  let from = open + 1;
  for (let i = open + 1; i <= last; i++) {
    if (i === last || (view.tokens[i]!.text === ',' && view.depth[i] === view.depth[open]! + 1)) {
      if (i === from) return undefined;
      args.push(textOf(statement, [from, i - 1]));
      from = i + 1;
    }
  }
  const [column, ...fallbacks] = args;
  return column ? { call: range, column, fallbacks } : undefined;
}

/** Replaces the call by its first argument's text, which must read as that argument. */
function unwrap(statement: ParsedStatement, call: AstNode, column: AstNode, parts: CallParts): Change | undefined {
  const change = replaceNode(statement, call, parts.column, parts.call);
  return change && sameTree(change.tree, column) ? change : undefined;
}
