import { AppError } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { parseEach } from './parse.ts';
import { splitStatements } from './split.ts';

describe('splitStatements', () => {
  const texts = (input: string) => splitStatements(input, 'postgresql').map((s) => s.text);

  it('honours MySQL DELIMITER lines as the mysql client does: a routine is one statement, the lines are none', () => {
    const routine = "CREATE PROCEDURE p()\nBEGIN\n  SELECT ';$$' INTO @a;\n  SELECT 2;\nEND";
    const input = `SELECT 0;\nDELIMITER $$\n${routine}$$\nSELECT 1$$\nDELIMITER ;\nSELECT 3;`;
    const slices = splitStatements(input, 'mysql');
    expect(slices.map((s) => [s.text, s.line])).toEqual([
      ['SELECT 0', 1],
      [routine, 3],
      ['SELECT 1', 8],
      ['SELECT 3', 10],
    ]);
    // mysqldump's `;;`, and a delimiter glued to the END.
    const dumped =
      'DELIMITER ;;\nCREATE TRIGGER t BEFORE INSERT ON a FOR EACH ROW BEGIN SET @x = 1; END ;;\nDELIMITER ;\n';
    expect(splitStatements(dumped, 'mysql').map((s) => s.text)).toEqual([
      'CREATE TRIGGER t BEFORE INSERT ON a FOR EACH ROW BEGIN SET @x = 1; END',
    ]);
  });

  it('keeps a MySQL routine pasted without DELIMITER lines whole, blocks and CASE counted', () => {
    const routine = [
      'CREATE PROCEDURE p(IN a INT)',
      'BEGIN',
      '  IF a > 0 THEN SELECT CASE WHEN a = 1 THEN 1 ELSE 2 END; END IF;',
      '  CASE a WHEN 1 THEN SELECT 1; ELSE BEGIN SELECT 2; END; END CASE;',
      '  WHILE a > 0 DO SET a = a - 1; END WHILE;',
      'END',
    ].join('\n');
    expect(splitStatements(`${routine};\nSELECT 3;`, 'mysql').map((s) => s.text)).toEqual([routine, 'SELECT 3']);
    // Not a routine: BEGIN (a transaction) and END are statements as before.
    expect(splitStatements('BEGIN; SELECT 1; END;', 'mysql').map((s) => s.text)).toEqual(['BEGIN', 'SELECT 1', 'END']);
  });

  it("keeps a PostgreSQL BEGIN ATOMIC body whole, CASE ... END inside; a transaction's BEGIN is no body", () => {
    const routine = [
      'CREATE OR REPLACE PROCEDURE p(a int) LANGUAGE sql',
      'BEGIN ATOMIC',
      '  UPDATE t SET b = CASE WHEN a > 0 THEN 1 ELSE 2 END WHERE id = a;',
      '  DELETE FROM t WHERE id = a;',
      'END',
    ].join('\n');
    expect(splitStatements(`${routine};\nSELECT 3;`, 'postgresql').map((s) => s.text)).toEqual([routine, 'SELECT 3']);
    expect(splitStatements('BEGIN; SELECT 1; END;', 'postgresql').map((s) => s.text)).toEqual([
      'BEGIN',
      'SELECT 1',
      'END',
    ]);
    // A dollar-quoted body's BEGIN is inside its string; a trigger's EXECUTE FUNCTION names no body.
    const others = 'CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END $$ LANGUAGE plpgsql; SELECT 2;';
    expect(splitStatements(others, 'postgresql')).toHaveLength(2);
    const trigger = 'CREATE TRIGGER t AFTER INSERT ON a FOR EACH ROW EXECUTE FUNCTION f(); BEGIN; SELECT 1; END;';
    expect(splitStatements(trigger, 'postgresql')).toHaveLength(4);
  });

  it('reads DELIMITER as a word elsewhere: in a string, in PostgreSQL, not at a line start', () => {
    const input = "SELECT 'x\nDELIMITER $$' AS a; SELECT 2;";
    expect(splitStatements(input, 'mysql').map((s) => s.text)).toEqual(["SELECT 'x\nDELIMITER $$' AS a", 'SELECT 2']);
    expect(splitStatements('DELIMITER //\nSELECT 1; SELECT 2;', 'postgresql')).toHaveLength(2);
  });

  it('keeps code offsets and lines, and the comment lines written before each statement', () => {
    const input =
      '-- totals by day\n-- (report 7)\nSELECT 1;\nSELECT 2; -- about the second\n\n  /* third */\n\n  SELECT 3';
    const slices = splitStatements(input, 'mysql');
    expect(slices.map((s) => [s.text, s.line])).toEqual([
      ['SELECT 1', 3],
      ['SELECT 2', 4],
      ['SELECT 3', 8],
    ]);
    expect(slices[0]!.leadingComments).toBe('-- totals by day\n-- (report 7)\n');
    // A comment on the line of a `;` belongs to the statement it ends.
    expect(slices[1]!.leadingComments).toBeUndefined();
    // Blank lines and indentation between the comment and the code are kept: the text reads as submitted.
    expect(slices[2]!.leadingComments).toBe('  /* third */\n\n  ');
    for (const slice of slices) {
      const shown = `${slice.leadingComments ?? ''}${slice.text}`;
      expect(input).toContain(shown);
    }
  });

  it('numbers the lines of many statements, past multi-line strings, comments and statements', () => {
    const parts = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0
        ? `SELECT 'line\nbreak ${i}'\nFROM t;`
        : i % 3 === 1
          ? `/* note\n${i} */ UPDATE t SET a = ${i};\n`
          : `\n\nDELETE FROM t\nWHERE id = ${i};`,
    );
    const input = parts.join('\n');
    const slices = splitStatements(input, 'mysql');
    expect(slices).toHaveLength(60);
    for (const slice of slices) {
      expect(slice.line, slice.text).toBe(input.slice(0, slice.offset).split('\n').length);
    }
    expect(slices.at(-1)!.line).toBeGreaterThan(150);
  });

  it('gives no leading comments to a statement written without any', () => {
    const slices = splitStatements('SELECT 1;\nSELECT 2 -- trailing\n', 'postgresql');
    expect(slices.map((s) => s.leadingComments)).toEqual([undefined, undefined]);
  });

  it("keeps a block comment that ends a statement (Rails' marginalia) in its text, never a -- comment", () => {
    const marginalia = '/*application:Blog,controller:posts,action:show*/';
    const input = `SELECT "posts".* FROM "posts" WHERE "posts"."id" = $1 ${marginalia};\nSELECT 2 /* a */\n/* b */ ;\nSELECT 3 ${marginalia}`;
    expect(texts(input)).toEqual([
      `SELECT "posts".* FROM "posts" WHERE "posts"."id" = $1 ${marginalia}`,
      'SELECT 2 /* a */\n/* b */',
      `SELECT 3 ${marginalia}`,
    ]);
    // Negative: a -- comment, and a block comment on a line after the last statement without its `;`, stay out.
    expect(texts('SELECT 1 -- note\n;\nSELECT 2 -- trailing')).toEqual(['SELECT 1', 'SELECT 2']);
    expect(texts('SELECT 1\n/* the end */')).toEqual(['SELECT 1']);
    // A comment on the line after a `;` stays the next statement's leading comment.
    const [, next] = splitStatements(`SELECT 1;\n${marginalia} SELECT 2`, 'mysql');
    expect([next!.leadingComments, next!.text]).toEqual([`${marginalia} `, 'SELECT 2']);
  });

  it('does not take comments inside a statement for leading ones', () => {
    const [slice] = splitStatements('SELECT /* inner */ 1', 'postgresql');
    expect(slice!.leadingComments).toBeUndefined();
  });

  describe('semicolons inside parentheses', () => {
    const texts = (input: string, dialect: 'mysql' | 'postgresql') =>
      splitStatements(input, dialect).map((s) => s.text);

    it.each(['mysql', 'postgresql'] as const)('do not end a statement (%s)', (dialect) => {
      const rule = 'CREATE RULE r AS ON INSERT TO t DO ALSO (INSERT INTO log VALUES (1); UPDATE c SET n = n + 1)';
      expect(texts(`SELECT 1;\n${rule};\nSELECT 2;`, dialect)).toEqual(['SELECT 1', rule, 'SELECT 2']);
      // Nested, and the statement after it still starts on its own line.
      const nested = 'SELECT (SELECT (1; 2); 3)';
      const slices = splitStatements(`${nested};\nSELECT 4`, dialect);
      expect(slices.map((s) => [s.text, s.line])).toEqual([
        [nested, 1],
        ['SELECT 4', 2],
      ]);
    });

    it.each(['mysql', 'postgresql'] as const)(
      'in strings, quoted names and comments are not parentheses (%s)',
      (dialect) => {
        const quote = dialect === 'mysql' ? '`' : '"';
        const input = `SELECT ')' AS ${quote}(${quote} /* ( */; SELECT 2`;
        // The comment ending the first statement is its own (see marginalia above).
        expect(texts(input, dialect)).toEqual([`SELECT ')' AS ${quote}(${quote} /* ( */`, 'SELECT 2']);
      },
    );

    it.each(['mysql', 'postgresql'] as const)(
      'an unclosed ( does not swallow the rest of the input (%s)',
      (dialect) => {
        const input = 'SELECT (1;\nSELECT 2;\nSELECT 3';
        const slices = splitStatements(input, dialect);
        expect(slices.map((s) => [s.text, s.offset, s.line])).toEqual([
          ['SELECT (1', 0, 1],
          ['SELECT 2', 11, 2],
          ['SELECT 3', 21, 3],
        ]);
        // A later closed pair keeps its own semicolons inside; the unclosed one around it still splits.
        const rule = 'CREATE RULE r AS ON UPDATE TO t DO ALSO (DELETE FROM a; DELETE FROM b)';
        expect(texts(`SELECT (1; ${rule}; SELECT 2`, dialect)).toEqual(['SELECT (1', rule, 'SELECT 2']);
      },
    );

    it.each(['mysql', 'postgresql'] as const)('a stray ) changes nothing after it (%s)', (dialect) => {
      expect(texts('SELECT 1); SELECT (2; 3); SELECT 4', dialect)).toEqual(['SELECT 1)', 'SELECT (2; 3)', 'SELECT 4']);
    });

    it.each(['mysql', 'postgresql'] as const)(
      'syntax errors keep the places of the text as written (%s)',
      (dialect) => {
        const input = 'SELECT 1;\nSELECT (2;\nSELECT 3;\nSELECT (4;\n 5);\nSELECT 6';
        const outcomes = parseEach(input, dialect).map(({ statement, error }) => {
          const detail = error instanceof AppError ? error.detail : undefined;
          return [statement.text, statement.line, detail ? [detail.code, detail.line, detail.column] : null];
        });
        expect(outcomes).toEqual([
          ['SELECT 1', 1, null],
          // The unclosed ( ends its statement at the next `;`: the error is there, the next statement reads.
          ['SELECT (2', 2, [4202, 2, 10]],
          ['SELECT 3', 3, null],
          // A closed pair holds its `;`, which the parser refuses where it is written.
          ['SELECT (4;\n 5)', 4, [4202, 4, 10]],
          ['SELECT 6', 6, null],
        ]);
      },
    );
  });
});
