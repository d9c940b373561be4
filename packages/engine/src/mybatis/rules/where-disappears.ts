import type { Localized, Span } from '@sqltune/contracts';
import { parseStatements } from '../../dialect/parse.ts';
import { LARGE_TABLE_ROWS } from '../../plans/hotspots/full-scan-large-table.ts';
import { findTable } from '../../schema/model.ts';
import { siteSpan } from '../analyze-mapper.ts';
import type { SqlNode } from '../model.ts';
import {
  bothFrameworks,
  type MapperRule,
  type MapperRuleContext,
  renderAllFalse,
  topLevelClauses,
  walkStatement,
} from './rule.ts';

/**
 * An UPDATE or DELETE whose WHERE is written inside conditions (`<where>` of `<if>`s, `<dynamic prepend="WHERE">`):
 * when every condition is false, MyBatis runs it without a WHERE and it changes every row. It happens as soon as a
 * caller passes an empty object.
 */
export const writeWhereDisappears: MapperRule = {
  id: 'mapper-write-where-disappears',
  severity: 'critical',
  category: 'Other',
  frameworks: bothFrameworks,
  title: {
    zh: 'UPDATE/DELETE 的 WHERE 在条件都不成立时消失',
    en: 'UPDATE/DELETE loses its WHERE when every condition is false',
  },
  rationale: {
    zh: '这条 UPDATE 或 DELETE 的 WHERE 条件全部写在 <if>（或 iBatis 的条件标签）里。调用方传入的参数都为空时，MyBatis 生成的语句没有 WHERE，会修改或删除整张表。请把必需的条件（如主键）写在条件标签之外，或在 Java 代码中先校验参数。',
    en: 'Every condition of this UPDATE or DELETE sits inside an <if> (or an iBatis conditional). When the caller passes no parameter, MyBatis builds the statement without a WHERE and it changes or deletes every row of the table. Write the mandatory condition (the key) outside the conditional tags, or check the parameters in Java first.',
  },
  example: {
    bad: '<delete id="remove">DELETE FROM orders <where><if test="id != null">id = #{id}</if></where></delete>',
    good: '<delete id="remove">DELETE FROM orders WHERE id = #{id}</delete>',
  },
  supersedes: ['update-without-where', 'delete-without-where'],
  detect(context) {
    const { statement } = context;
    if (statement.kind !== 'update' && statement.kind !== 'delete') return [];
    const lost = whereLost(context);
    if (!lost) return [];
    const verb = statement.kind.toUpperCase();
    return [
      {
        span: lost.span,
        message: {
          zh: `所有条件都不成立时，${verb} 没有 WHERE，会作用于${tableText(lost.tables, 'zh')}的每一行：${lost.sql}`,
          en: `With every condition false this ${verb} has no WHERE and affects every row of ${tableText(lost.tables, 'en')}: ${lost.sql}`,
        },
      },
    ];
  },
};

/**
 * A SELECT whose WHERE is all conditional, on a table the statistics say is large: with every condition false it
 * reads (and returns) the whole table, a search form submitted empty is enough.
 */
export const selectWhereDisappears: MapperRule = {
  id: 'mapper-select-where-disappears',
  severity: 'warning',
  category: 'Scan Estimation',
  frameworks: bothFrameworks,
  title: {
    zh: '大表查询的 WHERE 在条件都不成立时消失',
    en: 'A query on a large table loses its WHERE when every condition is false',
  },
  rationale: {
    zh: '这条查询的条件全部写在 <if> 里，又没有 LIMIT。参数都为空时（例如空白的搜索表单），它读取并返回整张大表的所有行。请至少保留一个必需条件，或加上分页（LIMIT），或在 Java 中拒绝空条件。',
    en: 'Every condition of this query sits inside an <if> and it has no LIMIT. With no parameter (an empty search form, say) it reads and returns every row of a large table. Keep at least one mandatory condition, page it (LIMIT), or refuse empty criteria in Java.',
  },
  example: {
    bad: '<select id="search">SELECT id, o_status FROM orders <where><if test="status != null">o_status = #{status}</if></where></select>',
    good: '<select id="search">SELECT id, o_status FROM orders WHERE o_status = #{status} LIMIT 100</select>',
  },
  detect(context) {
    if (context.statement.kind !== 'select') return [];
    const lost = whereLost(context);
    if (!lost || lost.limit) return [];
    const large = lost.tables
      .map((name) => findTable(context.schema, name))
      .filter((t) => (t?.statistics?.rows ?? 0) >= LARGE_TABLE_ROWS);
    if (large.length === 0) return [];
    const sizes = large.map((t) => `${t!.name} (${t!.statistics!.rows.toLocaleString('en-US')})`).join(', ');
    return [
      {
        span: lost.span,
        message: {
          zh: `所有条件都不成立时，查询没有 WHERE 也没有 LIMIT，会读取整张表：${sizes} 行。`,
          en: `With every condition false the query has no WHERE and no LIMIT and reads whole tables: ${sizes} rows.`,
        },
      },
    ];
  },
};

interface LostWhere {
  span: Span;
  sql: string;
  tables: string[];
  limit: boolean;
}

/** The all-false rendering, when some variant has a WHERE and it does not. */
function whereLost(context: MapperRuleContext): LostWhere | undefined {
  const { dialect, variants } = context;
  if (!variants.some((v) => topLevelClauses(v.template.text, dialect).where)) return undefined;
  const rendered = renderAllFalse(context).sql.text;
  const clauses = topLevelClauses(rendered, dialect);
  if (clauses.where) return undefined;
  const tables = tablesOf(rendered, context);
  // Not a statement (an UPDATE whose SET is conditional too: `UPDATE t <if>SET a = 1 WHERE ...</if>`): the database
  // refuses it, and it changes or reads nothing.
  if (!tables) return undefined;
  return { span: whereSpan(context), sql: rendered.replace(/\s+/g, ' '), tables, limit: clauses.limit };
}

/** The tables of the text, or undefined when it does not parse. */
function tablesOf(sql: string, context: MapperRuleContext): string[] | undefined {
  try {
    return [...new Set(parseStatements(sql, context.dialect).flatMap((s) => s.tables.map((t) => t.name)))];
  } catch {
    return undefined;
  }
}

/** The tag that writes the WHERE (`<where>`, a trim with prefix WHERE, `<dynamic prepend="WHERE">`), else the statement. */
function whereSpan(context: MapperRuleContext): Span {
  let found: SqlNode | undefined;
  walkStatement(context, (node) => {
    if (found) return;
    const prefix = node.kind === 'trim' ? node.prefix : node.kind === 'dynamic' ? node.prepend : '';
    if (/^\s*where\b/i.test(prefix)) found = node;
  });
  return siteSpan(found?.site ?? context.statement.site);
}

function tableText(tables: string[], lang: keyof Localized): string {
  if (tables.length === 0) return lang === 'zh' ? '表' : 'the table';
  return tables.join(', ');
}
