export * from './analyze/analyze.ts';
export { literalsOf } from './analyze/literals.ts';
export * from './assistant/index.ts';
export { blankMysqlHints, parseStatements } from './dialect/parse.ts';
export { routineStatementLabel, routineTextAsWritten } from './dialect/routines.ts';
export { splitStatements } from './dialect/split.ts';
export * from './indexes/candidates.ts';
export { estimatedIndexBytes, estimatedTableBytes } from './indexes/size.ts';
export type { ParsedStatement, StatementKind, TableRef } from './model/statement.ts';
export * from './mybatis/index.ts';
export * from './plans/index.ts';
export { unifiedDiff } from './report/diff.ts';
export * from './report/scores.ts';
export { ruleById, statementRules } from './rules/registry.ts';
export type { Rule, RuleContext, RuleMatch } from './rules/rule.ts';
export { checkSchema } from './schema/checks.ts';
export { type InferredTables, inferMissingTables, withInferredTables } from './schema/inferred-tables.ts';
export * from './schema/model.ts';
export { parseSchema } from './schema/parse-schema.ts';
export { rangeRefusal } from './schema/postgres-objects.ts';
export { SCHEMA_NOISE_FIRST_WORDS } from './schema/statement-kinds.ts';
export { mergeStatistics, parseStatisticsJson } from './schema/statistics-json.ts';
export { type AnalysisCaches, newAnalysisCaches, withAnalysisCaches } from './text/analysis-caches.ts';
export {
  type BindPlaceholder,
  bindPlaceholderNote,
  bindPlaceholders,
  withNativeParameters,
} from './text/bind-placeholders.ts';
export { codeTokens, isKeyword, type LexOptions, lex, type Token, type TokenKind } from './text/lexer.ts';
export { normalizeNewlines, type Position, positionAt } from './text/position.ts';
export * from './workload/index.ts';
