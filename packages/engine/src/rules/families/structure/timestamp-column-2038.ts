import type { Rule } from '../../rule.ts';
import { columnDefinitions, columnSpan, matchIn } from './ddl.ts';

/** A MySQL TIMESTAMP column: stored as 32-bit seconds since 1970, it ends on 2038-01-19. */
export const timestampColumn2038: Rule = {
  id: 'timestamp-column-2038',
  category: 'Other',
  severity: 'info',
  dialects: ['mysql'],
  example: {
    bad: 'CREATE TABLE subscription (id BIGINT PRIMARY KEY, expires_at TIMESTAMP NOT NULL)',
    good: 'CREATE TABLE subscription (id BIGINT PRIMARY KEY, expires_at DATETIME NOT NULL)',
  },
  rewrites: false,
  title: { zh: 'TIMESTAMP 列在 2038 年溢出', en: 'TIMESTAMP column ends in 2038' },
  rationale: {
    zh: "MySQL 的 TIMESTAMP 以 32 位秒数存储，取值范围只到 '2038-01-19 03:14:07' UTC。到期时间、合同期限、出生日期之外的远期日期等今天就可能超出范围：严格模式下写入报错，非严格模式下变成 '0000-00-00 00:00:00'。TIMESTAMP 还会按会话 time_zone 换算，换时区的客户端读到不同的值。请使用 DATETIME（范围到 9999 年），并约定统一存储 UTC。",
    en: "MySQL stores TIMESTAMP as 32-bit seconds, so its range ends at '2038-01-19 03:14:07' UTC. Expiry dates, contract terms and other future dates can exceed it today: strict mode rejects the write, and otherwise the value becomes '0000-00-00 00:00:00'. TIMESTAMP is also converted through the session time_zone, so clients in another zone read different values. Use DATETIME (good to year 9999) and store UTC by convention.",
  },
  detect({ statement }) {
    return columnDefinitions(statement.ast, statement.dialect)
      .filter((column) => column.type === 'TIMESTAMP')
      .map((column) =>
        matchIn(columnSpan(statement, column), {
          zh: `TIMESTAMP 列 ${column.name} 无法保存 2038-01-19 03:14:07 UTC 之后的时间；请考虑 DATETIME。`,
          en: `TIMESTAMP column ${column.name} cannot hold times after 2038-01-19 03:14:07 UTC; consider DATETIME.`,
        }),
      );
  },
};
