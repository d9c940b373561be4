import { child } from '../../../model/ast.ts';
import type { Rule } from '../../rule.ts';
import { columnDefinitions, columnSpan, matchIn, nameOf, targetTable } from './ddl.ts';

/** `ALTER TABLE t ADD COLUMN c ... AFTER b` / `FIRST`: before MySQL 8.0.29 only columns added last are instant. */
export const addColumnPosition: Rule = {
  id: 'add-column-position',
  category: 'Other',
  severity: 'info',
  dialects: ['mysql'],
  example: {
    bad: 'ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20) AFTER o_orderstatus',
    good: 'ALTER TABLE orders ADD COLUMN o_channel VARCHAR(20)',
  },
  rewrites: false,
  title: { zh: 'ADD COLUMN 指定了 AFTER/FIRST 位置', en: 'ADD COLUMN with AFTER or FIRST' },
  rationale: {
    zh: 'MySQL 8.0.12 起可以用 ALGORITHM=INSTANT 只改元数据来加列，但在 8.0.29 之前这只适用于加在表的最后一列；写了 AFTER 或 FIRST 就会退回到重建整张表（INPLACE 重建），大表要耗时很久并产生大量 I/O，从库回放时同样要重建，造成复制延迟。MySQL 5.7 加列总是重建。列在表中的物理顺序不影响查询，SELECT 可以按任意顺序列出列；除非确实需要，请去掉 AFTER/FIRST。',
    en: 'From MySQL 8.0.12, ALGORITHM=INSTANT adds a column by changing metadata only, but before 8.0.29 only for a column added last. AFTER or FIRST falls back to rebuilding the whole table (an INPLACE rebuild), which takes long on a large table with heavy I/O, and the replica repeats the rebuild and lags. MySQL 5.7 always rebuilds to add a column. The physical column order does not matter to queries, which can list columns in any order; drop AFTER/FIRST unless it is really needed.',
  },
  detect({ statement }) {
    const table = targetTable(statement.ast) ?? '';
    return columnDefinitions(statement.ast, statement.dialect)
      .filter((column) => column.action === 'add')
      .flatMap((column) => {
        const position = child(column.node, 'suffix');
        const keyword = String(position?.keyword ?? '').toUpperCase();
        if (keyword !== 'AFTER' && keyword !== 'FIRST') return [];
        const where = keyword === 'AFTER' ? `AFTER ${nameOf(child(position!, 'expr')) ?? ''}` : 'FIRST';
        return [
          matchIn(columnSpan(statement, column), {
            zh: `在表 ${table} 中以 ${where} 加列 ${column.name}：MySQL 8.0.29 之前会重建整张表，而不是即时完成。`,
            en: `Adding ${column.name} to ${table} with ${where} rebuilds the whole table before MySQL 8.0.29 instead of completing instantly.`,
          }),
        ];
      });
  },
};
