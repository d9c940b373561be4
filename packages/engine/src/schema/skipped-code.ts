import type { Dialect, Localized } from '@sqltune/contracts';
import { splitStatements } from '../dialect/split.ts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';
import { dataStep } from './data-steps.ts';
import { blank, dataRows } from './dump-data.ts';
import { structureError } from './input-errors.ts';
import { unquote } from './model.ts';

/**
 * The code and permissions of a dump (pg_dump, mysqldump --routines --triggers --events), which change no plan:
 * functions, procedures, aggregates, triggers, events, rules on writes, policies, publications, subscriptions,
 * casts, operators, languages, transforms, PostgreSQL DO blocks, GRANT / REVOKE; and a migration history's data steps.
 * Each such statement is blanked (newlines kept, so positions stay those of the text as pasted) before the structure
 * is read: it is never sent to any database and never evaluated, and one note lists them by kind, name and line. So
 * is everything that only names them (COMMENT ON FUNCTION, DROP FUNCTION IF EXISTS, ALTER FUNCTION, ALTER TABLE ...
 * ENABLE / DISABLE TRIGGER, mysqldump's `DELIMITER ;;` lines and its `ALTER DATABASE ... CHARACTER SET` around
 * routines), without a note.
 *
 * PostgreSQL domains (`CREATE DOMAIN name [AS] type [constraints]`) are not created either: a column of a domain is
 * planned with the domain's base type, written in its place, and a note names the column and the constraints not
 * applied. The base type must be a type name (words, dots, numbers in parentheses, []): anything else leaves the
 * statement in place, where it is refused as before.
 *
 * Why each kind may be skipped:
 *  - functions, procedures, aggregates: a plan meets them only where a statement or index names them; such a
 *    statement fails to plan with the server's "function ... does not exist", and such an index is not made, with
 *    the sandbox's note (planner/src/pglite/stand-ins.ts);
 *  - triggers, event triggers, events: they fire when statements execute, never in EXPLAIN;
 *  - rules ON INSERT / UPDATE / DELETE: they rewrite writes to their table only (a trade-off the note states: such
 *    a write is planned without its rule); a rule ON SELECT would turn the table into a view, so it stays refused;
 *  - policies: row security filters roles other than the table's owner, and the sandbox plans as the owner;
 *  - publications, subscriptions: replication (a subscription would connect to another server);
 *  - casts, operators (classes, families), languages, transforms: made of functions, skipped above;
 *  - GRANT / REVOKE: privileges of other roles;
 *  - DO blocks (migration tools' conditional steps): code run once where the history ran, never here; what such a
 *    block would have made is missing from the structure, which the note says by line;
 *  - a migration history's data steps (data-steps.ts: UPDATE / DELETE backfills, INSERT ... SELECT, seeds): the
 *    sandboxes plan over empty tables with the statistics given. INSERTs of constant rows are a dump's data, left to
 *    dump-data.ts, whose note counts their rows.
 * What is left is read as before, by the engine's and the planners' allow lists: blanking only takes text away.
 */
export function withoutCode(text: string, dialect: Dialect): { text: string; notes: Localized[] } {
  const code = skippedCode(text, dialect);
  return { text: code.text, notes: code.notes() };
}

/**
 * withoutCode's work, with the domains kept for DDL read later from the same paste (psql's `\d` output, whose column
 * of a domain `resolve` writes with the domain's base type, as in the dump's text); `notes` says what was skipped and
 * which columns were planned with a base type, once every such DDL is resolved.
 */
export function skippedCode(
  text: string,
  dialect: Dialect,
): { text: string; resolve: (ddl: string) => string; notes: () => Localized[] } {
  const units = text.split('');
  const skipped: Skipped[] = [];
  let changed = dialect === 'mysql' ? rewriteDelimiterBlocks(text, units, skipped) : false;
  const delimited = changed ? units.join('') : text;
  const domains = new Map<string, Domain>();
  // The skipped function whose SQL-standard body (`BEGIN ATOMIC ... END`, PostgreSQL 14+) the statements belong to,
  // up to the `END` statement.
  let atomicBodyOf: Skipped | undefined;
  for (const slice of splitStatements(delimited, dialect)) {
    const tokens = codeTokens(lex(slice.text, { mysql: dialect === 'mysql' }));
    const line = slice.line;
    const domain = dialect === 'postgresql' && !atomicBodyOf ? domainOf(tokens, line) : undefined;
    const kind = domain || atomicBodyOf ? undefined : skippedKind(tokens, dialect);
    if (atomicBodyOf) {
      if (tokens.length === 1 && isKeyword(tokens[0], 'END')) atomicBodyOf = undefined;
    } else if (!domain && !kind) continue;
    else if (domain) domains.set(domain.key, domain);
    else if (kind !== 'silent') {
      skipped.push({ ...kind!, line });
      if (dialect === 'postgresql' && opensAtomicBody(tokens)) atomicBodyOf = { ...kind!, line };
    }
    const end = slice.offset + slice.text.length;
    blank(units, slice.offset, delimited.startsWith(';', end) ? end + 1 : end);
    changed = true;
  }
  // A body that never ends would take the rest of the structure with it, unseen: say where it starts instead.
  if (atomicBodyOf) throw unclosedBody(atomicBodyOf);
  if (!changed) return { text, resolve: (ddl) => ddl, notes: () => [] };
  const resolve = (ddl: string) => (domains.size > 0 ? withDomainsResolved(ddl, domains) : ddl);
  const planned = resolve(units.join(''));
  const notes = () => {
    const unused = [...domains.values()].filter((d) => !d.used);
    const all = [...skipped, ...unused.map((d): Skipped => ({ kind: 'domain', name: d.display, line: d.line }))];
    const used = [...domains.values()].filter((d) => d.columns.length > 0);
    return [...(all.length > 0 ? [skippedNote(all)] : []), ...used.map((d) => domainNote(d, baseOf(d, domains)))];
  };
  return { text: planned, resolve, notes };
}

type CodeKind =
  | 'function'
  | 'procedure'
  | 'aggregate'
  | 'trigger'
  | 'event trigger'
  | 'event'
  | 'rule'
  | 'policy'
  | 'publication'
  | 'subscription'
  | 'cast'
  | 'operator'
  | 'language'
  | 'transform'
  | 'block'
  | 'permission'
  | 'domain'
  | 'data change';

interface Skipped {
  kind: CodeKind;
  name: string;
  line: number;
}

const KIND_WORDS: Record<string, CodeKind> = {
  FUNCTION: 'function',
  PROCEDURE: 'procedure',
  ROUTINE: 'function',
  AGGREGATE: 'aggregate',
  TRIGGER: 'trigger',
  EVENT: 'event',
  RULE: 'rule',
  POLICY: 'policy',
  PUBLICATION: 'publication',
  SUBSCRIPTION: 'subscription',
  CAST: 'cast',
  OPERATOR: 'operator',
  LANGUAGE: 'language',
  TRANSFORM: 'transform',
};

/** The kinds each dialect has (MySQL / MariaDB: routines, triggers and events; a MariaDB aggregate is a function). */
const DIALECT_KINDS: Record<Dialect, Set<CodeKind>> = {
  postgresql: new Set(Object.values(KIND_WORDS).filter((k) => k !== 'event')),
  mysql: new Set<CodeKind>(['function', 'procedure', 'trigger', 'event']),
};

/** Words that may stand between CREATE and the kind: OR REPLACE, CONSTRAINT TRIGGER, TRUSTED PROCEDURAL LANGUAGE. */
const CREATE_MODIFIERS = new Set(['OR', 'REPLACE', 'CONSTRAINT', 'TRUSTED', 'PROCEDURAL', 'AGGREGATE']);

/** What a statement skipped is: code (codeKind) or a data step, named by its verb and target (`UPDATE orders`). */
function skippedKind(tokens: Token[], dialect: Dialect): Omit<Skipped, 'line'> | 'silent' | undefined {
  const code = codeKind(tokens, dialect);
  if (code) return code;
  const step = dataStep(tokens, dialect);
  if (!step || dataRows(tokens)) return undefined;
  return { kind: 'data change', name: `${step.verb} ${qualifiedName(tokens, step.target).display}` };
}

/**
 * What a statement of code is: its kind and name; 'silent' for a statement that only names code (skipped without
 * its own entry in the note); undefined for anything else.
 */
function codeKind(tokens: Token[], dialect: Dialect): Omit<Skipped, 'line'> | 'silent' | undefined {
  const first = tokens[0]?.kind === 'word' ? tokens[0].text.toUpperCase() : '';
  if (first === 'GRANT' || first === 'REVOKE') {
    // PostgreSQL's planner skips them as pg_dump noise already; MySQL's would refuse them.
    return dialect === 'mysql' ? { kind: 'permission', name: first } : undefined;
  }
  if (first === 'CREATE') return createdCode(tokens, dialect);
  // PostgreSQL's anonymous code block (a migration's `DO $$ BEGIN IF NOT EXISTS ... END $$`): code, never run.
  if (first === 'DO' && dialect === 'postgresql') return { kind: 'block', name: 'DO' };
  if (first === 'ALTER') {
    if (dialect === 'mysql')
      return isKeyword(tokens[1], 'DATABASE') || isKeyword(tokens[1], 'SCHEMA') ? 'silent' : undefined;
    if (isKeyword(tokens[1], 'TABLE')) return onlyTogglesCode(tokens) ? 'silent' : undefined;
    if (isKeyword(tokens[1], 'DOMAIN')) return 'silent';
    return kindAt(tokens, 1, dialect) ? 'silent' : undefined;
  }
  if (first === 'DROP') {
    const ifExists = tokens.some((t, i) => isKeyword(t, 'IF') && isKeyword(tokens[i + 1], 'EXISTS'));
    return ifExists && kindAt(tokens, 1, dialect) ? 'silent' : undefined;
  }
  if (first === 'COMMENT' && isKeyword(tokens[1], 'ON') && dialect === 'postgresql') {
    if (isKeyword(tokens[2], 'DOMAIN')) return 'silent';
    // COMMENT ON CONSTRAINT c ON DOMAIN d
    if (isKeyword(tokens[2], 'CONSTRAINT')) return tokens.some((t) => isKeyword(t, 'DOMAIN')) ? 'silent' : undefined;
    return kindAt(tokens, 2, dialect) ? 'silent' : undefined;
  }
  return undefined;
}

/** `BEGIN ATOMIC` not closed in the statement itself (the splitter cut its body at its first `;`). */
function opensAtomicBody(tokens: Token[]): boolean {
  const at = tokens.findIndex((t, i) => isKeyword(t, 'BEGIN') && isKeyword(tokens[i + 1], 'ATOMIC'));
  return at >= 0 && !isKeyword(tokens.at(-1), 'END');
}

/** The kind named by the word at `i` (EVENT TRIGGER for PostgreSQL's EVENT), if the dialect has it. */
function kindAt(tokens: Token[], i: number, dialect: Dialect): CodeKind | undefined {
  const word = tokens[i]?.kind === 'word' ? tokens[i]!.text.toUpperCase() : '';
  if (dialect === 'postgresql' && word === 'EVENT')
    return isKeyword(tokens[i + 1], 'TRIGGER') ? 'event trigger' : undefined;
  const kind = KIND_WORDS[word];
  return kind && DIALECT_KINDS[dialect].has(kind) ? kind : undefined;
}

function createdCode(tokens: Token[], dialect: Dialect): Omit<Skipped, 'line'> | undefined {
  let i = 1;
  while (i < tokens.length && i < 12 && !kindAt(tokens, i, dialect)) {
    const word = tokens[i]!.kind === 'word' ? tokens[i]!.text.toUpperCase() : '';
    if (CREATE_MODIFIERS.has(word)) i++;
    else if (dialect === 'mysql' && word === 'DEFINER') i = afterDefiner(tokens, i);
    else return undefined;
  }
  const kind = kindAt(tokens, i, dialect);
  if (!kind) return undefined;
  if (kind === 'rule' && rulesOnSelect(tokens)) return undefined;
  let at = i + (kind === 'event trigger' ? 2 : 1);
  // CREATE OPERATOR CLASS name / FAMILY name: named by what follows.
  if (kind === 'operator' && (isKeyword(tokens[at], 'CLASS') || isKeyword(tokens[at], 'FAMILY'))) at++;
  while (['IF', 'NOT', 'EXISTS'].some((w) => isKeyword(tokens[at], w))) at++;
  return { kind, name: nameAt(tokens, at, kind) };
}

/**
 * The token after MySQL's `DEFINER = user` at `i`: the user is `root`@`localhost`, 'root'@'%', root@localhost,
 * CURRENT_USER or CURRENT_USER(). Exactly that: a word of a view's query after it is no kind of code.
 */
function afterDefiner(tokens: Token[], i: number): number {
  let k = i + 1;
  if (tokens[k]?.text === '=') k++;
  k++;
  if (tokens[k]?.text === '@') k += 2;
  else if (tokens[k]?.text.startsWith('@')) k++;
  if (tokens[k]?.text === '(' && tokens[k + 1]?.text === ')') k += 2;
  return k;
}

/** A rule ON SELECT (pg_dump's `_RETURN` rule of a view made as a table): it changes plans, so it is not skipped. */
function rulesOnSelect(tokens: Token[]): boolean {
  return tokens.some((t, i) => isKeyword(t, 'ON') && isKeyword(tokens[i + 1], 'SELECT'));
}

/** The name at `i`, as written with its schema (quotes taken off); a cast or operator is shown by its words. */
function nameAt(tokens: Token[], i: number, kind: CodeKind): string {
  if (kind === 'cast' || kind === 'transform') {
    // CREATE CAST (source AS target), CREATE TRANSFORM FOR type LANGUAGE l: the words up to `)` or `(`.
    const words = tokens.slice(i).filter((t) => t.text !== '(');
    const end = words.findIndex((t) => t.text === ')' || t.text === '(');
    return words
      .slice(0, end < 0 ? 3 : end)
      .map((t) => t.text)
      .join(' ');
  }
  if (kind === 'operator') {
    // An operator is its symbols (`===`, which the lexer gives one by one); a class or family its name.
    const symbols = tokens.slice(i).findIndex((t) => t.kind !== 'symbol' || t.text === '(');
    return symbols === 0
      ? qualifiedName(tokens, i).display
      : tokens
          .slice(i, i + symbols)
          .map((t) => t.text)
          .join('');
  }
  return qualifiedName(tokens, i).display;
}

/** A qualified name from `i` (`public.f`, `"s"."F"`, `` `db`.`f` ``): shown unquoted, its last part, the token after. */
export function qualifiedName(tokens: Token[], i: number): { display: string; parts: string[]; next: number } {
  const parts: string[] = [];
  let k = i;
  for (; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.text === '.') continue;
    if (token.kind !== 'word' && token.kind !== 'quoted') break;
    parts.push(...(token.kind === 'word' ? token.text.split('.').filter(Boolean) : [token.text]));
    if (!token.text.endsWith('.') && tokens[k + 1]?.text !== '.') {
      k++;
      break;
    }
  }
  return { display: parts.map(unquote).join('.'), parts, next: k };
}

/** `ALTER TABLE t ENABLE [ALWAYS | REPLICA] TRIGGER x` / `DISABLE RULE r` alone: it names only skipped code. */
function onlyTogglesCode(tokens: Token[]): boolean {
  const toggle = tokens.findIndex((t) => isKeyword(t, 'ENABLE') || isKeyword(t, 'DISABLE'));
  if (toggle < 0 || tokens.some((t) => t.text === ',')) return false;
  const what = tokens.slice(toggle + 1, toggle + 3);
  return what.some((t) => isKeyword(t, 'TRIGGER') || isKeyword(t, 'RULE'));
}

/**
 * mysqldump's `DELIMITER ;;` ... `DELIMITER ;` blocks: the DELIMITER lines are the client's (blanked), and each
 * statement of the block ends at the block's delimiter. A statement of code is blanked with its delimiter; any
 * other keeps its text with `;` in place of the delimiter, and is read as it would be outside the block.
 * Returns whether anything changed.
 */
function rewriteDelimiterBlocks(text: string, units: string[], skipped: Skipped[]): boolean {
  let changed = false;
  let delimiter = ';';
  let blockStart = -1;
  let offset = 0;
  // Lines counted onwards, block after block: counting each from the text's start made a dump of many routines
  // (a block each) quadratic.
  let line = 1;
  let counted = 0;
  const lineAt = (at: number) => {
    for (; counted < at; counted++) if (text.charCodeAt(counted) === 10) line++;
    return line;
  };
  for (const line of text.split('\n')) {
    const command = /^\s*DELIMITER\s+(\S+)\s*$/i.exec(line);
    if (command) {
      if (blockStart >= 0) rewriteBlock(text, units, { from: blockStart, to: offset, delimiter }, skipped, lineAt);
      blank(units, offset, offset + line.length);
      changed = true;
      delimiter = command[1]!;
      blockStart = delimiter === ';' ? -1 : offset + line.length;
    }
    offset += line.length + 1;
  }
  if (blockStart >= 0) rewriteBlock(text, units, { from: blockStart, to: text.length, delimiter }, skipped, lineAt);
  return changed;
}

function rewriteBlock(
  text: string,
  units: string[],
  { from, to, delimiter }: { from: number; to: number; delimiter: string },
  skipped: Skipped[],
  lineAt: (offset: number) => number,
): void {
  const block = text.slice(from, to);
  let statementStart = 0;
  let skipTo = -1;
  for (const token of lex(block, { mysql: true })) {
    if (token.start < skipTo || token.kind === 'string' || token.kind === 'quoted') continue;
    if (token.kind === 'comment' && !/^\/\*M?!\d*$|^\*\/$/.test(token.text)) continue;
    if (!block.startsWith(delimiter, token.start)) continue;
    const at = token.start;
    const statement = block.slice(statementStart, at);
    const tokens = lex(statement, { mysql: true });
    const kind = skippedKind(codeTokens(tokens), 'mysql');
    if (kind && kind !== 'silent') {
      const start = from + statementStart + (tokens.find((t) => t.kind !== 'space')?.start ?? 0);
      skipped.push({ ...kind, line: lineAt(start) });
    }
    if (kind) blank(units, from + statementStart, from + at + delimiter.length);
    else for (let k = 0; k < delimiter.length; k++) units[from + at + k] = k === 0 ? ';' : ' ';
    statementStart = at + delimiter.length;
    skipTo = statementStart;
  }
}

interface Domain {
  key: string;
  display: string;
  /** The base type as written (a domain over a domain is resolved when used). */
  base: string;
  constraints: string[];
  line: number;
  used: boolean;
  columns: string[];
}

const DOMAIN_CONSTRAINT_WORDS = ['COLLATE', 'DEFAULT', 'CONSTRAINT', 'NOT', 'NULL', 'CHECK'];

/** `CREATE DOMAIN name [AS] type [COLLATE c] [DEFAULT e] [constraints]` with a plain type name; undefined otherwise. */
function domainOf(tokens: Token[], line: number): Domain | undefined {
  if (!isKeyword(tokens[0], 'CREATE') || !isKeyword(tokens[1], 'DOMAIN')) return undefined;
  const name = qualifiedName(tokens, 2);
  if (name.parts.length === 0) return undefined;
  let i = name.next;
  if (isKeyword(tokens[i], 'AS')) i++;
  const start = i;
  let depth = 0;
  for (; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (depth === 0 && DOMAIN_CONSTRAINT_WORDS.some((w) => isKeyword(token, w))) break;
    if (token.text === '(') depth++;
    else if (token.text === ')') depth--;
    else if (token.text === ';') break;
    // A type name: words (with dots), quoted names, numbers in its parentheses, [ ] and commas inside them.
    else if (
      !(
        token.kind === 'word' ||
        token.kind === 'quoted' ||
        '[].'.includes(token.text) ||
        (depth > 0 && token.text === ',')
      )
    )
      return undefined;
    if (depth < 0) return undefined;
  }
  if (i === start || depth !== 0) return undefined;
  const rest = outsideParentheses(tokens.slice(i));
  const constraints = [
    ...(rest.some((t) => isKeyword(t, 'CHECK')) ? ['CHECK'] : []),
    ...(rest.some((t, k) => isKeyword(t, 'NOT') && isKeyword(rest[k + 1], 'NULL')) ? ['NOT NULL'] : []),
    ...(rest.some((t) => isKeyword(t, 'DEFAULT')) ? ['DEFAULT'] : []),
  ];
  return {
    key: nameKey(name.parts.at(-1)!),
    display: name.display,
    base: tokens
      .slice(start, i)
      .map((t) => t.text)
      .join(' ')
      .replace(/ ?([()[\].,]) ?/g, '$1')
      .replace(/,/g, ', '),
    constraints,
    line,
    used: false,
    columns: [],
  };
}

/** The tokens not inside parentheses (a CHECK's `IS NOT NULL` is no NOT NULL of the domain). */
function outsideParentheses(tokens: Token[]): Token[] {
  let depth = 0;
  return tokens.filter((t) => {
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else return depth === 0;
    return false;
  });
}

/** How PostgreSQL compares a name: unquoted folds to lower case. */
export function nameKey(part: string): string {
  return part.startsWith('"') ? unquote(part) : part.toLowerCase();
}

/**
 * The columns of CREATE TABLE and ALTER TABLE statements (and `::` casts) whose type is a domain, written with the
 * domain's base type instead; each domain remembers its columns for its note.
 */
function withDomainsResolved(text: string, domains: Map<string, Domain>): string {
  return withColumnTypesReplaced(text, (key, column) => {
    const domain = domains.get(key);
    if (!domain) return undefined;
    domain.used = true;
    if (column && !domain.columns.includes(column)) domain.columns.push(column);
    return baseOf(domain, domains);
  });
}

/**
 * The text with each type name of a column (CREATE TABLE, ALTER TABLE ... ADD / TYPE) and of a `::` cast replaced
 * by what `typeFor` gives for it (its last part, lower case unless quoted; the column as `table.column`), when it
 * gives one.
 */
export function withColumnTypesReplaced(
  text: string,
  typeFor: (key: string, column: string | undefined) => string | undefined,
): string {
  const replacements: Array<{ start: number; end: number; type: string }> = [];
  for (const slice of splitStatements(text, 'postgresql')) {
    const tokens = codeTokens(lex(slice.text, { mysql: false }));
    const table = isKeyword(tokens[0], 'CREATE') ? tableOf(tokens) : undefined;
    const typeAt = (i: number, column?: string) => {
      const name = qualifiedName(tokens, i);
      const type = name.parts.length > 0 ? typeFor(nameKey(name.parts.at(-1)!), column) : undefined;
      if (type === undefined) return;
      const last = tokens[name.next - 1]!;
      replacements.push({ start: slice.offset + tokens[i]!.start, end: slice.offset + last.end, type });
    };
    let depth = 0;
    for (const [i, token] of tokens.entries()) {
      if (token.text === ':' && tokens[i + 1]?.text === ':') typeAt(i + 2);
      if (token.text === ')') depth--;
      const opens = token.text === '(';
      if (opens) depth++;
      if (!table || depth !== 1 || !(opens ? depth === 1 : token.text === ',')) continue;
      const column = tokens[i + 1];
      if (!column || TABLE_ELEMENT_WORDS.some((w) => isKeyword(column, w))) continue;
      typeAt(i + 2, `${table}.${unquote(column.text)}`);
    }
    for (const altered of isKeyword(tokens[0], 'ALTER') ? alteredColumns(tokens) : [])
      typeAt(altered.at, altered.column);
  }
  let resolved = '';
  let done = 0;
  for (const r of replacements.sort((a, b) => a.start - b.start)) {
    resolved += text.slice(done, r.start) + r.type;
    done = r.end;
  }
  return resolved + text.slice(done);
}

const TABLE_ELEMENT_WORDS = ['CONSTRAINT', 'PRIMARY', 'UNIQUE', 'CHECK', 'FOREIGN', 'EXCLUDE', 'LIKE'];

/**
 * The columns an `ALTER TABLE [IF EXISTS] [ONLY] t` gives a type: `ADD [COLUMN] [IF NOT EXISTS] c type` and
 * `ALTER [COLUMN] c [SET DATA] TYPE type`, each with the index of its type's first token.
 */
function alteredColumns(tokens: Token[]): Array<{ at: number; column: string }> {
  if (!isKeyword(tokens[1], 'TABLE')) return [];
  let i = 2;
  while (['IF', 'EXISTS', 'ONLY'].some((w) => isKeyword(tokens[i], w))) i++;
  const name = qualifiedName(tokens, i);
  const table = unquote(name.parts.at(-1) ?? '');
  const columns: Array<{ at: number; column: string }> = [];
  let depth = 0;
  for (let k = name.next; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.text === '(') depth++;
    else if (token.text === ')') depth--;
    if (depth !== 0) continue;
    if (isKeyword(token, 'ADD')) {
      let j = k + 1;
      while (['COLUMN', 'IF', 'NOT', 'EXISTS'].some((w) => isKeyword(tokens[j], w))) j++;
      const column = tokens[j];
      if (column && ![...TABLE_ELEMENT_WORDS, 'INDEX'].some((w) => isKeyword(column, w)))
        columns.push({ at: j + 1, column: `${table}.${unquote(column.text)}` });
    } else if (isKeyword(token, 'TYPE')) {
      const column = isKeyword(tokens[k - 1], 'DATA') ? tokens[k - 3] : tokens[k - 1];
      if (column) columns.push({ at: k + 1, column: `${table}.${unquote(column.text)}` });
    }
  }
  return columns;
}

/**
 * The table a `CREATE [...] TABLE name (` makes, or the composite type a `CREATE TYPE name AS (` makes (its last name
 * part), when the statement is one.
 */
function tableOf(tokens: Token[]): string | undefined {
  const at = tokens.findIndex((t, i) => i < 5 && (isKeyword(t, 'TABLE') || isKeyword(t, 'TYPE')));
  if (at < 0) return undefined;
  let i = at + 1;
  while (['IF', 'NOT', 'EXISTS'].some((w) => isKeyword(tokens[i], w))) i++;
  const name = qualifiedName(tokens, i);
  const composite = isKeyword(tokens[at], 'TYPE') && isKeyword(tokens[name.next], 'AS');
  const open = composite ? name.next + 1 : name.next;
  return tokens[open]?.text === '(' ? unquote(name.parts.at(-1) ?? '') : undefined;
}

/** A domain's base type, through domains over domains (a cycle stops at the domain's own base). */
function baseOf(domain: Domain, domains: Map<string, Domain>, seen = new Set<Domain>()): string {
  seen.add(domain);
  const inner = domains.get(nameKey(domain.base.split('.').at(-1) ?? ''));
  return inner && !seen.has(inner) ? baseOf(inner, domains, seen) : domain.base;
}

function domainNote(domain: Domain, base: string): Localized {
  const columns = domain.columns.join(', ');
  const plural = domain.columns.length > 1;
  const constraints = domain.constraints.join(', ');
  return {
    zh: `域 ${domain.display} 的列 ${columns} 按其基础类型 ${base} 规划${constraints ? `；不应用该域的 ${constraints}` : ''}（CREATE DOMAIN 未执行）。`,
    en: `${plural ? 'columns' : 'column'} ${columns} of domain ${domain.display} planned as its base type ${base}${constraints ? `; the domain's ${constraints} ${domain.constraints.length > 1 ? 'are' : 'is'} not applied` : ''} (the CREATE DOMAIN was not run).`,
  };
}

const KIND_NAMES: Record<CodeKind, { one: string; many: string; zh: string }> = {
  function: { one: 'function', many: 'functions', zh: '函数' },
  procedure: { one: 'procedure', many: 'procedures', zh: '存储过程' },
  aggregate: { one: 'aggregate', many: 'aggregates', zh: '聚合函数' },
  trigger: { one: 'trigger', many: 'triggers', zh: '触发器' },
  'event trigger': { one: 'event trigger', many: 'event triggers', zh: '事件触发器' },
  event: { one: 'event', many: 'events', zh: '事件' },
  rule: { one: 'rule', many: 'rules', zh: '规则' },
  policy: { one: 'row security policy', many: 'row security policies', zh: '行级安全策略' },
  publication: { one: 'publication', many: 'publications', zh: '发布' },
  subscription: { one: 'subscription', many: 'subscriptions', zh: '订阅' },
  cast: { one: 'cast', many: 'casts', zh: '类型转换' },
  operator: { one: 'operator', many: 'operators', zh: '运算符' },
  language: { one: 'language', many: 'languages', zh: '过程语言' },
  transform: { one: 'transform', many: 'transforms', zh: '类型变换' },
  block: { one: 'DO block', many: 'DO blocks', zh: 'DO 匿名代码块' },
  permission: { one: 'GRANT / REVOKE', many: 'GRANT / REVOKE statements', zh: '授权语句' },
  domain: { one: 'unused domain', many: 'unused domains', zh: '未被使用的域' },
  'data change': { one: 'data change', many: 'data changes', zh: '数据变更语句' },
};

/** At most this many names per kind in the note; the rest are counted. */
const NAMES_SHOWN = 8;

/** "2 functions (public.f line 2, ...) and 1 trigger (t line 15) were not run: they do not change plans". */
function skippedNote(skipped: Skipped[]): Localized {
  const byKind = new Map<CodeKind, Skipped[]>();
  for (const s of skipped) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s]);
  const en: string[] = [];
  const zh: string[] = [];
  for (const [kind, list] of byKind) {
    const names = KIND_NAMES[kind];
    const shown = list.slice(0, NAMES_SHOWN);
    const more = list.length - shown.length;
    const label = (s: Skipped) => (kind === 'permission' || kind === 'block' ? '' : `${s.name} `);
    en.push(
      `${list.length} ${list.length > 1 ? names.many : names.one} (${shown.map((s) => `${label(s)}line ${s.line}`).join(', ')}${more > 0 ? `, ${more} more` : ''})`,
    );
    zh.push(
      `${list.length} 个${names.zh}（${shown.map((s) => `${label(s)}第 ${s.line} 行`).join('、')}${more > 0 ? `，另有 ${more} 个` : ''}）`,
    );
  }
  const rules = byKind.has('rule');
  const data = byKind.has('data change');
  const enList = en.length > 1 ? `${en.slice(0, -1).join(', ')} and ${en.at(-1)}` : en[0];
  return {
    zh: `表结构中的 ${zh.join('、')}未执行：它们不影响执行计划。${rules ? '规则只改写对其表的写操作：这些写操作按没有规则的情况规划。' : ''}${data ? '表按空表和所给的统计信息规划，不需要数据变更。' : ''}`,
    en: `${enList} in the table structure ${skipped.length > 1 ? 'were' : 'was'} not run: they do not change plans.${rules ? ' A rule rewrites only writes to its table: those are planned without it.' : ''}${data ? ' The tables are planned empty, with the statistics given: data changes are not needed.' : ''}`,
  };
}

function unclosedBody(start: Skipped) {
  return structureError(
    { line: start.line, column: 1 },
    `the BEGIN ATOMIC body of ${start.kind} ${start.name} has no END: the statements after it would be read as its body`,
    `${start.name} 的 BEGIN ATOMIC 函数体没有 END：其后的语句都会被当作函数体`,
  );
}
