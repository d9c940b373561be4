import type { Localized } from '@sqltune/contracts';
import { type AstNode, columnRef } from '../../../model/ast.ts';
import { isLiteralOf } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { SchemaModel } from '../../../schema/model.ts';
import { ownedColumn } from '../../../semantics/scope.ts';
import type { Change } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { isSelectDistinct, numberValue, selectItems, stringValue } from '../clauses/helpers.ts';
import { distinctByKey } from './distinct-on-unique-key.ts';
import {
  distinctMatch,
  dropDistinct,
  isNonText,
  isRecursive,
  ownClauses,
  querySources,
  type SetChain,
  setChains,
  settle,
  withReason,
} from './helpers.ts';

/**
 * `SELECT DISTINCT a FROM t UNION SELECT b FROM u`: UNION removes duplicate rows from everything it
 * combines, so de-duplicating one branch first is work done twice.
 *
 * UNION and UNION ALL are left-associative and of equal precedence in both dialects, so in
 * `b0 op0 b1 op1 b2 ...` branch i (i >= 1) enters through op(i-1), and branch 0 through op0; a UNION
 * (DISTINCT) at or after that point de-duplicates a result holding all of branch i's rows, and no later
 * UNION ALL can bring a removed duplicate back. Chains with INTERSECT/EXCEPT (which bind tighter) are left
 * alone, as are branches with their own LIMIT (DISTINCT then decides which rows are kept) and the branches
 * of a recursive CTE.
 *
 * The final de-duplication must also be at least as coarse as the branch's: on PostgreSQL, equality under
 * the (deterministic) collations is byte equality whatever the union's result type. On MySQL the union's
 * collation is derived from all branches, and a binary or case-sensitive column in another branch makes it
 * keep 'a' and 'A' apart where the branch's DISTINCT merged them. So on MySQL each output column must be
 * a number or date/time in every branch (by the table structure, or number literals), or the same table
 * column in every branch, or text columns of one collation the structure shows (string literals and NULL
 * allowed beside them, they take that collation).
 */
export const distinctInUnionBranch: Rule = {
  id: 'distinct-in-union-branch',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT DISTINCT o_custkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT c_custkey FROM customer WHERE c_acctbal < 0",
    good: "SELECT o_custkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT c_custkey FROM customer WHERE c_acctbal < 0",
  },
  rewrites: true,
  title: { zh: 'UNION 分支中多余的 DISTINCT', en: 'Redundant DISTINCT in a UNION branch' },
  rationale: {
    zh: 'UNION（不带 ALL）会对合并后的全部结果去重，分支里的 DISTINCT 先去一次重，结果不变，却多做一次排序或哈希。UNION 与 UNION ALL 混用时按从左到右结合，只有之后还有 UNION 去重的分支才会被改写；分支带 LIMIT、或链中有 INTERSECT/EXCEPT 时不改写。MySQL 中 UNION 的排序规则由各分支共同决定，另一分支的二进制或区分大小写的列会让最终去重比分支内更严格，所以 MySQL 上要求各分支同一位置的列都是数字或日期时间类型（依据表结构）、同一张表的同一列，或表结构显示排序规则相同的文本列。',
    en: "UNION (without ALL) removes duplicates from the combined result, so a DISTINCT in one of its branches de-duplicates first for nothing and costs an extra sort or hash. When UNION and UNION ALL are mixed they associate left to right, so only branches followed by a de-duplicating UNION are rewritten; branches with their own LIMIT and chains with INTERSECT/EXCEPT are left alone. On MySQL the union takes its collation from all branches, and a binary or case-sensitive column in another branch can make the final de-duplication stricter than the branch's, so there every output column must be a number or date/time in all branches (by the table structure), the same table column in all of them, or text columns the structure shows to have one collation.",
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    const recursive = isRecursive(statement);
    for (const chain of setChains(statement.ast)) {
      if (recursive && chain.inCte) continue;
      if (!chain.operators.every((op) => op === 'union' || op === 'union distinct' || op === 'union all')) continue;
      chain.branches.forEach((branch, i) => {
        if (!isSelectDistinct(branch) || ownClauses(chain, branch).limited || !coveredByUnion(chain, i)) return;
        // A branch whose own key makes its rows distinct is distinct-on-unique-key's.
        if (distinctByKey(statement, schema, branch)) return;
        const refusal = statement.dialect === 'mysql' ? collationRefusal(statement, schema, chain) : undefined;
        const message = withReason(
          {
            zh: '这个分支之后的 UNION 会对全部结果去重，分支中的 DISTINCT 不改变结果，可以去掉。',
            en: 'The UNION after this branch removes duplicates from the whole result, so the DISTINCT in the branch changes nothing and can go.',
          },
          refusal,
        );
        found.push({
          match: distinctMatch(statement, branch, message),
          change: refusal ? undefined : dropDistinct(statement, branch),
        });
      });
    }
    return settle(statement, found);
  },
};

/** Whether a de-duplicating UNION at or after the branch's entry point covers its rows. */
function coveredByUnion(chain: SetChain, index: number): boolean {
  return chain.operators.some((op, k) => k >= Math.max(index - 1, 0) && op !== 'union all');
}

/** Why MySQL's union may compare strings more strictly than the branch's DISTINCT did, or undefined. */
function collationRefusal(statement: ParsedStatement, schema: SchemaModel, chain: SetChain): Localized | undefined {
  const lists = chain.branches.map((branch) => {
    const sources = querySources(statement, schema, branch);
    return selectItems(branch).map(({ expr }) => ({ expr, sources }));
  });
  const width = lists[0]!.length;
  const safe =
    width > 0 &&
    lists.every((list) => list.length === width) &&
    Array.from({ length: width }, (_, p) => lists.map((list) => list[p]!)).every(positionSafe);
  if (safe) return undefined;
  return {
    zh: '（MySQL 中 UNION 的排序规则由各分支共同决定，无法从表结构确认各分支同一位置的列使用相同的排序规则，未自动去掉。）',
    en: '(Not removed automatically: on MySQL the union takes its collation from all branches, and the table structure does not show that each output column compares alike in every branch.)',
  };
}

type Item = { expr: AstNode; sources: ReturnType<typeof querySources> };

/** An output column compared by value in every branch, or the same table column in every branch. */
function positionSafe(items: Item[]): boolean {
  const resolved = items.map(({ expr, sources }) => {
    const ref = columnRef(expr);
    return ref && sources ? ownedColumn(ref, sources) : undefined;
  });
  const byValue = items.every(
    ({ expr }, i) => numberValue(expr) !== undefined || isLiteralOf(expr, 'null') || isNonText(resolved[i]?.column),
  );
  if (byValue) return true;
  // Text columns of one known collation in every branch: the union compares in it, as each branch's DISTINCT did.
  const collations = new Set(resolved.flatMap((r) => (r ? [r.column.collation] : [])));
  const oneCollation = collations.size === 1 && [...collations][0] !== undefined;
  const columns = new Set(
    resolved.flatMap((r) => (r?.source.def ? [`${r.source.def.name}.${r.column.name}`.toLowerCase()] : [])),
  );
  const others = items.filter((_, i) => !resolved[i]);
  return (
    (columns.size === 1 || oneCollation) &&
    others.every(
      ({ expr }) => isLiteralOf(expr, 'null') || (stringValue(expr) !== undefined && !isLiteralOf(expr, 'hex_string')),
    )
  );
}
