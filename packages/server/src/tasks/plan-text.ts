import { AppError, ErrorCode } from '@sqltune/contracts';

/**
 * A pasted execution plan must look like EXPLAIN output of a database we know: PostgreSQL text
 * (`cost=`), JSON (`"Plan"`, `"query_block"`), or MySQL's tabular/tree forms. Reading it in depth
 * comes with the plan-parser issue; this check rejects text that is plainly something else.
 */
const markers = [
  /cost=\d/i,
  /"Plan"\s*:/,
  /"query_block"\s*:/,
  /\bselect_type\b/i,
  /->\s*(Table scan|Index|Filter|Nested loop)/i,
  /\bSeq Scan\b|\bIndex Scan\b/,
];

export function checkPlanText(text: string): void {
  if (markers.some((marker) => marker.test(text))) return;
  throw new AppError(ErrorCode.PLAN_INVALID, {
    field: 'plan',
    line: 1,
    column: 1,
    message: {
      zh: '执行计划内容校验失败：请粘贴 EXPLAIN 的输出（PostgreSQL 文本或 JSON，MySQL 表格、TREE 或 JSON 格式）。',
      en: 'execution plan content validation failed: paste EXPLAIN output (PostgreSQL text or JSON, MySQL table, TREE or JSON format).',
    },
  });
}
