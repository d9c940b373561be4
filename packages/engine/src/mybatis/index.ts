export {
  analyzeMapper,
  type MapperAnalysis,
  type MapperInput,
  type MapperStatementAnalysis,
  type VariantAnalysis,
} from './analyze-mapper.ts';
export type { BoundText } from './binding.ts';
export type { Framework, MapperFile, MapperStatement, StatementKind as MapperStatementKind } from './model.ts';
export { statementKey } from './model.ts';
export { frameworkOfRoot, mapperFrameworkOf, readMapperFile } from './read-mapper.ts';
export {
  type BatchReport,
  mapperReport,
  rulesNotAskedIn,
  TEXT_SUBSTITUTION_NOT_PLANNED,
  type VariantBatch,
  type VariantPart,
  variantBatches,
} from './report.ts';
export { mapperRuleById, mapperRules } from './rules/registry.ts';
export type { MapperRule } from './rules/rule.ts';
export { type SourceFile, sourceFile, sourcePosition, type XmlLocation } from './source.ts';
export { BOUND, GENERATED, type Origin, PARAMETER, STATIC, Traced } from './traced.ts';
export { MAX_VARIANTS, type Variant } from './variants.ts';
