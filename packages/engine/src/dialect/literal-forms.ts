import { type AstNode, isNode } from '../model/ast.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import { templatePlaceholders } from '../text/placeholders.ts';
import { type FormContext, notRead } from './markers.ts';
import { scanType } from './type-forms.ts';

/**
 * Literals node-sql-parser 5.4 refuses or misreads (issue 11's grammar corpus), read through marker calls
 * (markers.ts) and put back in the shape node-sql-parser gives the nearest literal it reads:
 *
 * MySQL
 *  - a character set introducer (`_utf8mb4'text'`, `_latin1 X'41'`, `_utf8mb4 0x41`), which the grammar reads as a
 *    column aliased by the string (`_utf8mb4 AS text`) unless it is `_binary`: the literal with its `prefix`, as
 *    node-sql-parser gives `_binary'text'`;
 *  - strings written next to each other (`'con' 'cat'`), one string to MySQL: one string node;
 *  - `0b1010` (read as a column named 0b1010): the bit string `b'1010'`;
 *  - numbers with an exponent and no point or sign (`1e3`, read as a column named 1e3), as node-sql-parser gives
 *    `1.5e3` ({type: 'bigint', value as written}), and numbers starting with a point (`.5`);
 *  - `\N`, MariaDB's NULL;
 *  - ODBC escapes: `{d '2024-01-31'}`, `{t ...}`, `{ts ...}` (read as DATE '...', TIME '...', TIMESTAMP '...', which
 *    they are) and `{ OJ ... }` around a join (the join).
 *
 * PostgreSQL
 *  - escape strings `E'a\nb'` (read as a name `E'a\nb'`), Unicode strings `U&'d\0061t' [UESCAPE '!']` (refused) and
 *    dollar-quoted strings `$$...$$`, `$tag$...$tag$` (read as a variable, or refused): string nodes with their value
 *    decoded and the prefix written (`{type: 'single_quote_string', value, prefix: 'E'}`);
 *  - strings with a backslash before a quote (`ESCAPE '\'`, `'C:\'`): a backslash is a character like any other in a
 *    standard string, but the grammar reads `\'` as an escaped quote and runs the string on; read as a plain string
 *    `'sqltune_string_<n>'` (valid wherever a string is: ESCAPE, DEFAULT, COMMENT), its value then put back;
 *  - `B'1010'`, `X'1F'`, `N'x'`: bit, hex and national strings, as node-sql-parser's MySQL grammar gives them;
 *  - numbers the grammar refuses or misreads: `.5`, `5.`, PostgreSQL 16's `0x1F`, `0o17`, `0b101` (read as 0 aliased
 *    x1F) and `1_000_000` (a number node, its value as written, underscores left out);
 *  - typed literals of types other than DATE, TIME, TIMESTAMP and INTERVAL (`int '42'`, `inet '10.0.0.1'`,
 *    `TIMESTAMP WITH TIME ZONE '...'`, `point '(1,2)'`): the cast they are, `{type: 'cast', keyword: 'cast', expr:
 *    <the string>, symbol: null, target: [<the type>]}`;
 *  - interval qualifiers the grammar refuses (`INTERVAL '1-2' YEAR TO MONTH`, `INTERVAL '1.5' SECOND(2)`):
 *    `{type: 'interval', expr, unit: 'year to month'}`, as node-sql-parser gives `INTERVAL '1' DAY`.
 */
export function literalForms(context: FormContext): void {
  quotedNames(context);
  if (context.dialect === 'mysql') {
    introducers(context);
    adjacentStrings(context);
    mysqlNumbers(context);
    odbcEscapes(context);
  } else {
    backslashStrings(context);
    postgresStrings(context);
    postgresNumbers(context);
    typedLiterals(context);
    intervalQualifiers(context);
  }
}

/** MySQL's character sets: `_<name>` before a string is an introducer. */
const CHARSETS = new Set(
  (
    'armscii8 ascii big5 binary cp1250 cp1251 cp1256 cp1257 cp850 cp852 cp866 cp932 dec8 eucjpms euckr gb18030 ' +
    'gb2312 gbk geostd8 greek hebrew hp8 keybcs2 koi8r koi8u latin1 latin2 latin5 latin7 macce macroman sjis swe7 ' +
    'tis620 ucs2 ujis utf16 utf16le utf32 utf8 utf8mb3 utf8mb4'
  ).split(' '),
);

/** A MySQL literal starting at token i: its last token index and the node node-sql-parser gives it, or undefined. */
function mysqlLiteralAt(tokens: Token[], i: number): number | undefined {
  const token = tokens[i];
  if (!token) return undefined;
  if (token.kind === 'string') return i;
  // X'41', B'101', N'x' (a word of one letter against a string)
  if (token.kind === 'word' && /^[xbn]$/i.test(token.text) && tokens[i + 1]?.kind === 'string') {
    return tokens[i + 1]!.start === token.end ? i + 1 : undefined;
  }
  if (token.kind === 'word' && /^(0x[0-9a-f]+|0b[01]+)$/i.test(token.text)) return i;
  return undefined;
}

function introducers({ text, tokens, substitutions, markers }: FormContext): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'word' || !token.text.startsWith('_')) continue;
    const charset = token.text.slice(1).toLowerCase();
    if (!CHARSETS.has(charset) || tokens[i - 1]?.text === '.') continue;
    const last = mysqlLiteralAt(tokens, i + 1);
    if (last === undefined) continue;
    const literal = text.slice(tokens[i + 1]!.start, tokens[last]!.end);
    // 0b1010 is read as a name: hand the parser the b'1010' it means.
    const written = /^0b/i.test(literal) ? `b'${literal.slice(2)}'` : literal;
    const prefix = token.text;
    substitutions.push({
      start: token.start,
      end: tokens[last]!.end,
      replacement: `${markers.open('a character set introducer', ([value], call) => withCollation({ ...value!, prefix }, call))}${written})`,
    });
    i = last;
  }
}

/** A bind parameter as the parser gives it: MySQL's `?`, or a named one. */
function isParameter(node: AstNode): boolean {
  return node.type === 'param' || (node.type === 'origin' && node.value === '?');
}

/** A literal's COLLATE clause, which the parser gives the marker call, where it gives a string's (`suffix`). */
function withCollation(literal: AstNode, call: AstNode): AstNode {
  return call.collate ? { ...literal, suffix: { collate: call.collate } } : literal;
}

/**
 * MySQL's strings written next to each other, and a MyBatis `#{}` among them (`LIKE "%"#{title}"%"`: the driver pastes
 * the value as a string, which MySQL joins to the strings beside it, so the pattern is `%` + value + `%`).
 */
function adjacentStrings({ tokens, substitutions, markers }: FormContext): void {
  const parameters = new Map(
    templatePlaceholders(tokens)
      .filter((p) => p.sigil === '#')
      .map((p) => [p.first, p.last] as const),
  );
  // The last token of the string or `#{}` at `k`, or undefined.
  const partEnd = (k: number) => (tokens[k]?.kind === 'string' ? k : parameters.get(k));
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.kind !== 'string') continue;
    let last = i;
    const ends = [i];
    for (let end = partEnd(last + 1); end !== undefined; end = partEnd(last + 1)) {
      last = end;
      ends.push(end);
    }
    if (last === i) continue;
    // N'a' 'b' and an introducer before the first string are left as they are (the introducer form reads them).
    const before = tokens[i - 1];
    if (before?.kind === 'word' && before.end === tokens[i]!.start) {
      i = last;
      continue;
    }
    const open = markers.open('strings written next to each other', (parts, call) => {
      // A parameter's value is only known at run time: the pattern holds what is written (`%%`).
      const value = parts.map((part) => (isParameter(part) ? '' : String(part.value ?? ''))).join('');
      return withCollation({ type: 'single_quote_string', value }, call);
    });
    substitutions.push({ start: tokens[i]!.start, end: tokens[i]!.start, replacement: open });
    for (const k of ends.slice(0, -1))
      substitutions.push({ start: tokens[k]!.end, end: tokens[k]!.end, replacement: ',' });
    substitutions.push({ start: tokens[last]!.end, end: tokens[last]!.end, replacement: ')' });
    i = last;
  }
}

function mysqlNumbers({ tokens, substitutions, markers }: FormContext): void {
  tokens.forEach((token, i) => {
    if (token.kind === 'word' && /^0b[01]+$/i.test(token.text) && !token.text.startsWith('_')) {
      if (tokens[i - 1]?.text === '.' || (tokens[i - 1]?.kind === 'word' && tokens[i - 1]!.end === token.start)) return;
      substitutions.push({ start: token.start, end: token.end, replacement: `b'${token.text.slice(2)}'` });
    } else if (token.kind === 'word' && /^\d+e\d+$/i.test(token.text)) {
      const value = token.text;
      substitutions.push({
        start: token.start,
        end: token.end,
        replacement: markers.call('a number with an exponent', () => ({ type: 'bigint', value })),
      });
    } else if (token.text === '\\' && isKeyword(tokens[i + 1], 'N') && tokens[i + 1]!.start === token.end) {
      substitutions.push({ start: token.start, end: tokens[i + 1]!.end, replacement: 'NULL' });
    }
  });
  pointNumbers(tokens, substitutions, markers);
}

/** `.5`: a point and digits after something that is not a name or a closing parenthesis. */
function pointNumbers(tokens: Token[], substitutions: FormContext['substitutions'], markers: FormContext['markers']) {
  tokens.forEach((token, i) => {
    const digits = tokens[i + 1];
    if (token.text !== '.' || !digits || digits.start !== token.end || !/^\d+([eE]\d*)?$/.test(digits.text)) return;
    const before = tokens[i - 1];
    if (before && before.end === token.start && (before.kind !== 'symbol' || before.text === ')')) return;
    const value = `.${digits.text}`;
    substitutions.push({
      start: token.start,
      end: digits.end,
      replacement: markers.call('a number starting with a point', () => ({ type: 'number', value })),
    });
  });
}

function odbcEscapes({ tokens, substitutions }: FormContext): void {
  const types: Record<string, string> = { D: 'DATE', T: 'TIME', TS: 'TIMESTAMP' };
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.text !== '{') continue;
    const kind = tokens[i + 1]?.text.toUpperCase() ?? '';
    if (types[kind] && tokens[i + 2]?.kind === 'string' && tokens[i + 3]?.text === '}') {
      substitutions.push(
        { start: tokens[i]!.start, end: tokens[i + 1]!.end, replacement: types[kind]! },
        { start: tokens[i + 3]!.start, end: tokens[i + 3]!.end, replacement: '' },
      );
      i += 3;
    } else if (kind === 'OJ') {
      let depth = 0;
      let close = -1;
      for (let k = i + 2; k < tokens.length; k++) {
        if (tokens[k]!.text === '{') depth++;
        else if (tokens[k]!.text === '}' && depth-- === 0) {
          close = k;
          break;
        }
      }
      if (close < 0) continue;
      substitutions.push(
        { start: tokens[i]!.start, end: tokens[i + 1]!.end, replacement: '' },
        { start: tokens[close]!.start, end: tokens[close]!.end, replacement: '' },
      );
    }
  }
}

const NAME_MARKER = 'sqltune_name_';

/**
 * A quoted name holding its own quote doubled (`"a""b"`, MySQL's `` `a``b` ``), which the grammars refuse: read as
 * `"sqltune_name_<n>"`, then every occurrence of that name in the tree gets the name written (a"b) back.
 */
function quotedNames({ tokens, substitutions, fixups }: FormContext): void {
  const names: string[] = [];
  for (const token of tokens) {
    if (token.kind !== 'quoted') continue;
    const quote = token.text[0]!;
    if (quote !== '"' && quote !== '`') continue;
    const inner = token.text.slice(1, -1);
    if (!inner.includes(quote + quote)) continue;
    substitutions.push({
      start: token.start,
      end: token.end,
      replacement: `${quote}${NAME_MARKER}${names.length}${quote}`,
    });
    names.push(inner.split(quote + quote).join(quote));
  }
  if (names.length === 0) return;
  fixups.push((ast) => {
    const visit = (value: unknown): unknown => {
      if (typeof value === 'string' && value.startsWith(NAME_MARKER))
        return names[Number(value.slice(NAME_MARKER.length))] ?? value;
      if (Array.isArray(value)) {
        for (let k = 0; k < value.length; k++) value[k] = visit(value[k]);
      } else if (isNode(value)) for (const key of Object.keys(value)) if (key !== 'loc') value[key] = visit(value[key]);
      return value;
    };
    visit(ast);
  });
}

const STRING_MARKER = 'sqltune_string_';

function backslashStrings({ tokens, substitutions, fixups }: FormContext): void {
  const values: string[] = [];
  for (const token of tokens) {
    if (token.kind !== 'string' || !token.text.startsWith("'") || !token.text.includes("\\'")) continue;
    substitutions.push({ start: token.start, end: token.end, replacement: `'${STRING_MARKER}${values.length}'` });
    values.push(token.text.slice(1, -1).replace(/''/g, "'"));
  }
  if (values.length === 0) return;
  fixups.push((ast, prepared) => {
    const restored = new Set<number>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) for (const item of value) visit(item);
      if (!isNode(value)) return;
      const written = typeof value.value === 'string' ? value.value : '';
      if (value.type === 'single_quote_string' && written.startsWith(STRING_MARKER)) {
        const index = Number(written.slice(STRING_MARKER.length));
        value.value = values[index] ?? written;
        restored.add(index);
      }
      for (const key of Object.keys(value)) if (key !== 'loc') visit(value[key]);
    };
    visit(ast);
    const missing = values.some((_, i) => !restored.has(i) && prepared.includes(`'${STRING_MARKER}${i}'`));
    if (missing) throw notRead('this string', 'ESCAPE');
  });
}

/** PostgreSQL's E'' escape sequences, decoded. */
function decodeEscapes(body: string): string {
  return body
    .replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/gs, (_, code: string) => {
      if (/^x/.test(code)) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
      if (/^[0-7]/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
      if (/^[uU]/.test(code) && code.length > 1) return String.fromCodePoint(Number.parseInt(code.slice(1), 16));
      return { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[code] ?? code;
    })
    .replace(/''/g, "'");
}

/** A U&'' string's body, decoded with its escape character. */
function decodeUnicode(body: string, escapeCharacter: string): string {
  const e = escapeCharacter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`${e}(${e}|\\+[0-9a-fA-F]{6}|[0-9a-fA-F]{4})`, 'g');
  return body
    .replace(pattern, (_, code: string) =>
      code === escapeCharacter ? escapeCharacter : String.fromCodePoint(Number.parseInt(code.replace('+', ''), 16)),
    )
    .replace(/''/g, "'");
}

function postgresStrings({ tokens, substitutions, markers }: FormContext): void {
  tokens.forEach((token, i) => {
    if (token.kind !== 'string') return;
    const text = token.text;
    let node: AstNode | undefined;
    let end = token.end;
    if (/^[eE]'/.test(text)) {
      node = { type: 'single_quote_string', value: decodeEscapes(text.slice(2, -1)), prefix: 'E' };
    } else if (/^[uU]&'/.test(text)) {
      let escapeCharacter = '\\';
      const next = tokens[i + 1];
      if (isKeyword(next, 'UESCAPE') && tokens[i + 2]?.kind === 'string') {
        escapeCharacter = tokens[i + 2]!.text.slice(1, -1);
        end = tokens[i + 2]!.end;
      }
      node = { type: 'single_quote_string', value: decodeUnicode(text.slice(3, -1), escapeCharacter), prefix: 'U&' };
    } else if (text.startsWith('$')) {
      const tag = /^\$[^$]*\$/.exec(text)![0];
      node = { type: 'single_quote_string', value: text.slice(tag.length, -tag.length), prefix: tag };
    } else if (/^[bB]'/.test(text)) {
      node = { type: 'bit_string', prefix: null, value: text.slice(2, -1) };
    } else if (/^[xX]'/.test(text)) {
      node = { type: 'hex_string', prefix: null, value: text.slice(2, -1) };
    } else if (/^[nN]'/.test(text)) {
      node = { type: 'natural_string', value: text.slice(2, -1).replace(/''/g, "'") };
    }
    if (!node) return;
    const built = node;
    substitutions.push({ start: token.start, end, replacement: markers.call('this string', () => built) });
  });
}

function postgresNumbers({ tokens, substitutions, markers }: FormContext): void {
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || tokens[i - 1]?.text === '.') return;
    let value: string | undefined;
    if (/^0[xX][0-9a-fA-F_]+$|^0[oO][0-7_]+$|^0[bB][01_]+$/.test(token.text)) value = token.text.replace(/_/g, '');
    else if (/^\d[\d_]*(\.[\d_]*)?$/.test(token.text) && (token.text.includes('_') || token.text.endsWith('.'))) {
      value = token.text.replace(/_/g, '');
    } else if (/^\d+[eE]\d+$/.test(token.text)) {
      const written = token.text;
      substitutions.push({
        start: token.start,
        end: token.end,
        replacement: markers.call('a number with an exponent', () => ({ type: 'bigint', value: written })),
      });
      return;
    }
    if (value === undefined) return;
    const number = value;
    substitutions.push({
      start: token.start,
      end: token.end,
      replacement: markers.call('this number', () => ({ type: 'number', value: number })),
    });
  });
  pointNumbers(tokens, substitutions, markers);
}

/** Built-in PostgreSQL types written before a string as a typed literal (DATE, TIME, TIMESTAMP, INTERVAL aside). */
const LITERAL_TYPES = new Set(
  (
    'INT INTEGER INT2 INT4 INT8 SMALLINT BIGINT FLOAT4 FLOAT8 REAL NUMERIC DECIMAL BOOL BOOLEAN TEXT VARCHAR CHAR ' +
    'CHARACTER BPCHAR NAME JSON JSONB JSONPATH XML BYTEA UUID INET CIDR MACADDR MACADDR8 MONEY POINT LINE LSEG BOX ' +
    'PATH POLYGON CIRCLE TSVECTOR TSQUERY TIMESTAMPTZ TIMETZ BIT VARBIT OID REGCLASS REGTYPE REGPROC INT4RANGE ' +
    'INT8RANGE NUMRANGE TSRANGE TSTZRANGE DATERANGE PG_LSN DOUBLE TIME TIMESTAMP'
  ).split(' '),
);

function typedLiterals({ tokens, substitutions, markers }: FormContext): void {
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || !LITERAL_TYPES.has(token.text.toUpperCase())) return;
    if (tokens[i - 1]?.text === '.' || (tokens[i - 1]?.text === ':' && tokens[i - 2]?.text === ':')) return;
    if (isKeyword(tokens[i - 1], 'AS')) return;
    const scanned = scanType(tokens, i, 'postgresql');
    if (!scanned) return;
    const literal = tokens[scanned.end + 1];
    if (literal?.kind !== 'string' || !literal.text.startsWith("'")) return;
    // DATE '...', TIME '...', TIMESTAMP '...': the grammar's own.
    const name = String(scanned.type.dataType);
    if ((name === 'TIME' || name === 'TIMESTAMP') && !scanned.type.suffix && scanned.type.length === undefined) return;
    const type = scanned.type;
    const open = markers.open('a typed literal', ([value]) => ({
      type: 'cast',
      keyword: 'cast',
      expr: value,
      symbol: null,
      target: [type],
    }));
    substitutions.push(
      { start: token.start, end: literal.start, replacement: open },
      { start: literal.end, end: literal.end, replacement: ')' },
    );
  });
}

const INTERVAL_UNITS = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND'];

function intervalQualifiers({ tokens, substitutions, markers }: FormContext): void {
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'INTERVAL') || tokens[i + 1]?.kind !== 'string') return;
    let k = i + 2;
    const words: string[] = [];
    while (INTERVAL_UNITS.includes(tokens[k]?.text.toUpperCase() ?? '') || isKeyword(tokens[k], 'TO')) {
      words.push(tokens[k]!.text.toLowerCase());
      k++;
    }
    let precision = '';
    if (
      words.length > 0 &&
      tokens[k]?.text === '(' &&
      /^\d+$/.test(tokens[k + 1]?.text ?? '') &&
      tokens[k + 2]?.text === ')'
    ) {
      precision = `(${tokens[k + 1]!.text})`;
      k += 3;
    }
    // INTERVAL '1' DAY is the grammar's own; a range of fields or a precision is not.
    if (words.length < 2 && !precision) return;
    const unit = `${words.join(' ')}${precision}`;
    const open = markers.open('an interval qualifier', ([value]) => ({ type: 'interval', expr: value, unit }));
    substitutions.push(
      { start: token.start, end: tokens[i + 1]!.start, replacement: open },
      { start: tokens[i + 1]!.end, end: tokens[k - 1]!.end, replacement: ')' },
    );
  });
}
