import { describe, expect, it } from 'vitest';
import { exclusiveTests } from './exclusive.ts';

describe('exclusiveTests', () => {
  it('reads tests that cannot both hold: two values, a value and not it, null and not null', () => {
    expect(exclusiveTests('x == 1', 'x == 2')).toBe(true);
    expect(exclusiveTests("type == 'a'", "type != 'a'")).toBe(true);
    expect(exclusiveTests('x != null', 'x == null')).toBe(true);
    expect(exclusiveTests('x eq 1', 'x neq 1')).toBe(true);
    expect(exclusiveTests('x == 1 and y != null', 'x == 2')).toBe(true);
    expect(exclusiveTests('x == 1 && y != null', 'y == null')).toBe(true);
    // As mappers write a string OGNL must not read as a char, and with equals, either way round.
    expect(exclusiveTests("type == '1'.toString()", 'type == "2"')).toBe(true);
    expect(exclusiveTests("'email'.equals(field)", "field.equals('phone')")).toBe(true);
    expect(exclusiveTests("field != null and 'a' == field", "!field.equals('a')")).toBe(true);
  });

  it('leaves tests that can both hold, or that it does not read', () => {
    expect(exclusiveTests('x == 1', 'x == 1')).toBe(false);
    expect(exclusiveTests('x != 1', 'x != 2')).toBe(false);
    expect(exclusiveTests('x == 1', 'y == 2')).toBe(false);
    expect(exclusiveTests('x == 1 and y != null', 'x == 1')).toBe(false);
    expect(exclusiveTests('x == 1 or y == 2', 'x == 2')).toBe(false);
    expect(exclusiveTests('x > 1', 'x < 1')).toBe(false);
    expect(exclusiveTests('list.size() == 0', 'list.size() == 1')).toBe(false);
    expect(exclusiveTests("type == '1'.toString()", "type.equals('1')")).toBe(false);
    expect(exclusiveTests('field.equals(other)', "field.equals('a')")).toBe(false);
  });
});
