import { type AstNode, child, children, columnRef, isNode } from '../model/ast.ts';

/**
 * The name PostgreSQL gives an output column written without AS (its parser's FigureColname), so a materialized
 * view such as `SELECT customer_id, count(*), a + b FROM t` has the columns the sandbox makes: customer_id, count,
 * ?column?. A column is named by its last part, a call by its function (`count`, `lower`, `coalesce`,
 * `current_date`; `trim` is PostgreSQL's `btrim`), a field selection by its field, ARRAY / EXISTS / ROW by that word,
 * a CASE by its ELSE when that has a name (else `case`), a cast by what it casts when that has a name (else its
 * type's internal name: `int4`, `text`); anything else (operators, constants, a subquery) is `?column?`.
 */
export function postgresOutputName(expr: AstNode | undefined): string {
  return figured(expr)?.name ?? '?column?';
}

/** A name with PostgreSQL's strength: 2 for a real name, 1 for a fallback (`case`, a cast's type) a cast may replace. */
interface Figured {
  name: string;
  strength: 1 | 2;
}

function figured(expr: AstNode | undefined): Figured | undefined {
  if (!expr) return undefined;
  const ref = columnRef(expr);
  if (ref && ref.column !== '*') return { name: ref.column, strength: 2 };
  switch (expr.type) {
    case 'aggr_func':
    case 'window_func':
      return typeof expr.name === 'string' ? { name: expr.name.toLowerCase(), strength: 2 } : undefined;
    case 'function':
      return functionName(expr);
    case 'extract':
      return { name: 'extract', strength: 2 };
    case 'field_selection':
      return typeof expr.field === 'string' ? { name: expr.field, strength: 2 } : undefined;
    case 'array':
      return { name: 'array', strength: 2 };
    case 'case': {
      const otherwise = children(expr, 'args').find((arm) => arm.type === 'else');
      const inner = figured(otherwise ? child(otherwise, 'result') : undefined);
      return inner && inner.strength > 1 ? inner : { name: 'case', strength: 1 };
    }
    case 'cast': {
      const inner = figured(child(expr, 'expr'));
      if (inner && inner.strength > 1) return inner;
      const target = children(expr, 'target')[0];
      return target ? { name: internalTypeName(target), strength: 1 } : inner;
    }
    default:
      return undefined;
  }
}

function functionName(expr: AstNode): Figured | undefined {
  const parts = child(expr, 'name')?.name;
  const last = Array.isArray(parts) ? parts.at(-1) : undefined;
  const value = isNode(last) ? last.value : undefined;
  if (typeof value !== 'string') return undefined;
  // Quoted names keep their case; the parser gives others as written, which PostgreSQL folds.
  const name = isNode(last) && last.type === 'double_quote_string' ? value : value.toLowerCase();
  return { name: name === 'trim' ? 'btrim' : name, strength: 2 };
}

/** The names PostgreSQL's grammar gives the SQL-standard spellings of built-in types. */
const INTERNAL_TYPE_NAMES: Record<string, string> = {
  INT: 'int4',
  INTEGER: 'int4',
  BIGINT: 'int8',
  SMALLINT: 'int2',
  REAL: 'float4',
  FLOAT: 'float8',
  'DOUBLE PRECISION': 'float8',
  BOOLEAN: 'bool',
  'CHARACTER VARYING': 'varchar',
  CHAR: 'bpchar',
  CHARACTER: 'bpchar',
  DECIMAL: 'numeric',
  DEC: 'numeric',
  'BIT VARYING': 'varbit',
};

function internalTypeName(target: AstNode): string {
  const written = String(target.dataType ?? '').toUpperCase();
  const suffix = Array.isArray(target.suffix) ? target.suffix.join(' ').toUpperCase() : '';
  if (suffix === 'WITH TIME ZONE') return written === 'TIME' ? 'timetz' : 'timestamptz';
  return INTERNAL_TYPE_NAMES[written] ?? written.toLowerCase().split('.').at(-1) ?? '';
}
