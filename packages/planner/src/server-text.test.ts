import { describe, expect, it } from 'vitest';
import { reduceServerText } from './server-text.ts';

describe('reduceServerText', () => {
  const statement = 'SELECT a FROM Orders WHERE k = 42';

  it('keeps the server’s words and the user’s own names and values, and names the code', () => {
    expect(reduceServerText('relation "orders" does not exist', [statement], '42P01')).toBe(
      'relation "orders" does not exist (SQLSTATE 42P01)',
    );
    expect(reduceServerText("Unknown column 'a' in 'field list'", [statement], 1054)).toBe(
      "Unknown column 'a' in 'field list' (error 1054)",
    );
    expect(reduceServerText('column "orders.a" does not exist', [statement])).toBe('column "orders.a" does not exist');
  });

  it('drops what the user did not write: values read inside the sandbox, long numbers, other lines', () => {
    expect(
      reduceServerText(
        'invalid input syntax for type integer: "victim@example.com | root:x:0:0"\nDETAIL: more',
        [statement],
        '22P02',
      ),
    ).toBe('invalid input syntax for type integer: "…" (SQLSTATE 22P02)');
    expect(reduceServerText('could not open relation with OID 163840', [statement])).toBe(
      'could not open relation with OID …',
    );
    expect(reduceServerText(`value '${'x'.repeat(20)}' and \`n\` in 'where clause'`, ['x'])).toBe(
      "value '…' and `…` in 'where clause'",
    );
  });

  it('cuts a long message', () => {
    const long = reduceServerText(`error ${'word '.repeat(200)}`, []);
    expect(long.length).toBe(300);
    expect(long.endsWith('…')).toBe(true);
  });
});
