import { siteSpan } from '../analyze-mapper.ts';
import type { ForeachNode, IterateNode, SqlNode } from '../model.ts';
import { bothFrameworks, type MapperRule, type MapperRuleMatch, walkStatement } from './rule.ts';

/**
 * `IN <foreach collection="ids">`: the list grows with the collection, and nothing in the mapper bounds it. A long IN
 * list makes a statement text per length (no plan reuse), a long parse and plan, and past some thousands of items
 * hits the packet size or the optimizer's limits (MySQL's range_optimizer_max_mem_size turns it into a full scan).
 * A condition that tests the collection's size (`ids.size() <= 1000`) counts as a bound.
 */
export const foreachUnboundedIn: MapperRule = {
  id: 'mapper-foreach-unbounded-in',
  severity: 'warning',
  category: 'Execution Plan',
  frameworks: bothFrameworks,
  title: { zh: 'foreach 生成长度不受限的 IN 列表', en: 'foreach builds an IN list of unbounded length' },
  rationale: {
    zh: 'IN 列表由 <foreach>（iBatis 为 <iterate>）按集合生成，映射文件中没有限制集合大小。列表很长时，每种长度都是一条不同的语句，无法复用执行计划；解析和优化变慢；超过一定数量还会超出包大小或优化器的内存限制（MySQL 的 range_optimizer_max_mem_size 会退化为全表扫描）。请在 Java 中分批（例如每批 500 个），或用 <if test="ids.size() &lt;= 1000"> 设定上限，大量数据改用临时表或 JOIN。',
    en: 'The IN list is built by a <foreach> (<iterate> in iBatis) from a collection whose size nothing in the mapper bounds. A long list makes a distinct statement per length (no plan reuse), slows parsing and planning, and past some thousands of items exceeds the packet size or the optimizer\'s memory (MySQL\'s range_optimizer_max_mem_size falls back to a full scan). Split the collection into batches in Java (500 a batch, say), bound it with <if test="ids.size() &lt;= 1000">, or join a temporary table for large sets.',
  },
  example: {
    bad: '<select id="byIds">SELECT id, name FROM users WHERE id IN <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach></select>',
    good: '<select id="byIds">SELECT id, name FROM users WHERE id IN <if test="ids.size() &lt;= 500"><foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach></if></select>',
  },
  detect(context) {
    const matches: MapperRuleMatch[] = [];
    let textBefore = '';
    walkStatement(context, (node, ancestors) => {
      if (node.kind === 'text') {
        textBefore = node.text;
        return;
      }
      if (node.kind !== 'foreach' && node.kind !== 'iterate') return;
      const opening = node.kind === 'foreach' ? node.open : `${node.prepend} ${node.open}`;
      if (!/\bIN\s*$/i.test(textBefore) && !/\bIN\s*\(/i.test(opening)) return;
      if (ancestors.some(boundsSize)) return;
      matches.push({ span: siteSpan(node.site), message: messageFor(node, context.statement.framework === 'ibatis') });
    });
    return matches;
  },
};

/** `<if test="ids.size() <= 1000">` (or `lt`, `lte`, `<`): a condition that caps a collection's size. */
function boundsSize(node: SqlNode): boolean {
  return node.kind === 'if' && /\.size\(\)\s*(<=?|lte?\b)\s*\d+/.test(node.test);
}

function messageFor(node: ForeachNode | IterateNode, ibatis: boolean): { zh: string; en: string } {
  const collection = node.kind === 'foreach' ? node.collection : node.property;
  if (ibatis) {
    return {
      zh: `IN 列表的长度等于集合 ${collection} 的大小，映射文件中没有上限；请在 Java 中分批调用。`,
      en: `The IN list is as long as the collection ${collection}, with no bound in the mapper; call it in batches from Java.`,
    };
  }
  return {
    zh: `IN 列表的长度等于集合 ${collection} 的大小，映射文件中没有上限；请分批或用 <if test="${collection}.size() <= 1000"> 限制。`,
    en: `The IN list is as long as the collection ${collection}, with no bound in the mapper; split it into batches or bound it with <if test="${collection}.size() <= 1000">.`,
  };
}
