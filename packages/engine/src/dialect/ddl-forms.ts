import { type AstNode, isNode } from '../model/ast.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import { keyExpressions } from './key-expressions.ts';
import { closingParen, type FormContext, fragment, notRead } from './markers.ts';

/**
 * CREATE TABLE and CREATE INDEX forms node-sql-parser 5.4 refuses or misreads (issue 11's grammar corpus), read from a
 * substituted copy (grammar-gaps.ts explains the mechanism). Clauses the grammar has no place for are left out for the
 * parser and put back on the node they belong to: a column or constraint definition (by its place in the
 * definitions, which the tree keeps in order) or the statement. Where node-sql-parser has a field for the clause in
 * one of its grammars, the clause goes there in that shape (`reference_definition.match: 'match full'`, a CHECK's
 * `enforced`, a generated column's `generated: {type: 'generated', expr, value, storage_type}`, `table_options`
 * entries `{keyword, symbol, value}`, `if_not_exists`, `replace: 'or replace'`, `partition_of`); otherwise under a key
 * named after the clause, its value as written (keywords upper case): `invisible: 'INVISIBLE'`, `srid: 4326`,
 * `nulls: 'NULLS NOT DISTINCT'`, `include: ['b', 'c']`, `identity: 'GENERATED ALWAYS AS IDENTITY (...)'`. Partitioning
 * clauses, storage parameters and LIKE / EXCLUDE definitions, which no rule reads, are kept as their text
 * (`{type: 'origin', value}`), never as a guess at their parts. Also read: a PostgreSQL CREATE TABLE AS column list
 * (which the grammar reads as a call of a function named after the table), `LOCAL TEMPORARY`, and MySQL's
 * multi-valued key parts (`CAST(tags AS UNSIGNED ARRAY)`).
 */
export function ddlForms(context: FormContext): void {
  const { tokens } = context;
  if (!isKeyword(tokens[0], 'CREATE')) return;
  const changes: Change[] = [];
  let k = 1;
  // CREATE OR REPLACE TABLE | INDEX (MariaDB), CREATE LOCAL | GLOBAL TEMPORARY (PostgreSQL, where both mean TEMP).
  if (
    isKeyword(tokens[1], 'OR') &&
    isKeyword(tokens[2], 'REPLACE') &&
    /^(TABLE|INDEX|UNIQUE)$/i.test(tokens[3]?.text ?? '')
  ) {
    blankTokens(context, 1, 2);
    changes.push({ apply: (ast) => (ast.replace = 'or replace') });
    k = 3;
  }
  if (
    (isKeyword(tokens[k], 'LOCAL') || isKeyword(tokens[k], 'GLOBAL')) &&
    /^TEMP(ORARY)?$/i.test(tokens[k + 1]?.text ?? '')
  ) {
    const scope = tokens[k]!.text.toUpperCase();
    blankTokens(context, k, k);
    changes.push({ apply: (ast) => (ast.temporary_scope = scope) });
  }
  if (context.dialect === 'mysql') multiValuedKeyParts(context);
  const index = tokens.findIndex((t, i) => i < 6 && isKeyword(t, 'INDEX'));
  const table = tokens.findIndex((t, i) => i < 6 && isKeyword(t, 'TABLE'));
  if (index > 0 && (table < 0 || index < table)) createIndex(context, index, changes);
  else if (table > 0) createTable(context, table, changes);
  if (changes.length === 0) return;
  context.fixups.push((ast) => {
    const definitions = Array.isArray(ast.create_definitions) ? ast.create_definitions : [];
    for (const change of changes) {
      if (change.definition === undefined) change.apply(ast);
      else {
        const node = definitions[change.definition];
        if (!isNode(node)) throw notRead('this table definition', 'CREATE');
        change.apply(node, definitions);
      }
    }
  });
}

interface Change {
  /** The definition's place among the table's definitions; none: the statement. */
  definition?: number;
  apply: (node: AstNode, definitions?: unknown[]) => unknown;
}

/**
 * MySQL 8's multi-valued key part, `CAST(json AS UNSIGNED ARRAY)` (SHOW CREATE TABLE prints `cast(json_extract(...)
 * as unsigned array)`): read as the CAST it is without ARRAY, which the grammar lacks. The key's text, as written,
 * keeps it; the MariaDB sandbox plans such a key as no index (it has no functional key parts), with a note.
 */
function multiValuedKeyParts(context: FormContext): void {
  const { tokens } = context;
  tokens.forEach((token, i) => {
    if (isKeyword(token, 'ARRAY') && tokens[i + 1]?.text === ')' && tokens[i - 1]?.kind === 'word') {
      blankTokens(context, i, i);
    }
  });
}

function blankTokens(context: FormContext, first: number, last: number, replacement = ''): void {
  const { tokens } = context;
  context.substitutions.push({ start: tokens[first]!.start, end: tokens[last]!.end, replacement });
}

const upper = (t: Token | undefined) => (t && (t.kind === 'word' || t.kind === 'symbol') ? t.text.toUpperCase() : '');

/** The text of tokens first..last as written, blanks between them reduced to one. */
function textOf(context: FormContext, first: number, last: number): string {
  return context.text.slice(context.tokens[first]!.start, context.tokens[last]!.end).replace(/\s+/g, ' ');
}

/** The last token of a clause made of the words `phrase` (`'NULLS NOT DISTINCT'`) at `k`, or -1. */
function phrase(tokens: Token[], k: number, words: string): number {
  const list = words.split(' ');
  return list.every((word, n) => upper(tokens[k + n]) === word) ? k + list.length - 1 : -1;
}

function createIndex(context: FormContext, index: number, changes: Change[]): void {
  const { tokens } = context;
  let k = index + 1;
  if (isKeyword(tokens[k], 'CONCURRENTLY')) k++;
  const ifNotExists = phrase(tokens, k, 'IF NOT EXISTS');
  if (ifNotExists > 0 && context.dialect === 'mysql') {
    blankTokens(context, k, ifNotExists);
    changes.push({ apply: (ast) => (ast.if_not_exists = 'IF NOT EXISTS') });
  } else if (ifNotExists > 0 && isKeyword(tokens[index + 1], 'CONCURRENTLY')) {
    // PostgreSQL: the grammar reads IF NOT EXISTS, and CONCURRENTLY, but not both.
    blankTokens(context, k, ifNotExists);
    changes.push({ apply: (ast) => (ast.if_not_exists = 'if not exists') });
  }
  const on = tokens.findIndex((t, i) => i > index && isKeyword(t, 'ON'));
  if (on < 0) return;
  if (isKeyword(tokens[on + 1], 'ONLY')) {
    blankTokens(context, on + 1, on + 1);
    changes.push({ apply: (ast) => (ast.only = true) });
  }
  // USING <method> for methods the grammar does not list: brin, spgist and those of extensions (bloom, pgvector's
  // hnsw and ivfflat), any name, as an extension may add one. pg_dump run with --quote-all-identifiers (Supabase's
  // dumps) quotes the method too: `USING "btree"`.
  const using = tokens.findIndex((t, i) => i > on && isKeyword(t, 'USING'));
  const method = tokens[using + 1];
  const methodName = method?.kind === 'quoted' ? method.text.slice(1, -1).replace(/""/g, '"') : method?.text;
  const isMethod = method?.kind === 'word' || (method?.kind === 'quoted' && /^\w+$/.test(methodName ?? ''));
  if (using > 0 && context.dialect === 'postgresql' && isMethod && method?.kind === 'quoted' && methodName) {
    if (GRAMMAR_INDEX_METHODS.has(methodName.toUpperCase())) blankTokens(context, using + 1, using + 1, methodName);
  }
  if (
    using > 0 &&
    context.dialect === 'postgresql' &&
    isMethod &&
    methodName &&
    !GRAMMAR_INDEX_METHODS.has(methodName.toUpperCase())
  ) {
    const written = methodName.toLowerCase();
    blankTokens(context, using + 1, using + 1, 'gist');
    changes.push({
      apply: (ast) => {
        if (isNode(ast.index_using)) ast.index_using.type = written;
      },
    });
  }
  const columns = tokens.findIndex((t, i) => i > on && t.text === '(');
  const close = columns > 0 ? closingParen(tokens, columns) : -1;
  if (close < 0) return;
  if (context.dialect === 'postgresql') qualifiedOperatorClasses(context, columns, close);
  const annotateKeys = keyExpressions(context, columns, close);
  if (annotateKeys) changes.push({ apply: (ast) => annotateKeys(ast.index_columns) });
  const nulls = findPhrase(tokens, close + 1, tokens.length, ['NULLS NOT DISTINCT', 'NULLS DISTINCT']);
  if (nulls) {
    blankTokens(context, nulls.first, nulls.last);
    const written = nulls.words;
    changes.push({ apply: (ast) => (ast.nulls = written) });
  }
}

/** The index methods node-sql-parser's PostgreSQL grammar reads after USING. */
const GRAMMAR_INDEX_METHODS = new Set(['BTREE', 'HASH', 'GIST', 'GIN']);

const isName = (t: Token | undefined) => t?.kind === 'word' || t?.kind === 'quoted';

/**
 * A schema-qualified operator class after an index element (`name public.gin_trgm_ops`, as pg_dump prints one of an
 * extension in `public`; the lexer reads it as one word): the grammar reads an unqualified one only, so the schema and
 * its dot are left out for it. An operator class is the only name that may follow an element's name, `)` or
 * collation directly.
 */
function qualifiedOperatorClasses(context: FormContext, open: number, close: number): void {
  const { tokens } = context;
  for (let i = open + 2; i < close; i++) {
    const before = tokens[i - 1];
    const t = tokens[i]!;
    const afterElement = (isName(before) && !isKeyword(before, 'COLLATE')) || before?.text === ')';
    const dot = t.kind === 'word' ? t.text.lastIndexOf('.') : -1;
    if (afterElement && dot > 0)
      context.substitutions.push({ start: t.start, end: t.start + dot + 1, replacement: '' });
  }
}

/** The first of `phrases` written at depth 0 between `from` and `to`. */
function findPhrase(
  tokens: Token[],
  from: number,
  to: number,
  phrases: string[],
): { first: number; last: number; words: string } | undefined {
  let depth = 0;
  for (let k = from; k < Math.min(to, tokens.length); k++) {
    if (tokens[k]!.text === '(') depth++;
    else if (tokens[k]!.text === ')') depth--;
    if (depth !== 0) continue;
    for (const words of phrases) {
      const last = phrase(tokens, k, words);
      if (last >= 0 && last < to) return { first: k, last, words };
    }
  }
  return undefined;
}

function createTable(context: FormContext, table: number, changes: Change[]): void {
  const { tokens, dialect } = context;
  let name = table + 1;
  const ifNotExists = phrase(tokens, name, 'IF NOT EXISTS');
  if (ifNotExists > 0) name = ifNotExists + 1;
  let k = name + 1;
  // PostgreSQL: CREATE TABLE t OF type [(...)], CREATE TABLE t PARTITION OF parent [(...)] FOR VALUES ... | DEFAULT
  if (dialect === 'postgresql' && isKeyword(tokens[k], 'OF')) {
    const type = tokens[k + 1]!.text;
    blankTokens(context, k, k + 1);
    changes.push({ apply: (ast) => (ast.of_type = type) });
    k += 2;
  }
  const partitionOf = dialect === 'postgresql' && isKeyword(tokens[k], 'PARTITION') && isKeyword(tokens[k + 1], 'OF');
  if (partitionOf) {
    k = partitionOfClause(context, k, changes);
    if (k < 0) return;
  }
  let end = k;
  if (tokens[k]?.text === '(') {
    const close = closingParen(tokens, k);
    if (close < 0) return;
    if (isKeyword(tokens[close + 1], 'AS') && dialect === 'postgresql') ctasColumns(context, name, k, close, changes);
    else definitions(context, k, close, changes);
    end = close + 1;
  }
  tableOptions(context, end, changes);
}

/** PostgreSQL CREATE TABLE AS with a column list: the grammar reads `t (a, b)` as a call of a function named t. */
function ctasColumns(context: FormContext, name: number, open: number, close: number, changes: Change[]): void {
  const { tokens } = context;
  const columns = tokens
    .slice(open + 1, close)
    .filter((t) => t.text !== ',')
    .map((t) => t.text);
  blankTokens(context, open, close);
  changes.push({
    apply: (ast) => {
      // The grammar read the table with the list as a call; without it, a table again.
      ast.columns = columns;
    },
  });
  void name;
}

/**
 * `PARTITION OF parent [(definitions)] FOR VALUES ... | DEFAULT`: the grammar reads FOR VALUES FROM (...) TO (...)
 * and IN (...) with literal bounds; MINVALUE / MAXVALUE bounds, WITH (MODULUS, REMAINDER), DEFAULT and definitions are
 * put in its `partition_of` shape. Returns the index after the clause, or -1 when it is not one.
 */
function partitionOfClause(context: FormContext, at: number, changes: Change[]): number {
  const { tokens } = context;
  const parent = tokens[at + 2];
  if (!parent) return -1;
  let k = at + 3;
  const defsAt = tokens[k]?.text === '(' ? k : -1;
  if (defsAt > 0) {
    const close = closingParen(tokens, defsAt);
    const written = textOf(context, defsAt, close);
    blankTokens(context, defsAt, close);
    changes.push({
      apply: (ast) => {
        if (isNode(ast.partition_of)) ast.partition_of.definitions = { type: 'origin', value: written };
      },
    });
    k = close + 1;
  }
  const isDefault = isKeyword(tokens[k], 'DEFAULT');
  const forValues = phrase(tokens, k, 'FOR VALUES');
  let end = k;
  let bound: string | undefined;
  if (isDefault) end = k;
  else if (forValues > 0) {
    const kind = tokens[forValues + 1];
    const open = forValues + 2;
    if (tokens[open]?.text !== '(') return -1;
    let close = closingParen(tokens, open);
    if (isKeyword(kind, 'FROM') && isKeyword(tokens[close + 1], 'TO')) close = closingParen(tokens, close + 2);
    end = close;
    // FROM (MINVALUE) TO (...) and FROM (...) TO (MAXVALUE): bounds the grammar does not read.
    const unbounded = tokens.slice(open, close + 1).some((t) => isKeyword(t, 'MINVALUE') || isKeyword(t, 'MAXVALUE'));
    if (isKeyword(kind, 'FROM') && unbounded) bound = textOf(context, forValues, close);
  } else return -1;
  if (isDefault || bound) {
    // The parser is given FOR VALUES IN (NULL), which it reads; the bound is put back as written.
    const written = isDefault ? 'DEFAULT' : bound!;
    blankTokens(context, k, end, 'FOR VALUES IN (NULL)');
    changes.push({
      apply: (ast) => {
        if (isNode(ast.partition_of)) ast.partition_of.for_values = { type: 'origin', value: written };
      },
    });
  }
  return end + 1;
}

/** Column and constraint definitions between the parentheses at `open` and `close`. */
function definitions(context: FormContext, open: number, close: number, changes: Change[]): void {
  const { tokens } = context;
  let start = open + 1;
  let depth = 0;
  let index = 0;
  for (let k = open + 1; k <= close; k++) {
    const text = tokens[k]!.text;
    if (text === '(') depth++;
    else if (text === ')' && k < close) depth--;
    if (k === close || (text === ',' && depth === 0)) {
      if (k > start) definition(context, start, k - 1, index++, changes);
      start = k + 1;
    }
  }
}

const DEFINITION_MARKER = 'sqltune_definition_';

/** One definition, tokens first..last: its clauses the grammar does not read. */
function definition(context: FormContext, first: number, last: number, index: number, changes: Change[]): void {
  const { tokens, dialect } = context;
  const head = upper(tokens[first]);
  // Whole definitions the grammar has no shape for: PostgreSQL's LIKE and EXCLUDE, kept as their text.
  const whole =
    head === 'LIKE' || head === 'EXCLUDE' || (head === 'CONSTRAINT' && upper(tokens[first + 2]) === 'EXCLUDE');
  if (dialect === 'postgresql' && whole) {
    const written = textOf(context, first, last);
    const kind = head === 'LIKE' ? 'like' : 'exclude';
    blankTokens(context, first, last, `${DEFINITION_MARKER}${index} INT`);
    changes.push({
      definition: index,
      apply: (_node, list) => {
        list![index] = {
          resource: kind === 'like' ? 'like' : 'constraint',
          constraint_type: kind,
          definition: { type: 'origin', value: written },
        };
      },
    });
    return;
  }
  const isConstraint = [
    'PRIMARY',
    'KEY',
    'INDEX',
    'UNIQUE',
    'CONSTRAINT',
    'FOREIGN',
    'CHECK',
    'FULLTEXT',
    'SPATIAL',
  ].includes(head);
  if (isConstraint && dialect === 'mysql') keyListExpressions(context, first, last, index, changes);
  let depth = 0;
  for (let k = first; k <= last; k++) {
    const found = depth === 0 ? clauseAt(context, k, first, last, isConstraint) : undefined;
    if (found) {
      if (found.replacement !== undefined) blankTokens(context, found.first ?? k, found.end, found.replacement);
      changes.push({ definition: index, apply: found.apply });
      k = found.end;
      continue;
    }
    const text = tokens[k]!.text;
    if (text === '(') depth++;
    else if (text === ')') depth--;
  }
}

/** MySQL 8 functional parts in a key definition's column list (key-expressions.ts); a CHECK has no key list. */
function keyListExpressions(context: FormContext, first: number, last: number, index: number, changes: Change[]) {
  const { tokens } = context;
  const open = tokens.findIndex((t, k) => k >= first && k <= last && t.text === '(');
  if (open < 0 || isKeyword(tokens[open - 1], 'CHECK')) return;
  const annotate = keyExpressions(context, open, closingParen(tokens, open));
  if (annotate) changes.push({ definition: index, apply: (node) => annotate(node.definition) });
}

interface Clause {
  first?: number;
  end: number;
  replacement?: string;
  apply: (node: AstNode) => unknown;
}

/** A clause of a definition at token k that the grammar does not read, or undefined. */
function clauseAt(
  context: FormContext,
  k: number,
  first: number,
  last: number,
  isConstraint: boolean,
): Clause | undefined {
  const { tokens, dialect } = context;
  const word = upper(tokens[k]);
  const set = (key: string, value: unknown) => (node: AstNode) => {
    node[key] = value;
  };
  const keyword = (end: number) => textOf(context, k, end).toUpperCase();
  // Both: CHECK (...) [NOT] ENFORCED, in the field node-sql-parser's CHECK has for it.
  if (word === 'ENFORCED' || (word === 'NOT' && upper(tokens[k + 1]) === 'ENFORCED')) {
    const end = word === 'NOT' ? k + 1 : k;
    const written = keyword(end).toLowerCase();
    return {
      end,
      replacement: '',
      apply: (node) => {
        const check = isNode(node.check) ? node.check : node;
        check.enforced = written;
      },
    };
  }
  if (dialect === 'mysql') {
    // CHARSET is CHARACTER SET's synonym, which the grammar reads in column definitions.
    if (!isConstraint && word === 'CHARSET' && k > first + 1) {
      return { end: k, replacement: 'CHARACTER SET', apply: () => undefined };
    }
    if (
      !isConstraint &&
      k > first + 1 &&
      ['BINARY', 'ASCII', 'UNICODE', 'BYTE', 'INVISIBLE', 'VISIBLE'].includes(word)
    ) {
      // Not a name: CHARACTER SET ascii, COLLATE binary, BINARY(16).
      if (tokens[k + 1]?.text === '(' || /^(SET|CHARSET|COLLATE)$/.test(upper(tokens[k - 1]))) return undefined;
      return { end: k, replacement: '', apply: set(word.toLowerCase(), word) };
    }
    // SERIAL DEFAULT VALUE: an integer column's NOT NULL AUTO_INCREMENT UNIQUE, in the fields the grammar gives those.
    if (!isConstraint && phrase(tokens, k, 'SERIAL DEFAULT VALUE') > 0) {
      return {
        end: k + 2,
        replacement: '',
        apply: (node) => {
          node.nullable = { type: 'not null', value: 'not null' };
          node.auto_increment = 'auto_increment';
          node.unique ??= 'unique';
        },
      };
    }
    if (!isConstraint && word === 'SRID' && /^\d+$/.test(tokens[k + 1]?.text ?? '')) {
      return { end: k + 1, replacement: '', apply: set('srid', Number(tokens[k + 1]!.text)) };
    }
    // MariaDB's spelling of the same, as mariadb-dump prints it: `/*M! REF_SYSTEM_ID=4326 */`.
    const sridValue = tokens[k + 1]?.text === '=' ? k + 2 : k + 1;
    if (!isConstraint && word === 'REF_SYSTEM_ID' && /^\d+$/.test(tokens[sridValue]?.text ?? '')) {
      return { end: sridValue, replacement: '', apply: set('srid', Number(tokens[sridValue]!.text)) };
    }
    if (!isConstraint && word === 'PERSISTENT') {
      return {
        end: k,
        replacement: 'STORED',
        apply: (node) => {
          if (isNode(node.generated)) node.generated.storage_type = 'persistent';
        },
      };
    }
    if (isConstraint && (word === 'IGNORED' || (word === 'NOT' && upper(tokens[k + 1]) === 'IGNORED'))) {
      const end = word === 'NOT' ? k + 1 : k;
      const written = keyword(end).toLowerCase();
      return {
        end,
        replacement: '',
        apply: (node) => {
          node.index_options = [
            ...(Array.isArray(node.index_options) ? node.index_options : []),
            { type: 'ignored', expr: written },
          ];
        },
      };
    }
    // WITH PARSER `ngram` (SHOW CREATE TABLE quotes the name): the grammar takes a bare name only.
    if (isConstraint && phrase(tokens, k, 'WITH PARSER') > 0 && tokens[k + 2]?.kind === 'quoted') {
      const name = tokens[k + 2]!.text.slice(1, -1).replace(/``/g, '`');
      if (!/^[A-Za-z_]\w*$/.test(name)) return undefined;
      return { first: k + 2, end: k + 2, replacement: name, apply: () => undefined };
    }
    // PRIMARY KEY name (cols): the grammar takes no name there.
    if (word === 'PRIMARY' && upper(tokens[k + 1]) === 'KEY' && tokens[k + 2] && tokens[k + 3]?.text === '(') {
      const name = tokens[k + 2]!;
      if (name.kind !== 'word' && name.kind !== 'quoted') return undefined;
      if (/^(USING)$/i.test(name.text)) return undefined;
      return { first: k + 2, end: k + 2, replacement: '', apply: set('index', name.text) };
    }
    return undefined;
  }
  // PostgreSQL
  const matchEnd = phrase(tokens, k, 'MATCH');
  if (matchEnd >= 0 && /^(FULL|SIMPLE|PARTIAL)$/i.test(tokens[k + 1]?.text ?? '')) {
    const written = keyword(k + 1).toLowerCase();
    return {
      end: k + 1,
      replacement: '',
      apply: (node) => {
        if (isNode(node.reference_definition)) node.reference_definition.match = written;
      },
    };
  }
  for (const words of [
    'NOT DEFERRABLE',
    'DEFERRABLE',
    'INITIALLY DEFERRED',
    'INITIALLY IMMEDIATE',
    'NO INHERIT',
    'NULLS NOT DISTINCT',
    'NULLS DISTINCT',
  ]) {
    const end = phrase(tokens, k, words);
    if (end < 0) continue;
    const key = words.startsWith('NULLS')
      ? 'nulls'
      : words === 'NO INHERIT'
        ? 'no_inherit'
        : words.startsWith('INITIALLY')
          ? 'initially'
          : 'deferrable';
    return { end, replacement: '', apply: set(key, words) };
  }
  // ON DELETE SET NULL (cols) / SET DEFAULT (cols): the column list.
  const setAction = isKeyword(tokens[k - 1], 'NULL') || isKeyword(tokens[k - 1], 'DEFAULT');
  if (word === '(' && setAction && isKeyword(tokens[k - 2], 'SET') && isKeyword(tokens[k - 3], 'DELETE')) {
    const close = closingParen(tokens, k);
    const columns = tokens
      .slice(k + 1, close)
      .filter((t) => t.text !== ',')
      .map((t) => t.text);
    return {
      end: close,
      replacement: '',
      apply: (node) => {
        const actions = isNode(node.reference_definition) ? node.reference_definition.on_action : undefined;
        const action = Array.isArray(actions) ? actions.find((a) => isNode(a) && a.type === 'on delete') : undefined;
        if (isNode(action)) action.columns = columns;
      },
    };
  }
  if ((word === 'COMPRESSION' || word === 'STORAGE') && tokens[k + 1] && k > first + 1 && !isConstraint) {
    return { end: k + 1, replacement: '', apply: set(word.toLowerCase(), tokens[k + 1]!.text) };
  }
  // CREATE TABLE ... OF type (x WITH OPTIONS ...): a column of the type, no type of its own.
  if (word === 'WITH' && upper(tokens[k + 1]) === 'OPTIONS' && k === first + 1) {
    return {
      end: k + 1,
      replacement: 'INT',
      apply: (node) => {
        node.definition = null;
        node.with_options = true;
      },
    };
  }
  // CONSTRAINT name NOT NULL: the grammar names other column constraints, not this one.
  if (word === 'CONSTRAINT' && !isConstraint && phrase(tokens, k + 2, 'NOT NULL') > 0) {
    const name = tokens[k + 1]!.text;
    return { end: k + 1, replacement: '', apply: set('constraint', { keyword: 'constraint', constraint: name }) };
  }
  // REFERENCES t without columns (the referenced table's primary key).
  if (word === 'REFERENCES' && tokens[k + 1] && tokens[k + 2]?.text !== '(') {
    return {
      first: k + 1,
      end: k + 1,
      replacement: `${tokens[k + 1]!.text} (sqltune_primary_key)`,
      apply: (node) => {
        if (isNode(node.reference_definition)) node.reference_definition.definition = [];
      },
    };
  }
  if (word === 'INCLUDE' && tokens[k + 1]?.text === '(' && isConstraint) {
    const close = closingParen(tokens, k + 1);
    const columns = tokens
      .slice(k + 2, close)
      .filter((t) => t.text !== ',')
      .map((t) => t.text);
    return { end: close, replacement: '', apply: set('include', columns) };
  }
  if (word === 'WITH' && tokens[k + 1]?.text === '(' && isConstraint) {
    const close = closingParen(tokens, k + 1);
    return {
      end: close,
      replacement: '',
      apply: set('with', { type: 'origin', value: textOf(context, k + 1, close) }),
    };
  }
  const tablespace = phrase(tokens, k, 'USING INDEX TABLESPACE');
  if (tablespace > 0 && isConstraint) {
    return { end: tablespace + 1, replacement: '', apply: set('tablespace', tokens[tablespace + 1]!.text) };
  }
  // GENERATED ALWAYS | BY DEFAULT AS IDENTITY [(sequence options)], GENERATED ALWAYS AS (expr) [STORED | VIRTUAL]
  if (word === 'GENERATED') {
    const byDefault = phrase(tokens, k + 1, 'BY DEFAULT AS') > 0;
    const how = phrase(tokens, k + 1, 'ALWAYS AS') > 0 ? k + 2 : byDefault ? k + 3 : -1;
    if (how < 0) return undefined;
    if (isKeyword(tokens[how + 1], 'IDENTITY')) {
      const options = tokens[how + 2]?.text === '(' ? closingParen(tokens, how + 2) : -1;
      const written = options > 0 ? textOf(context, how + 2, options) : null;
      // The grammar reads GENERATED BY DEFAULT AS IDENTITY (as `generated_by_default`), without options.
      if (byDefault) {
        if (options < 0) return undefined;
        return { first: how + 2, end: options, replacement: '', apply: set('identity_options', written) };
      }
      return {
        end: options > 0 ? options : how + 1,
        replacement: '',
        apply: (node) => {
          node.generated_always = { type: 'origin', value: 'generated always as identity' };
          if (written) node.identity_options = written;
        },
      };
    }
    if (tokens[how + 1]?.text !== '(') return undefined;
    const close = closingParen(tokens, how + 1);
    const expression = fragment(context, 'SELECT ', tokens[how + 1]!.start, tokens[close]!.end);
    const item = expression && Array.isArray(expression.columns) ? (expression.columns[0] as AstNode) : undefined;
    if (!item || close > last) return undefined;
    let end = close;
    let storage: string | null = null;
    if (isKeyword(tokens[close + 1], 'STORED') || isKeyword(tokens[close + 1], 'VIRTUAL')) {
      storage = tokens[close + 1]!.text.toLowerCase();
      end = close + 1;
    }
    return {
      end,
      replacement: '',
      apply: set('generated', {
        type: 'generated',
        expr: item.expr,
        value: 'generated always as',
        storage_type: storage,
      }),
    };
  }
  return undefined;
}

/** MySQL table options the grammar does not list. */
const MYSQL_OPTIONS = new Set([
  'STATS_PERSISTENT',
  'STATS_AUTO_RECALC',
  'STATS_SAMPLE_PAGES',
  'PACK_KEYS',
  'CHECKSUM',
  'TABLE_CHECKSUM',
  'DELAY_KEY_WRITE',
  'AVG_ROW_LENGTH',
  'MAX_ROWS',
  'MIN_ROWS',
  'PAGE_COMPRESSED',
  'PAGE_COMPRESSION_LEVEL',
  'ENCRYPTED',
  'ENCRYPTION_KEY_ID',
  'TRANSACTIONAL',
  'INSERT_METHOD',
  'AUTOEXTEND_SIZE',
  'PAGE_CHECKSUM',
  'ENCRYPTION',
  'SEQUENCE',
]);

/** Table options after the definitions (or the name), up to the end or a query (AS SELECT ...). */
function tableOptions(context: FormContext, from: number, changes: Change[]): void {
  const { tokens, dialect } = context;
  const takenCommas = new Set<number>();
  const option = (keyword: string, value: unknown, symbol: string | null = null) => {
    changes.push({
      apply: (ast) => {
        ast.table_options = [
          ...(Array.isArray(ast.table_options) ? ast.table_options : []),
          { keyword, symbol, value },
        ];
      },
    });
  };
  for (let k = from; k < tokens.length; k++) {
    const word = upper(tokens[k]);
    if (word === 'AS' || word === 'SELECT' || (word === '(' && isKeyword(tokens[k + 1], 'SELECT'))) {
      // CREATE TABLE ... AS query [WITH [NO] DATA]
      withData(context, k, changes);
      return;
    }
    if (word === '(') {
      k = closingParen(tokens, k);
      if (k < 0) return;
      continue;
    }
    if (dialect === 'mysql' && MYSQL_OPTIONS.has(word)) {
      let end = k;
      const symbol = tokens[end + 1]?.text === '=' ? '=' : null;
      if (symbol) end++;
      // An option word with no value after it (`ENGINE=SEQUENCE`, a trailing `CHECKSUM`) is left to the parser.
      if (!tokens[end + 1]) return;
      const value = tokens[end + 1]!.text;
      end++;
      blankOption(context, k, end, takenCommas);
      option(word.toLowerCase(), value, symbol);
      k = end;
      continue;
    }
    // MySQL's TABLESPACE name [STORAGE DISK | MEMORY] and the MERGE engine's UNION [=] (t1, t2): names as written.
    if (dialect === 'mysql' && word === 'TABLESPACE' && tokens[k + 1]) {
      const storage = isKeyword(tokens[k + 2], 'STORAGE') ? k + 3 : k + 1;
      blankOption(context, k, storage, takenCommas);
      option('tablespace', textOf(context, k + 1, storage));
      k = storage;
      continue;
    }
    if (dialect === 'mysql' && word === 'UNION') {
      const open = tokens[k + 1]?.text === '=' ? k + 2 : k + 1;
      const close = tokens[open]?.text === '(' ? closingParen(tokens, open) : -1;
      if (close > 0) {
        blankOption(context, k, close, takenCommas);
        option('union', { type: 'origin', value: textOf(context, open, close) }, open > k + 1 ? '=' : null);
        k = close;
        continue;
      }
    }
    const versioning = phrase(tokens, k, 'WITH SYSTEM VERSIONING');
    if (versioning > 0) {
      blankTokens(context, k, versioning);
      option('with system versioning', null);
      k = versioning;
      continue;
    }
    if (word === 'PARTITION' && isKeyword(tokens[k + 1], 'BY') && dialect === 'mysql') {
      const end = tokens.length - 1;
      const written = textOf(context, k + 2, end);
      blankTokens(context, k, end);
      option('partition by', { type: 'origin', value: written });
      return;
    }
    if (dialect !== 'postgresql') continue;
    if (word === 'PARTITION' && isKeyword(tokens[k + 1], 'BY') && hasPartitionOf(tokens)) {
      // Of a partition that is itself partitioned: the grammar reads PARTITION BY after definitions only.
      const end = tokens.length - 1;
      const written = textOf(context, k + 2, end);
      blankTokens(context, k, end);
      changes.push({
        apply: (ast) => {
          if (isNode(ast.partition_of)) ast.partition_of.partition_by = { type: 'origin', value: written };
        },
      });
      return;
    }
    const onCommit = findPhrase(tokens, k, k + 4, [
      'ON COMMIT DROP',
      'ON COMMIT DELETE ROWS',
      'ON COMMIT PRESERVE ROWS',
    ]);
    if (onCommit && onCommit.first === k) {
      blankTokens(context, k, onCommit.last);
      option('on commit', onCommit.words.slice('ON COMMIT '.length));
      k = onCommit.last;
      continue;
    }
    if (word === 'WITH' && tokens[k + 1]?.text === '(') {
      const close = closingParen(tokens, k + 1);
      blankTokens(context, k, close);
      option('with', { type: 'origin', value: textOf(context, k + 1, close) });
      k = close;
      continue;
    }
    if ((word === 'TABLESPACE' || word === 'USING') && tokens[k + 1]) {
      blankTokens(context, k, k + 1);
      option(word.toLowerCase(), tokens[k + 1]!.text);
      k++;
      continue;
    }
    if (word === 'INHERITS' && tokens[k + 1]?.text === '(') {
      const close = closingParen(tokens, k + 1);
      const parents = tokens
        .slice(k + 2, close)
        .filter((t) => t.text !== ',')
        .map((t) => t.text);
      blankTokens(context, k, close);
      option('inherits', parents);
      k = close;
    }
  }
}

/**
 * Leaves out the table option at tokens first..last. Options may be separated by commas: the comma before it goes too,
 * or, when there is none or an option left out before took it, the comma after it (`takenCommas`: the commas gone).
 */
function blankOption(context: FormContext, first: number, last: number, takenCommas: Set<number>): void {
  const { tokens } = context;
  let from = first;
  let to = last;
  if (tokens[first - 1]?.text === ',' && !takenCommas.has(first - 1)) from = first - 1;
  else if (tokens[last + 1]?.text === ',') to = last + 1;
  if (from < first) takenCommas.add(from);
  if (to > last) takenCommas.add(to);
  blankTokens(context, from, to);
}

function hasPartitionOf(tokens: Token[]): boolean {
  return tokens.some((t, i) => isKeyword(t, 'PARTITION') && isKeyword(tokens[i + 1], 'OF'));
}

/** PostgreSQL `CREATE TABLE ... AS query WITH [NO] DATA`: `with_data`. */
function withData(context: FormContext, from: number, changes: Change[]): void {
  const { tokens } = context;
  const last = tokens.length - 1;
  const noData = phrase(tokens, last - 2, 'WITH NO DATA') === last;
  const data = phrase(tokens, last - 1, 'WITH DATA') === last;
  if (!noData && !data) return;
  blankTokens(context, noData ? last - 2 : last - 1, last);
  changes.push({ apply: (ast) => (ast.with_data = !noData) });
  void from;
}
