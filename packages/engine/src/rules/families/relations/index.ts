import type { Rule } from '../../rule.ts';
import { ambiguousColumn } from './ambiguous-column.ts';
import { columnNotInSchema } from './column-not-in-schema.ts';
import { correlatedSubqueryInSelect } from './correlated-subquery-in-select.ts';
import { cteReferencedMultipleTimes } from './cte-referenced-multiple-times.ts';
import { cteUnused } from './cte-unused.ts';
import { forUpdateWithoutWhere } from './for-update-without-where.ts';
import { inSubqueryLimit } from './in-subquery-limit.ts';
import { isNullOnNotNullColumn } from './is-null-on-not-null-column.ts';
import { joinOnNonEquality } from './join-on-non-equality.ts';
import { joinOnUnindexedColumn } from './join-on-unindexed-column.ts';
import { joinTypeMismatch } from './join-type-mismatch.ts';
import { joinUsingOr } from './join-using-or.ts';
import { lockInShareMode } from './lock-in-share-mode.ts';
import { lockWithoutIndex } from './lock-without-index.ts';
import { mergeOnNotUniqueKey } from './merge-on-not-unique-key.ts';
import { naturalJoin } from './natural-join.ts';
import { nonNumericStringForNumber } from './non-numeric-string-for-number.ts';
import { outerJoinNullified } from './outer-join-nullified.ts';
import { passwordLiteralComparison } from './password-literal-comparison.ts';
import { recursiveCteUnbounded } from './recursive-cte-unbounded.ts';
import { scalarSubqueryMultipleRows } from './scalar-subquery-multiple-rows.ts';
import { serverFileAccess } from './server-file-access.ts';
import { sleepOrBenchmarkCall } from './sleep-or-benchmark-call.ts';
import { sqlCalcFoundRows } from './sql-calc-found-rows.ts';
import { tableNotInSchema } from './table-not-in-schema.ts';
import { templatePlaceholderInSql } from './template-placeholder-in-sql.ts';
import { templatePlaceholderInString } from './template-placeholder-in-string.ts';
import { updateJoinNotUnique } from './update-join-not-unique.ts';
import { updatePrimaryKey } from './update-primary-key.ts';
import { updateSubquerySameTable } from './update-subquery-same-table.ts';
import { updateWithLimitWithoutOrder } from './update-with-limit-without-order.ts';

/** The rules of this family, in the order they run: joins, subqueries, locking and updates, security, types and columns. */
export const relationsRules: Rule[] = [
  outerJoinNullified,
  joinOnNonEquality,
  joinUsingOr,
  joinTypeMismatch,
  joinOnUnindexedColumn,
  naturalJoin,
  ambiguousColumn,
  correlatedSubqueryInSelect,
  scalarSubqueryMultipleRows,
  inSubqueryLimit,
  cteUnused,
  cteReferencedMultipleTimes,
  recursiveCteUnbounded,
  forUpdateWithoutWhere,
  lockWithoutIndex,
  lockInShareMode,
  sqlCalcFoundRows,
  updateWithLimitWithoutOrder,
  updatePrimaryKey,
  updateJoinNotUnique,
  mergeOnNotUniqueKey,
  updateSubquerySameTable,
  templatePlaceholderInString,
  templatePlaceholderInSql,
  serverFileAccess,
  sleepOrBenchmarkCall,
  passwordLiteralComparison,
  tableNotInSchema,
  columnNotInSchema,
  nonNumericStringForNumber,
  isNullOnNotNullColumn,
];
