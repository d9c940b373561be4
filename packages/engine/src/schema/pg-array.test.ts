import { describe, expect, it } from 'vitest';
import { parsePgArray } from './pg-array.ts';

describe('PostgreSQL array text', () => {
  it('reads plain, quoted and escaped elements as pg_stats prints them', () => {
    expect(parsePgArray('{done,late,open,"x,y \\"q\\""}')).toEqual({ values: ['done', 'late', 'open', 'x,y "q"'] });
    expect(parsePgArray('{Lyon,"New York",Paris}')).toEqual({ values: ['Lyon', 'New York', 'Paris'] });
    expect(parsePgArray('{view,a|b,登录,click}')).toEqual({ values: ['view', 'a|b', '登录', 'click'] });
    expect(parsePgArray('{"2024-01-01 00:05:29+00","C:\\\\dir"}')).toEqual({
      values: ['2024-01-01 00:05:29+00', 'C:\\dir'],
    });
    expect(parsePgArray(' {1, 2 ,3} ')).toEqual({ values: ['1', '2', '3'] });
    expect(parsePgArray('{}')).toEqual({ values: [] });
  });

  it('tells SQL NULL from the string "NULL"', () => {
    expect(parsePgArray('{NULL,"NULL",null}')).toEqual({ values: [null, 'NULL', null] });
  });

  it('says what is wrong and where', () => {
    expect(parsePgArray('a,b')).toEqual({ error: 'an array is written {value,value,...}', offset: 0 });
    expect(parsePgArray('{a,"b}')).toMatchObject({ error: 'a quoted array element is not closed', offset: 3 });
    expect(parsePgArray('{a,,b}')).toMatchObject({ error: 'an array element is empty', offset: 3 });
    expect(parsePgArray('{{1,2},{3,4}}')).toMatchObject({ offset: 1 });
    expect(parsePgArray('{"a"b}')).toMatchObject({ error: 'expected a comma between array elements', offset: 4 });
  });
});
