import type { Rule } from '../../rule.ts';
import { addColumnPosition } from './add-column-position.ts';
import { addNotNullColumnWithoutDefault } from './add-not-null-column-without-default.ts';
import { alterColumnTypeRewrite } from './alter-column-type-rewrite.ts';
import { autoIncrementNotBigint } from './auto-increment-not-bigint.ts';
import { countStarWithoutWhere } from './count-star-without-where.ts';
import { createIndexWithoutConcurrently } from './create-index-without-concurrently.ts';
import { createTableWithoutPrimaryKey } from './create-table-without-primary-key.ts';
import { dropTable } from './drop-table.ts';
import { enumColumn } from './enum-column.ts';
import { floatForMoney } from './float-for-money.ts';
import { foreignKeyConstraint } from './foreign-key-constraint.ts';
import { grantAllPrivileges } from './grant-all-privileges.ts';
import { indexHint } from './index-hint.ts';
import { indexTooManyColumns } from './index-too-many-columns.ts';
import { mixedCaseIdentifier } from './mixed-case-identifier.ts';
import { multiTableUpdateOrderLimit } from './multi-table-update-order-limit.ts';
import { nonInnodbEngine } from './non-innodb-engine.ts';
import { reservedWordIdentifier } from './reserved-word-identifier.ts';
import { textBlobIndexWithoutPrefix } from './text-blob-index-without-prefix.ts';
import { timestampColumn2038 } from './timestamp-column-2038.ts';
import { tooManyColumns } from './too-many-columns.ts';
import { truncateTable } from './truncate-table.ts';
import { utf8mb3Charset } from './utf8mb3-charset.ts';

/**
 * The rules of this family, in the order they run: destructive statements and privileges first, then
 * table definitions (keys, types, options, names), schema changes, and statement hygiene.
 */
export const structureRules: Rule[] = [
  dropTable,
  truncateTable,
  grantAllPrivileges,
  createTableWithoutPrimaryKey,
  textBlobIndexWithoutPrefix,
  indexTooManyColumns,
  floatForMoney,
  autoIncrementNotBigint,
  timestampColumn2038,
  enumColumn,
  foreignKeyConstraint,
  nonInnodbEngine,
  utf8mb3Charset,
  tooManyColumns,
  reservedWordIdentifier,
  mixedCaseIdentifier,
  addNotNullColumnWithoutDefault,
  addColumnPosition,
  alterColumnTypeRewrite,
  createIndexWithoutConcurrently,
  multiTableUpdateOrderLimit,
  countStarWithoutWhere,
  indexHint,
];
