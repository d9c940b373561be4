import { AppError, type Dialect, ErrorCode, type Localized } from '@sqltune/contracts';

/** Where in the user's plan text a problem is: 1-based line and column. */
export interface PlanPosition {
  line: number;
  column: number;
}

/** The EXPLAIN outputs we read, per dialect, as the 4204 message lists them. */
const acceptedFormats: Record<Dialect, Localized> = {
  mysql: {
    zh: 'MySQL/MariaDB 的 EXPLAIN 表格输出（含 MariaDB 的 ANALYZE）、EXPLAIN FORMAT=JSON（含 MariaDB 的 ANALYZE FORMAT=JSON）、MySQL 8 的 EXPLAIN FORMAT=TREE 和 EXPLAIN ANALYZE；mysql/mariadb 客户端的表格框、\\G 竖排和 -B 制表符输出，以及从结果表格复制的行（Navicat、DBeaver、Workbench）和 CSV 导出均可',
    en: 'MySQL/MariaDB tabular EXPLAIN (and MariaDB ANALYZE), EXPLAIN FORMAT=JSON (and MariaDB ANALYZE FORMAT=JSON), MySQL 8 EXPLAIN FORMAT=TREE and EXPLAIN ANALYZE; as the mysql/mariadb client prints them (boxed, \\G vertical or -B tab-separated), rows copied from a result grid (Navicat, DBeaver, Workbench) or exported as CSV',
  },
  postgresql: {
    zh: 'PostgreSQL 的 EXPLAIN 或 EXPLAIN ANALYZE 文本输出（可直接粘贴 psql、pgAdmin、DBeaver、DataGrip 的输出或 CSV 导出），或 EXPLAIN (FORMAT JSON) 的输出',
    en: 'PostgreSQL EXPLAIN or EXPLAIN ANALYZE as text (as psql, pgAdmin, DBeaver or DataGrip print or export it), or EXPLAIN (FORMAT JSON)',
  },
};

/**
 * The 4204 error for a plan we cannot read: field 'plan', the position of the first offending line, what is
 * wrong there, and which formats are accepted for the statement's dialect.
 */
export function planError(at: PlanPosition, reason: Localized, dialect: Dialect): AppError {
  const accepted = acceptedFormats[dialect];
  return new AppError(ErrorCode.PLAN_INVALID, {
    field: 'plan',
    line: at.line,
    column: at.column,
    message: {
      zh: `执行计划内容校验失败（第 ${at.line} 行第 ${at.column} 列）：${reason.zh}。可接受的格式：${accepted.zh}。`,
      en: `execution plan content validation failed (line ${at.line}, column ${at.column}): ${reason.en}. Accepted formats: ${accepted.en}.`,
    },
  });
}

/**
 * A reading problem inside one parser, before the dialect is known to it; parseUserPlan turns it into the
 * 4204 AppError. Keeping parsers dialect-free lets each one be tested alone.
 */
export class PlanReadError extends Error {
  constructor(
    readonly at: PlanPosition,
    readonly reason: Localized,
  ) {
    super(reason.en);
  }
}
