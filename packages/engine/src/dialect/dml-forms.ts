import { type AstNode, columnRef, isNode, walk } from '../model/ast.ts';
import { isKeyword, type Token, topLevelIndex } from '../text/lexer.ts';
import { closingParen, type FormContext, fragment, notRead } from './markers.ts';

/**
 * INSERT, REPLACE, UPDATE and DELETE forms node-sql-parser 5.4 refuses or misreads (issue 11's grammar corpus),
 * read from a substituted copy (grammar-gaps.ts explains the mechanism) and put back in the shape node-sql-parser
 * gives the nearest form:
 *
 * Both dialects
 *  - DEFAULT as a value (`VALUES (1, DEFAULT)`, `SET a = DEFAULT`), which MySQL's grammar refuses and PostgreSQL's
 *    reads as a column named DEFAULT: `{type: 'origin', value: 'DEFAULT'}`, as node-sql-parser spells keywords;
 *  - PostgreSQL: a statement-level WITH before INSERT, DELETE or MERGE: the statement's `with`, as UPDATE's.
 * MySQL
 *  - LOW_PRIORITY, DELAYED, HIGH_PRIORITY after INSERT / REPLACE: in `prefix` with IGNORE and INTO
 *    ('low_priority ignore into'); LOW_PRIORITY, QUICK, IGNORE after UPDATE / DELETE: in `options`;
 *  - VALUE, VALUES' synonym; an empty column list and empty rows (`INSERT INTO t () VALUES ()`);
 *  - MySQL 8's row alias (`VALUES (...) AS new (a, b) ON DUPLICATE KEY UPDATE ...`): `row_alias`;
 *  - MariaDB's RETURNING after INSERT, REPLACE and DELETE: `returning`, as node-sql-parser's MariaDB grammar gives it;
 *  - `DELETE FROM t1, t2 USING <joins>`: `DELETE t1, t2 FROM <joins>`, the same statement in the other spelling;
 *  - partition selection (`t PARTITION (p1, p2)`) in SELECT, UPDATE and DELETE: the table's `partition`, as
 *    node-sql-parser gives INSERT's.
 * PostgreSQL
 *  - `INSERT ... DEFAULT VALUES` (`values: {type: 'origin', value: 'DEFAULT VALUES'}`), `INSERT INTO t AS a`,
 *    OVERRIDING { SYSTEM | USER } VALUE (`overriding`), `ON CONFLICT ON CONSTRAINT name`, `ON CONFLICT (...) WHERE`;
 *  - `UPDATE ... SET (a, b) = (x, y)` / `= ROW(x, y)`: the assignments `a = x, b = y` it stands for; `= (SELECT ...)`:
 *    one assignment of the subquery to the column list (`{type: 'column_list', columns, value}`);
 *  - `DELETE FROM t USING u, v WHERE ...`: the USING items join the statement's `from` after the target, as MySQL's
 *    `DELETE t FROM t, u, v` has them;
 *  - `ONLY t` and `t *` (PostgreSQL's grammar reads ONLY as a table named ONLY aliased t): the table with `only: true`.
 */
export function dmlForms(context: FormContext): void {
  defaultValues(context);
  statementWith(context);
  if (context.dialect === 'mysql') {
    mysqlModifiers(context);
    emptyInsertLists(context);
    rowAlias(context);
    mysqlReturning(context);
    mysqlDeleteUsing(context);
    partitionSelection(context);
  } else {
    postgresInsert(context);
    multipleAssignments(context);
    postgresDeleteUsing(context);
    onlyTables(context);
  }
}

const first = (tokens: Token[]) => tokens[0]?.text.toUpperCase() ?? '';

const DEFAULT = () => ({ type: 'origin', value: 'DEFAULT' });

function defaultValues({ tokens, dialect, substitutions, fixups, markers }: FormContext): void {
  const statement = first(tokens);
  if (!['INSERT', 'REPLACE', 'UPDATE', 'MERGE', 'WITH'].includes(statement)) return;
  if (dialect === 'mysql') {
    tokens.forEach((token, i) => {
      if (!isKeyword(token, 'DEFAULT')) return;
      const before = tokens[i - 1]?.text ?? '';
      const after = tokens[i + 1]?.text ?? '';
      if (!['(', ',', '='].includes(before) || after === '(') return;
      if (!(after === '' || after === ')' || after === ',' || /^(WHERE|ORDER|LIMIT|ON|RETURNING|AS)$/i.test(after)))
        return;
      substitutions.push({ start: token.start, end: token.end, replacement: markers.call('DEFAULT', DEFAULT) });
    });
    return;
  }
  if (!tokens.some((t) => isKeyword(t, 'DEFAULT'))) return;
  // PostgreSQL's grammar reads DEFAULT as a column: an unquoted column named DEFAULT is the keyword.
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'loc') continue;
        if (Array.isArray(value)) {
          value.forEach((item, i) => {
            if (isUnquotedDefault(item)) value[i] = DEFAULT();
          });
        } else if (isUnquotedDefault(value) && key !== 'column') node[key] = DEFAULT();
      }
      return undefined;
    }),
  );
}

function isUnquotedDefault(value: unknown): boolean {
  if (!isNode(value) || value.type !== 'column_ref' || value.table) return false;
  const column = isNode(value.column) && isNode(value.column.expr) ? value.column.expr : undefined;
  return column?.type === 'default' && String(column.value).toUpperCase() === 'DEFAULT';
}

/** `WITH ... INSERT|DELETE|UPDATE|MERGE`: the main statement read alone, the WITH clause read before a SELECT. */
export function statementWith(context: FormContext): void {
  const { tokens, substitutions, fixups } = context;
  // MySQL's grammar reads WITH before UPDATE and DELETE, PostgreSQL's before UPDATE.
  if (first(tokens) !== 'WITH' || context.dialect !== 'postgresql') return;
  const main = topLevelIndex(tokens, 1, (t) => ['INSERT', 'DELETE', 'UPDATE', 'MERGE'].includes(t.text.toUpperCase()));
  if (main < 0 || isKeyword(tokens[main], 'UPDATE')) return;
  const clause = fragment(context, '', tokens[0]!.start, tokens[main - 1]!.end, ' SELECT 1');
  if (!clause || !Array.isArray(clause.with)) return;
  substitutions.push({ start: tokens[0]!.start, end: tokens[main]!.start, replacement: '' });
  fixups.push((ast) => {
    ast.with = clause.with;
  });
}

const INSERT_PRIORITIES = new Set(['LOW_PRIORITY', 'DELAYED', 'HIGH_PRIORITY']);
const CHANGE_OPTIONS = new Set(['LOW_PRIORITY', 'QUICK', 'IGNORE']);

function mysqlModifiers({ tokens, substitutions, fixups }: FormContext): void {
  const statement = first(tokens);
  if (statement === 'INSERT' || statement === 'REPLACE') {
    const words: string[] = [];
    for (let i = 1; i < tokens.length && INSERT_PRIORITIES.has(tokens[i]!.text.toUpperCase()); i++) {
      words.push(tokens[i]!.text.toLowerCase());
      substitutions.push({ start: tokens[i]!.start, end: tokens[i]!.end, replacement: '' });
    }
    // VALUE is VALUES' synonym.
    const value = topLevelIndex(tokens, 1, (t, i) => isKeyword(t, 'VALUE') && tokens[i + 1]?.text === '(');
    if (value > 0) substitutions.push({ start: tokens[value]!.start, end: tokens[value]!.end, replacement: 'VALUES' });
    if (words.length === 0) return;
    fixups.push((ast) => {
      ast.prefix = [...words, String(ast.prefix ?? '')].join(' ').trim();
    });
  } else if (statement === 'UPDATE' || statement === 'DELETE') {
    const words: string[] = [];
    for (let i = 1; i < tokens.length && CHANGE_OPTIONS.has(tokens[i]!.text.toUpperCase()); i++) {
      // DELETE IGNORE INDEX ...: not an option (no such form after DELETE, but keep to the words before FROM).
      if (isKeyword(tokens[i + 1], 'INDEX') || isKeyword(tokens[i + 1], 'KEY')) break;
      words.push(tokens[i]!.text.toUpperCase());
      substitutions.push({ start: tokens[i]!.start, end: tokens[i]!.end, replacement: '' });
    }
    if (words.length === 0) return;
    fixups.push((ast) => {
      ast.options = words;
    });
  }
}

/** `INSERT INTO t () VALUES (), ()`: no columns named, rows of defaults. */
function emptyInsertLists({ tokens, substitutions, fixups }: FormContext): void {
  if (first(tokens) !== 'INSERT' && first(tokens) !== 'REPLACE') return;
  const values = topLevelIndex(tokens, 1, (t) => isKeyword(t, 'VALUES') || isKeyword(t, 'VALUE'));
  if (values < 0) return;
  const emptyColumns = tokens[values - 2]?.text === '(' && tokens[values - 1]?.text === ')';
  if (emptyColumns)
    substitutions.push({ start: tokens[values - 2]!.start, end: tokens[values - 1]!.end, replacement: '' });
  const emptyRows: number[] = [];
  let row = 0;
  for (let k = values + 1; k < tokens.length; ) {
    if (isKeyword(tokens[k], 'ROW')) k++;
    if (tokens[k]?.text !== '(') break;
    const close = closingParen(tokens, k);
    if (close === k + 1) {
      emptyRows.push(row);
      substitutions.push({ start: tokens[k]!.end, end: tokens[k]!.end, replacement: 'NULL' });
    }
    row++;
    if (close < 0 || tokens[close + 1]?.text !== ',') break;
    k = close + 2;
  }
  if (!emptyColumns && emptyRows.length === 0) return;
  fixups.push((ast) => {
    if (emptyColumns) ast.columns = [];
    const rows = isNode(ast.values) && Array.isArray(ast.values.values) ? ast.values.values : [];
    for (const index of emptyRows) {
      const listed = rows[index];
      if (isNode(listed)) listed.value = [];
    }
  });
}

/** MySQL 8: `VALUES (...) AS new [(a, b)]` or `SET ... AS new` before ON DUPLICATE KEY UPDATE. */
function rowAlias({ tokens, substitutions, fixups }: FormContext): void {
  if (first(tokens) !== 'INSERT') return;
  // After VALUES or SET only: after INSERT ... SELECT, `AS x ON DUPLICATE` is the query's table alias.
  if (topLevelIndex(tokens, 1, (t) => isKeyword(t, 'SELECT')) >= 0) return;
  const on = topLevelIndex(tokens, 1, (t, i) => isKeyword(t, 'ON') && isKeyword(tokens[i + 1], 'DUPLICATE'));
  if (on < 0) return;
  let as = on - 1;
  let columns: string[] = [];
  if (tokens[as]?.text === ')') {
    const open = tokens.findIndex((_, k) => k < as && tokens[k]!.text === '(' && closingParen(tokens, k) === as);
    if (open < 0 || !isKeyword(tokens[open - 2], 'AS')) return;
    columns = tokens
      .slice(open + 1, as)
      .filter((t) => t.text !== ',')
      .map((t) => t.text);
    as = open - 1;
  }
  if (!isKeyword(tokens[as - 1], 'AS')) return;
  const name = tokens[as]!.text;
  substitutions.push({ start: tokens[as - 1]!.start, end: tokens[on - 1]!.end, replacement: '' });
  fixups.push((ast) => {
    ast.row_alias = { name, columns: columns.length > 0 ? columns : null };
  });
}

/** MariaDB: `... RETURNING <select list>` at the end of INSERT, REPLACE and DELETE. */
function mysqlReturning(context: FormContext): void {
  const { tokens, substitutions, fixups } = context;
  if (!['INSERT', 'REPLACE', 'DELETE'].includes(first(tokens))) return;
  const at = topLevelIndex(tokens, 1, (t) => isKeyword(t, 'RETURNING'));
  if (at < 0) return;
  const list = fragment(context, 'SELECT ', tokens[at + 1]!.start, tokens[tokens.length - 1]!.end);
  if (!list || !Array.isArray(list.columns)) return;
  substitutions.push({ start: tokens[at]!.start, end: tokens[tokens.length - 1]!.end, replacement: '' });
  fixups.push((ast) => {
    ast.returning = { type: 'returning', columns: list.columns };
  });
}

/** `DELETE [options] FROM t1, t2 USING <table references>`: `DELETE t1, t2 FROM <table references>`. */
function mysqlDeleteUsing({ tokens, substitutions }: FormContext): void {
  if (first(tokens) !== 'DELETE') return;
  const from = topLevelIndex(tokens, 1, (t) => isKeyword(t, 'FROM'));
  const using = topLevelIndex(tokens, 1, (t) => isKeyword(t, 'USING'));
  if (from < 0 || using < 0 || using < from) return;
  // A join's USING (...) is not the statement's: the statement's follows the target list directly.
  const targets = tokens.slice(from + 1, using);
  if (!targets.every((t, k) => (k % 2 === 1 ? t.text === ',' : t.kind === 'word' || t.kind === 'quoted'))) return;
  substitutions.push(
    { start: tokens[from]!.start, end: tokens[from]!.end, replacement: '' },
    { start: tokens[using]!.start, end: tokens[using]!.end, replacement: 'FROM' },
  );
}

/** `t PARTITION (p1, p2)` in a table reference: blanked, then the table's `partition`. */
function partitionSelection({ tokens, substitutions, fixups }: FormContext): void {
  const found = new Map<number, string[]>();
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'PARTITION') || tokens[i + 1]?.text !== '(') return;
    const name = tokens[i - 1];
    if (!name || (name.kind !== 'word' && name.kind !== 'quoted') || /^(BY|OVER)$/i.test(name.text)) return;
    if (isKeyword(tokens[0], 'INSERT') || isKeyword(tokens[0], 'REPLACE') || isKeyword(tokens[0], 'CREATE')) return;
    const close = closingParen(tokens, i + 1);
    if (close < 0) return;
    found.set(
      name.start,
      tokens
        .slice(i + 2, close)
        .filter((t) => t.text !== ',')
        .map((t) => t.text),
    );
    substitutions.push({ start: token.start, end: tokens[close]!.end, replacement: '' });
  });
  if (found.size === 0) return;
  fixups.push((ast) => {
    let restored = 0;
    walk(ast, ({ node }) => {
      if (typeof node.table !== 'string' || !node.loc || node.type) return undefined;
      // The table reference's location starts at its name (a qualified name: at its last part's database).
      const names = found.get(node.loc.start.offset);
      if (!names || node.partition) return undefined;
      node.partition = names;
      restored++;
      return undefined;
    });
    if (restored < found.size) throw notRead('a partition selection', 'PARTITION');
  });
}

/** PostgreSQL INSERT: DEFAULT VALUES, an alias on the target, OVERRIDING, and ON CONFLICT forms. */
function postgresInsert(context: FormContext): void {
  const { tokens, substitutions, fixups } = context;
  const insert = topLevelIndex(tokens, 0, (t) => isKeyword(t, 'INSERT'));
  if (insert < 0 || !isKeyword(tokens[insert + 1], 'INTO')) return;
  const changes: Array<(ast: AstNode) => void> = [];
  // INSERT INTO t AS alias
  const target = insert + 2;
  if (isKeyword(tokens[target + 1], 'AS') && tokens[target + 2]) {
    const alias = tokens[target + 2]!.text;
    substitutions.push({ start: tokens[target + 1]!.start, end: tokens[target + 2]!.end, replacement: '' });
    changes.push((ast) => {
      const table = Array.isArray(ast.table) ? ast.table[0] : undefined;
      if (isNode(table)) table.as = alias;
    });
  }
  const defaults = topLevelIndex(
    tokens,
    target,
    (t, i) => isKeyword(t, 'DEFAULT') && isKeyword(tokens[i + 1], 'VALUES'),
  );
  if (defaults > 0) {
    substitutions.push({
      start: tokens[defaults]!.start,
      end: tokens[defaults + 1]!.end,
      replacement: 'VALUES (NULL)',
    });
    changes.push((ast) => {
      ast.values = { type: 'origin', value: 'DEFAULT VALUES' };
    });
  }
  const overriding = topLevelIndex(tokens, target, (t) => isKeyword(t, 'OVERRIDING'));
  if (overriding > 0 && isKeyword(tokens[overriding + 2], 'VALUE')) {
    const kind = `${tokens[overriding + 1]!.text.toUpperCase()} VALUE`;
    substitutions.push({ start: tokens[overriding]!.start, end: tokens[overriding + 2]!.end, replacement: '' });
    changes.push((ast) => {
      ast.overriding = kind;
    });
  }
  const conflict = topLevelIndex(tokens, target, (t, i) => isKeyword(t, 'ON') && isKeyword(tokens[i + 1], 'CONFLICT'));
  if (conflict > 0) {
    if (isKeyword(tokens[conflict + 2], 'ON') && isKeyword(tokens[conflict + 3], 'CONSTRAINT')) {
      const name = tokens[conflict + 4]!.text;
      substitutions.push({ start: tokens[conflict + 2]!.start, end: tokens[conflict + 4]!.end, replacement: '' });
      changes.push((ast) => {
        const clause = ast.conflict as AstNode | undefined;
        if (clause) clause.target = { type: 'constraint', constraint: name };
      });
    } else if (tokens[conflict + 2]?.text === '(') {
      const close = closingParen(tokens, conflict + 2);
      if (close > 0 && isKeyword(tokens[close + 1], 'WHERE')) {
        const doAt = topLevelIndex(tokens, close + 1, (t) => isKeyword(t, 'DO'));
        const where =
          doAt > 0 ? fragment(context, 'SELECT 1 WHERE ', tokens[close + 2]!.start, tokens[doAt - 1]!.end) : undefined;
        if (where && isNode(where.where)) {
          substitutions.push({ start: tokens[close + 1]!.start, end: tokens[doAt - 1]!.end, replacement: '' });
          changes.push((ast) => {
            const clause = ast.conflict as AstNode | undefined;
            if (clause && isNode(clause.target)) clause.target.where = where.where;
          });
        }
      }
    }
  }
  if (changes.length > 0)
    fixups.push((ast) => {
      for (const change of changes) change(ast);
    });
}

/**
 * PostgreSQL `SET (a, b) = (x, y)` / `= ROW(x, y)`: the assignments a = x, b = y; `SET (a, b) = (SELECT ...)`: one
 * assignment of the subquery to both columns.
 */
function multipleAssignments(context: FormContext): void {
  const { tokens, substitutions, fixups } = context;
  const statement = first(tokens);
  if (statement !== 'UPDATE' && statement !== 'INSERT' && statement !== 'WITH' && statement !== 'MERGE') return;
  tokens.forEach((token, i) => {
    if (token.text !== '(' || !(isKeyword(tokens[i - 1], 'SET') || tokens[i - 1]?.text === ',')) return;
    const close = closingParen(tokens, i);
    if (close < 0 || tokens[close + 1]?.text !== '=') return;
    // Only in a SET list: the `(` follows SET or a `,` of it.
    const set = tokens
      .slice(0, i)
      .map((t) => t.text.toUpperCase())
      .lastIndexOf('SET');
    if (set < 0) return;
    const columns = tokens.slice(i + 1, close).filter((t) => t.text !== ',');
    let valueOpen = close + 2;
    if (isKeyword(tokens[valueOpen], 'ROW')) valueOpen++;
    if (tokens[valueOpen]?.text !== '(') return;
    const valueClose = closingParen(tokens, valueOpen);
    if (valueClose < 0) return;
    const subquery = isKeyword(tokens[valueOpen + 1], 'SELECT') && !isKeyword(tokens[close + 2], 'ROW');
    const names = columns.map((c) => c.text);
    if (subquery) {
      const statement = fragment(context, '', tokens[valueOpen + 1]!.start, tokens[valueClose - 1]!.end);
      if (!statement) return;
      const item = { expr: { ast: statement, parentheses: true } };
      const marker = `sqltune_columns_${i}`;
      substitutions.push({ start: token.start, end: tokens[valueClose]!.end, replacement: `${marker} = NULL` });
      fixups.push((ast) =>
        walk(ast, ({ node }) => {
          const set = Array.isArray(node.set) ? node.set : [];
          set.forEach((assignment, k) => {
            const name = isNode(assignment) ? (columnRef(assignment)?.column ?? assignment.column) : undefined;
            if (name !== marker) return;
            set[k] = { type: 'column_list', columns: names, value: item.expr };
          });
          return undefined;
        }),
      );
      return;
    }
    // (a, b) = (x, y): the written assignments a = x, b = y, when the two lists have as many items.
    const values = splitTopLevel(tokens, valueOpen + 1, valueClose);
    if (values.length !== columns.length) return;
    substitutions.push({ start: token.start, end: tokens[valueClose]!.end, replacement: '' });
    const pieces = columns.map((column, k) => {
      const [from, to] = values[k]!;
      return `${column.text} = ${context.text.slice(tokens[from]!.start, tokens[to]!.end)}`;
    });
    substitutions.push({ start: token.start, end: token.start, replacement: pieces.join(', ') });
  });
}

/** The [first, last] token ranges of the comma-separated items between `from` and `end` (exclusive), at depth 0. */
function splitTopLevel(tokens: Token[], from: number, end: number): Array<[number, number]> {
  const items: Array<[number, number]> = [];
  let depth = 0;
  let start = from;
  for (let k = from; k <= end; k++) {
    const text = k === end ? ',' : tokens[k]!.text;
    if (text === '(') depth++;
    else if (text === ')') depth--;
    else if (text === ',' && depth === 0) {
      if (k > start) items.push([start, k - 1]);
      start = k + 1;
    }
  }
  return items;
}

/** PostgreSQL `DELETE FROM t [AS a] USING u, v WHERE ...`: u and v join the statement's `from` after t. */
function postgresDeleteUsing(context: FormContext): void {
  const { tokens, substitutions, fixups } = context;
  const del = topLevelIndex(tokens, 0, (t) => isKeyword(t, 'DELETE'));
  if (del < 0 || !isKeyword(tokens[del + 1], 'FROM')) return;
  const using = topLevelIndex(tokens, del + 2, (t) => isKeyword(t, 'USING'));
  if (using < 0) return;
  const end = topLevelIndex(tokens, using + 1, (t) => isKeyword(t, 'WHERE') || isKeyword(t, 'RETURNING'));
  const last = end < 0 ? tokens.length - 1 : end - 1;
  const items = fragment(context, 'SELECT 1 FROM ', tokens[using + 1]!.start, tokens[last]!.end);
  const extra = items && Array.isArray(items.from) ? (items.from as unknown[]) : undefined;
  if (!extra) return;
  substitutions.push({ start: tokens[using]!.start, end: tokens[last]!.end, replacement: '' });
  fixups.push((ast) => {
    ast.from = [...(Array.isArray(ast.from) ? ast.from : []), ...extra];
  });
}

/**
 * PostgreSQL `ONLY t [alias]` and `t *`: `*` (descendant tables included, the default) is left out; ONLY is put in
 * the alias position as `sqltune_only_<n>`, which the table gets back as its alias as written, with `only: true`.
 */
function onlyTables({ tokens, substitutions, fixups }: FormContext): void {
  const aliases: Array<string | null> = [];
  tokens.forEach((token, i) => {
    const name = tokens[i + 1];
    if (!isKeyword(token, 'ONLY') || !name || (name.kind !== 'word' && name.kind !== 'quoted')) return;
    const before = tokens[i - 1]?.text.toUpperCase() ?? '';
    if (!['FROM', 'JOIN', ',', 'UPDATE', 'INTO', 'TABLE'].includes(before)) return;
    if (before === ',' && !inFromList(tokens, i)) return;
    // TABLE only as the TABLE command (`TABLE ONLY t`): the grammar reads ALTER / TRUNCATE TABLE ONLY itself.
    if (before === 'TABLE' && !tableCommand(tokens, i - 1)) return;
    let end = i + 1;
    if (tokens[end + 1]?.text === '*') {
      substitutions.push({ start: tokens[end + 1]!.start, end: tokens[end + 1]!.end, replacement: '' });
      end++;
    }
    let alias: string | null = null;
    let aliasEnd = end;
    if (isKeyword(tokens[end + 1], 'AS')) {
      alias = tokens[end + 2]?.text ?? null;
      aliasEnd = end + 2;
    } else if (
      tokens[end + 1] &&
      (tokens[end + 1]!.kind === 'word' || tokens[end + 1]!.kind === 'quoted') &&
      !aliasStop.has(tokens[end + 1]!.text.toUpperCase())
    ) {
      alias = tokens[end + 1]!.text;
      aliasEnd = end + 1;
    }
    const marker = `sqltune_only_${aliases.length}`;
    aliases.push(alias);
    substitutions.push({ start: token.start, end: token.end, replacement: '' });
    if (aliasEnd > end)
      substitutions.push({ start: tokens[end + 1]!.start, end: tokens[aliasEnd]!.end, replacement: `AS ${marker}` });
    else substitutions.push({ start: tokens[end]!.end, end: tokens[end]!.end, replacement: ` AS ${marker}` });
  });
  tokens.forEach((token, i) => {
    // t * (descendants included) outside ONLY: the `*` is noise.
    if (token.text !== '*' || tokens[i - 2]?.text.toUpperCase() === 'ONLY') return;
    const before = tokens[i - 1];
    const beforeThat = tokens[i - 2]?.text.toUpperCase() ?? '';
    if (before?.kind === 'word' && ['FROM', 'JOIN', 'UPDATE', 'INTO'].includes(beforeThat)) {
      substitutions.push({ start: token.start, end: token.end, replacement: '' });
    }
  });
  if (aliases.length === 0) return;
  fixups.push((ast) => {
    const restored = new Set<number>();
    walk(ast, ({ node }) => {
      const as = typeof node.as === 'string' ? node.as : '';
      if (!as.startsWith('sqltune_only_') || typeof node.table !== 'string') return undefined;
      const index = Number(as.slice('sqltune_only_'.length));
      node.as = aliases[index] ?? null;
      node.only = true;
      restored.add(index);
      return undefined;
    });
    if (restored.size !== aliases.length) throw notRead('ONLY', 'ONLY');
  });
}

const aliasStop = new Set([
  'WHERE',
  'SET',
  'JOIN',
  'LEFT',
  'RIGHT',
  'FULL',
  'INNER',
  'CROSS',
  'NATURAL',
  'ON',
  'USING',
  'GROUP',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'FOR',
  'WINDOW',
  'HAVING',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'TABLESAMPLE',
  'RETURNING',
  'DEFAULT',
  'VALUES',
  'SELECT',
  'OVERRIDING',
  'WHEN',
]);

/** Whether the TABLE at `i` starts a query (the statement, a parenthesized query or a set operation's operand). */
function tableCommand(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1]?.text.toUpperCase();
  return before === undefined || ['(', 'UNION', 'INTERSECT', 'EXCEPT', 'ALL', 'DISTINCT'].includes(before);
}

function inFromList(tokens: Token[], i: number): boolean {
  const from = tokens
    .slice(0, i)
    .map((t) => t.text.toUpperCase())
    .lastIndexOf('FROM');
  return from >= 0;
}
