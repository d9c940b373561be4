import { describe, expect, it } from 'vitest';
import { parseSchema } from '../schema/parse-schema.ts';
import {
  canonicalType,
  comparisonFamily,
  definedType,
  familyOfType,
  isDateOrTime,
  isExactNumber,
  isFloat,
  isInteger,
  isMysqlCollated,
  isNumeric,
  isStringType,
  isTemporal,
  isText,
} from './types.ts';

const typed = (type: string) => ({ type });

describe('type families', () => {
  it.each(['INT2', 'INT4', 'INT8', 'SMALLSERIAL', 'SERIAL', 'BIGSERIAL', 'MEDIUMINT', 'TINYINT'])(
    '%s is an exact integer',
    (type) => {
      expect(isInteger(typed(type))).toBe(true);
      expect(isExactNumber(typed(type))).toBe(true);
      expect(isNumeric(typed(type))).toBe(true);
      expect(comparisonFamily(typed(type))).toBe('number');
    },
  );

  it.each(['FLOAT4', 'FLOAT8', 'DOUBLE PRECISION', 'REAL', 'FLOAT', 'DOUBLE'])(
    '%s is numeric but not exact',
    (type) => {
      expect(isFloat(typed(type))).toBe(true);
      expect(isNumeric(typed(type))).toBe(true);
      expect(isExactNumber(typed(type))).toBe(false);
    },
  );

  it('tells dates and time stamps from times of day, and text from look-alikes', () => {
    expect(isTemporal(typed('TIMESTAMPTZ'))).toBe(true);
    expect(isTemporal(typed('TIME'))).toBe(false);
    expect(isDateOrTime(typed('TIME'))).toBe(true);
    expect(comparisonFamily(typed('TIME'))).toBeUndefined();
    expect(isText(typed('BPCHAR'))).toBe(true);
    expect(isText(typed('CHARACTER VARYING'))).toBe(true);
    // CITEXT compares case-insensitively and ENUM by its list: neither is plain text.
    expect(isText(typed('CITEXT'))).toBe(false);
    expect(isText(typed('ENUM'))).toBe(false);
    expect(isNumeric(typed('VARCHAR'))).toBe(false);
    expect(isNumeric(undefined)).toBe(false);
    expect(familyOfType('int8')).toBe('integer');
    expect(familyOfType('GEOMETRY')).toBeUndefined();
  });

  it('covers every numeric spelling the PostgreSQL structure reader gives', () => {
    const schema = parseSchema(
      'CREATE TABLE t (a int2, b int4, c int8, d smallserial, e float4, f float8, g numeric(5,2), h double precision);',
      'postgresql',
    );
    for (const column of schema.tables[0]!.columns) expect(isNumeric(column)).toBe(true);
  });

  it('spells synonyms of one type alike, and keeps types of different sizes apart', () => {
    expect(canonicalType('int4')).toBe('INT');
    expect(canonicalType('INTEGER')).toBe(canonicalType('INT'));
    expect(canonicalType('CHARACTER VARYING')).toBe('VARCHAR');
    expect(canonicalType('BPCHAR')).toBe('CHAR');
    expect(canonicalType('NUMERIC')).toBe('DECIMAL');
    // FLOAT is 4 bytes in MySQL and 8 in PostgreSQL; CHAR and VARCHAR compare trailing blanks differently.
    expect(canonicalType('FLOAT')).not.toBe(canonicalType('FLOAT8'));
    expect(canonicalType('CHAR')).not.toBe(canonicalType('VARCHAR'));
    expect(canonicalType('INT8')).not.toBe(canonicalType('INT'));
  });

  it('tells string types (a length counts) and MySQL types compared by a collation', () => {
    for (const type of ['VARCHAR', 'bpchar', 'CHARACTER VARYING', 'VARBINARY', 'LONGTEXT', 'MEDIUMBLOB'])
      expect(isStringType(type)).toBe(true);
    for (const type of ['INT', 'DECIMAL', 'DATE', 'ENUM', 'JSON']) expect(isStringType(type)).toBe(false);
    for (const type of ['CHAR', 'varchar', 'TINYTEXT', 'ENUM', 'SET']) expect(isMysqlCollated(type)).toBe(true);
    // Byte strings compare bytes; numbers and JSON have no collation.
    for (const type of ['VARBINARY', 'BLOB', 'INT', 'JSON']) expect(isMysqlCollated(type)).toBe(false);
  });
});

describe('the type a column definition names', () => {
  const types = (ddl: string, dialect: 'mysql' | 'postgresql') =>
    parseSchema(ddl, dialect).tables[0]!.columns.map((column) => column.type);

  it('reads the sized spellings as the types they stand for', () => {
    expect(
      types(
        'CREATE TABLE t (a INT2, b INT4, c INT8, d FLOAT4, e FLOAT8, f SERIAL2, g SERIAL4, h SERIAL8)',
        'postgresql',
      ),
    ).toEqual(['SMALLINT', 'INT', 'BIGINT', 'REAL', 'DOUBLE PRECISION', 'SMALLSERIAL', 'SERIAL', 'BIGSERIAL']);
    // MySQL's REAL is a DOUBLE: its FLOAT4 stays FLOAT.
    expect(types('CREATE TABLE t (a INT1, b INT3, c INT8, d FLOAT4, e FLOAT8)', 'mysql')).toEqual([
      'TINYINT',
      'MEDIUMINT',
      'BIGINT',
      'FLOAT',
      'DOUBLE',
    ]);
  });

  it('keeps a length in parentheses as a width or precision, not a size', () => {
    expect(types('CREATE TABLE t (a INT(8), b FLOAT(8), c BIGINT(20), d INT)', 'mysql')).toEqual([
      'INT',
      'FLOAT',
      'BIGINT',
      'INT',
    ]);
    expect(definedType({ dataType: 'int', length: 8, parentheses: true }, 'mysql')).toBe('INT');
    expect(definedType({ dataType: 'int', length: 8 }, 'postgresql')).toBe('BIGINT');
    expect(definedType({ dataType: 'INT', length: 5 }, 'postgresql')).toBe('INT');
  });

  it('reads `with time zone` as the zoned type, `without` as the plain one', () => {
    expect(
      types(
        `CREATE TABLE t (a timestamp with time zone, b timestamp(3) with time zone, c timestamp without time zone,
           d timestamptz, e time with time zone, f timestamp)`,
        'postgresql',
      ),
    ).toEqual(['TIMESTAMPTZ', 'TIMESTAMPTZ', 'TIMESTAMP', 'TIMESTAMPTZ', 'TIMETZ', 'TIMESTAMP']);
  });
});
