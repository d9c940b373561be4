import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, columnRef } from '../../../model/ast.ts';
import { isLiteralOf, isSelect } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { ctesOf, ownedColumn, queryScopes, type Source, sourcesOf } from '../../../semantics/scope.ts';
import { comparisonFamily } from '../../../semantics/types.ts';
import { isKeyword } from '../../../text/lexer.ts';
import { matchAt } from '../../match-helpers.ts';
import { removeFromAnd } from '../../rewrite/and-chain.ts';
import { balanced, nodeTokens, tokenView, wrapped } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { conjuncts } from '../relations/helpers.ts';
import { operatorOf, type Proposal, replaceRange } from './helpers.ts';

/**
 * `WHERE o_orderdate IS NOT NULL AND ...` on a column the schema declares NOT NULL: the condition holds
 * on every row, so it goes (with its AND; a WHERE of nothing else goes as a whole in a SELECT).
 *
 * Not when the column's table sits on the NULL-filled side of an outer join (the right side of LEFT
 * JOIN, the left of RIGHT JOIN, either of FULL JOIN): there the outer join makes NULLs and IS NOT NULL
 * keeps only matched rows. Only columns of the query's own tables that the schema knows, of a plain
 * number, text or time type (a PostgreSQL row value IS NOT NULL only when all its fields are); in MySQL
 * not DATE/DATETIME columns, whose zero dates MySQL treats as NULL in some IS [NOT] NULL tests. Only
 * conditions of the top AND chain of a WHERE. The whole WHERE of an UPDATE is reported, not removed.
 */
export const redundantIsNotNull: Rule = {
  id: 'redundant-is-not-null',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderstatus IS NOT NULL AND o_orderpriority = '1-URGENT'",
    good: "SELECT o_orderkey FROM orders WHERE o_orderpriority = '1-URGENT'",
  },
  rewrites: true,
  title: { zh: '对 NOT NULL 列判断 IS NOT NULL', en: 'IS NOT NULL on a NOT NULL column' },
  rationale: {
    zh: '表结构声明为 NOT NULL 的列，IS NOT NULL 对每一行都成立，不过滤任何行，却让语句更长、也可能干扰优化器的估算。只要该列所在的表不在外连接补 NULL 的一侧（LEFT JOIN 的右表、RIGHT JOIN 的左表、FULL JOIN 的两侧），这个条件就可以去掉。',
    en: 'On a column the table structure declares NOT NULL, IS NOT NULL holds on every row and filters nothing, yet it lengthens the statement and can skew the optimizer’s estimates. As long as the column’s table is not on the NULL-filled side of an outer join (the right of LEFT JOIN, the left of RIGHT JOIN, either side of FULL JOIN), the condition can go.',
  },
  detect({ statement, schema }) {
    const proposals: Proposal[] = [];
    const ctes = ctesOf(statement.ast);
    for (const { query } of queryScopes(statement.ast)) {
      const where = child(query, 'where');
      if (!where) continue;
      const sources = sourcesOf(query, schema, ctes);
      const nullable = nullFilled(sources);
      const conditions = conjuncts(where);
      const redundant = conditions.flatMap((condition) => {
        const found = redundancy(condition, sources, nullable, statement.dialect);
        return found ? [{ condition, ...found }] : [];
      });
      const wholeWhere = redundant.filter((r) => r.rewritable).length === conditions.length;
      redundant.forEach(({ condition, name, rewritable }, i) => {
        let change: Change | undefined;
        let note: Localized | undefined;
        if (!rewritable) {
          note = {
            zh: '（MySQL 对 NOT NULL 的 DATE/DATETIME 列的零值日期有特殊的 IS NULL 处理，未自动删除。）',
            en: '(Not removed automatically: MySQL treats zero dates in NOT NULL DATE/DATETIME columns specially in IS NULL tests.)',
          };
        } else if (!wholeWhere) change = andRemoval(statement, condition);
        else if (isSelect(query)) {
          // The first of them removes the whole clause; the others go with it.
          if (i === 0) change = whereRemoval(statement, where, conditions);
        } else {
          note = {
            zh: '（它是这条 UPDATE 的整个 WHERE，未自动删除：删除后语句会修改每一行，请确认意图。）',
            en: '(Not removed automatically: it is the whole WHERE of this UPDATE, which would then change every row; check the intent.)',
          };
        }
        const message: Localized = {
          zh: `${name} 声明为 NOT NULL，${name} IS NOT NULL 对每一行都成立，可以删除。${note?.zh ?? ''}`,
          en: `${name} is declared NOT NULL, so ${name} IS NOT NULL holds on every row and can go.${note ? ` ${note.en}` : ''}`,
        };
        proposals.push({ match: matchAt(condition, message, statement.text), change });
      });
    }
    return matchesWithEdits(statement, proposals);
  },
};

/** For `col IS NOT NULL` on a NOT NULL column of a table the query reads whole: its name and whether it may go. */
function redundancy(
  condition: AstNode,
  sources: Source[],
  nullable: Set<Source>,
  dialect: ParsedStatement['dialect'],
): { name: string; rewritable: boolean } | undefined {
  if (operatorOf(condition) !== 'IS NOT' || !isLiteralOf(child(condition, 'right'), 'null')) return undefined;
  const ref = columnRef(child(condition, 'left'));
  if (!ref || ref.column === '*') return undefined;
  // An unqualified column could also belong to a derived table or CTE the schema does not describe.
  if (!ref.table && sources.some((s) => !s.def)) return undefined;
  const owned = ownedColumn(ref, sources);
  if (!owned || owned.source.cte || owned.column.nullable || nullable.has(owned.source)) return undefined;
  if (!comparisonFamily(owned.column)) return undefined;
  const zeroDates = dialect === 'mysql' && ['DATE', 'DATETIME'].includes(owned.column.type);
  return { name: `${owned.source.table}.${owned.column.name}`, rewritable: !zeroDates };
}

/** Sources an outer join may fill with NULL (a FULL JOIN: every source). */
function nullFilled(sources: Source[]): Set<Source> {
  if (sources.some((s) => s.join.startsWith('FULL'))) return new Set(sources);
  const filled = new Set<Source>();
  sources.forEach((source, i) => {
    if (source.join.startsWith('LEFT')) filled.add(source);
    if (source.join.startsWith('RIGHT')) for (const earlier of sources.slice(0, i)) filled.add(earlier);
  });
  return filled;
}

function andRemoval(statement: ParsedStatement, condition: AstNode): Change | undefined {
  const range = nodeTokens(statement, condition);
  const edit = range && removeFromAnd(tokenView(statement), range);
  return edit ? { edits: [edit], replacements: new Map([[condition, null]]) } : undefined;
}

/** Removes `WHERE ...` when every condition of it goes. */
function whereRemoval(statement: ParsedStatement, where: AstNode, conditions: AstNode[]): Change | undefined {
  const view = tokenView(statement);
  const first = nodeTokens(statement, conditions[0]!);
  const last = nodeTokens(statement, conditions[conditions.length - 1]!);
  const range = first && last && balanced(view, [first[0], last[1]]);
  if (!range) return undefined;
  const [from, to] = wrapped(view, range);
  if (!isKeyword(view.tokens[from - 1], 'WHERE') || !view.tokens[from - 2]) return undefined;
  const edit = replaceRange(statement, [from - 2, to], view.tokens[from - 2]!.text);
  return { edits: [edit], replacements: new Map([[where, null]]) };
}
