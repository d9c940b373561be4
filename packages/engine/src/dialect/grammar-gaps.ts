import type { Dialect } from '@sqltune/contracts';
import { type AstNode, child, columnRef, comparisonOperators, isNode, walk } from '../model/ast.ts';
import { unquote } from '../schema/model.ts';
import { type BindPlaceholder, bindPlaceholders } from '../text/bind-placeholders.ts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';
import { templatePlaceholders } from '../text/placeholders.ts';
import { ddlForms } from './ddl-forms.ts';
import { dmlForms } from './dml-forms.ts';
import { executableComments } from './executable-comments.ts';
import { expressionForms } from './expression-forms.ts';
import { keywordNames } from './keyword-names.ts';
import { literalForms } from './literal-forms.ts';
import { type FormContext, MarkerCalls, notRead, SelectHeads } from './markers.ts';
import { mergeForms } from './merge-forms.ts';
import { operatorRuns, timeZoneOperands } from './operator-runs.ts';
import { postgresForms } from './postgres-forms.ts';
import { queryForms } from './query-forms.ts';
import { closing, type Fixup, type Substitution, standardForms } from './standard-forms.ts';
import { typeForms } from './type-forms.ts';
import { UnreadableForm } from './unreadable.ts';

/**
 * Forms both databases accept that node-sql-parser 5.4 does not, and how the engine still reads them.
 *
 * The statement text the user gave is never changed: the parser gets a copy with a few substitutions, and the tree
 * it returns is mapped back (every location to the original offsets, placeholders to the trees they stand for), so
 * rules, spans and rewrites see the statement as written.
 *
 *  - names the database takes unquoted that the grammar reserves (MySQL `rank`, `option`, `full`...; PostgreSQL `session`, `partition`, `json`...; keyword-names.ts).
 *  - `DEC(p, s)`, the SQL standard's short name for DECIMAL (both dialects), is read as DECIMAL.
 *  - `CAST(x AS STRING)` (Spark/Hive's name for a text type, common in pasted queries) is read as CHAR / TEXT;
 *    the database itself would refuse it, which the planner then reports.
 *  - PostgreSQL: `PARTITION BY` items that are expressions (`grouping(a) + grouping(b)`), which the PostgreSQL
 *    grammar only takes as column names: each is parsed on its own and put back into the tree.
 *  - MySQL 8: a derived table's column list, `(SELECT ...) AS d (a, b)`: read as if the derived query's items
 *    were aliased `a` and `b`, which is what the list means.
 *  - MyBatis `#{...}` and `${...}` placeholders left in pasted SQL (see templateParameters).
 *  - Other clients' bind parameters (`%s`, `%(name)s`, `:name`, the other dialect's `?` or `$1`), read as the
 *    dialect's own (text/bind-placeholders.ts).
 *  - PostgreSQL: `FETCH FIRST n ROWS ONLY` and `OFFSET n ROWS`, the SQL standard's LIMIT and OFFSET.
 *  - Null-safe comparisons: MySQL's `<=>`, PostgreSQL's `IS [NOT] DISTINCT FROM` (see nullSafeComparisons).
 *  - Locking clauses: PostgreSQL's `FOR UPDATE | NO KEY UPDATE | SHARE | KEY SHARE ...`, MySQL 8's `FOR SHARE`.
 *  - MySQL has no FULL JOIN (see fullJoins): refused rather than misread.
 *  - NATURAL joins (see naturalJoins), which PostgreSQL's grammar reads as an alias and MySQL's refuses.
 *  - PostgreSQL: `a CROSS JOIN b` without an alias on a (see crossJoins).
 *  - `SELECT ... FROM (...) UNION ALL (SELECT ...)`, read as a join named "union all" (see setOperationsAfterFrom).
 *  - The standard's calls with keywords in them and window frames: aggregates over DISTINCT values, SUBSTRING ... FROM
 *    ... FOR, OVERLAY ... PLACING, EXTRACT fields, RANGE / GROUPS frames and offsets (see standard-forms.ts).
 *
 * One gap is in the tree rather than the text: AND/OR precedence, regrouped after parsing (logical-precedence.ts).
 */
export interface PreparedText {
  /** The text the parser reads. */
  text: string;
  /** Maps an offset in `text` back to the statement as written. */
  toOriginal(offset: number): number;
  /** Puts back into the parsed tree (already mapped to original offsets) what the substitutions took out. */
  restore(ast: AstNode): void;
}

/**
 * Prepares a statement for the parser. `parseFragment` reads another piece of SQL the same way (prepared, parsed
 * and restored, locations in its own text) and returns its tree, or undefined when it does not parse: forms read
 * in parts use it (PARTITION BY expressions, a MERGE's clauses...).
 */
export function prepareForParser(
  text: string,
  dialect: Dialect,
  parseFragment: (sql: string) => AstNode | undefined,
): PreparedText {
  const placeholders = bindPlaceholders(text, dialect);
  const tokens = withPlaceholderTokens(codeTokens(lex(text, { mysql: dialect === 'mysql' })), placeholders);
  const substitutions: Substitution[] = placeholders.map(({ start, end, native }) => ({
    start,
    end,
    replacement: native,
  }));
  const fixups: Fixup[] = [];
  const markers = new MarkerCalls();
  const context: FormContext = { text, tokens, dialect, substitutions, fixups, markers, parseFragment } as FormContext;
  context.heads = new SelectHeads(context);
  // A MERGE is read in parts (merge-forms.ts), each prepared on its own: the statement itself is not given to the
  // parser, so no other form applies to it.
  executableComments(context);
  keywordNames(context);
  if (mergeForms(context)) return prepared(text, substitutions, fixups, markers);
  literalForms(context);
  queryForms(context);
  dmlForms(context);
  expressionForms(context);
  typeForms(context);
  ddlForms(context);
  postgresForms(context);
  operatorRuns(context);
  timeZoneOperands(context);
  substitutions.push(...typeNames(tokens, dialect));
  standardForms(text, tokens, dialect, substitutions, fixups);
  templateParameters(text, tokens, dialect, substitutions, fixups);
  if (dialect === 'postgresql') castParameters(tokens, substitutions, fixups);
  if (dialect === 'postgresql')
    partitionExpressions(text, tokens, substitutions, fixups, (sql) => selectItem(parseFragment(sql)));
  substitutions.push(...standardRowLimits(tokens, fixups));
  if (dialect === 'mysql') derivedColumnLists(tokens, substitutions, fixups);
  nullSafeComparisons(tokens, dialect, substitutions, fixups);
  lockingClauses(tokens, dialect, substitutions, fixups, context.heads);
  if (dialect === 'mysql') fullJoins(tokens, fixups);
  naturalJoins(tokens, substitutions, fixups);
  if (dialect === 'postgresql') crossJoins(tokens, fixups);
  setOperationsAfterFrom(tokens, fixups);
  context.heads.emit();
  return prepared(text, substitutions, fixups, markers);
}

/**
 * The tokens with each bind placeholder of another client's form (`%(name)s`: four tokens) as the one token of its
 * native form (`?`, `$2`), so the forms read it as the parameter it is (not as `%` applied to a name).
 */
function withPlaceholderTokens(tokens: Token[], placeholders: BindPlaceholder[]): Token[] {
  if (placeholders.length === 0) return tokens;
  const out: Token[] = [];
  for (const token of tokens) {
    const placeholder = placeholders.find((p) => token.start >= p.start && token.start < p.end);
    if (!placeholder) out.push(token);
    else if (token.start === placeholder.start) {
      const kind = placeholder.native === '?' ? 'symbol' : 'word';
      out.push({ kind, text: placeholder.native, start: placeholder.start, end: placeholder.end });
    }
  }
  return out;
}

/** The substituted copy, and how its tree is put back (see PreparedText). */
function prepared(text: string, substitutions: Substitution[], fixups: Fixup[], markers: MarkerCalls): PreparedText {
  if (substitutions.length === 0 && fixups.length === 0) {
    return { text, toOriginal: (offset) => offset, restore: () => undefined };
  }
  // An insertion (start = end) goes before a replacement starting at the same offset: they do not overlap.
  substitutions.sort(
    (a, b) => a.start - b.start || Number(a.end > a.start) - Number(b.end > b.start) || (a.order ?? 0) - (b.order ?? 0),
  );
  const prepared = applySubstitutions(text, substitutions);
  return {
    text: prepared.text,
    toOriginal: prepared.toOriginal,
    restore(ast) {
      mapLocations(ast, prepared.toOriginal);
      markers.restore(ast, prepared.text);
      for (const fixup of fixups) fixup(ast, prepared.text);
      forgetMarkers(ast);
    },
  };
}

/**
 * MyBatis placeholders in pasted SQL: `#{id}` is a bind parameter (read as `?`, or `$n` in PostgreSQL); `${name}` is
 * text pasted into the statement, read as a name (`1` after LIMIT/OFFSET) and put back in the tree as a parameter
 * holding its text, so no rule mistakes it for a column (the template-placeholder-in-sql rule reports it).
 */
function templateParameters(
  text: string,
  tokens: Token[],
  dialect: Dialect,
  substitutions: Substitution[],
  fixups: Fixup[],
): void {
  const names = new Map<string, string>();
  const castBinds = new Map<string, number>();
  const directions: PastedDirection[] = [];
  let binds = 0;
  const placeholders = templatePlaceholders(tokens);
  for (let p = 0; p < placeholders.length; p++) {
    const { sigil, first: i } = placeholders[p]!;
    let { last } = placeholders[p]!;
    let start = tokens[i]!.start;
    let end = tokens[last]!.end;
    // `order_${yyyymm}`, `t_${suffix}`: the name written right before the placeholder is one name with it.
    const before = tokens[i - 1];
    const gluedBefore = sigil === '$' && before?.kind === 'word' && before.end === start && /\w$/.test(before.text);
    let replacement: string;
    if (sigil === '#') {
      binds++;
      replacement = dialect === 'mysql' ? '?' : `$${binds}`;
      // PostgreSQL `#{payload}::jsonb`: the parser takes `$1::type` only as a select item, a string cast anywhere.
      if (dialect === 'postgresql' && /^\s*::/.test(text.slice(end))) {
        replacement = `'sqltune_bind_${binds}'`;
        castBinds.set(`sqltune_bind_${binds}`, binds);
      }
    } else if (/^(LIMIT|OFFSET|,)$/i.test(tokens[i - 1]?.text ?? '') && inLimit(tokens, i)) {
      replacement = '1';
    } else if (startsStatement(tokens, i, last)) {
      // Text pasted before the statement itself (Flowable's `${limitBefore} SELECT ...`, a paging wrapper's start),
      // taken with the blanks after it: the parser's text then starts with the statement, whose places it counts
      // from its first word (with the blanks kept, every place after them was that many characters early).
      replacement = '';
      end = tokens[last + 1]?.start ?? end;
    } else if (!gluedBefore && endsOperand(tokens, i - 1)) {
      // Right after an operand: before a value, an operator (iBatis' `ACC_EMAIL $op$ '%@%'`); in a sort key only a
      // direction fits (`ORDER BY ${column} ${direction}`); elsewhere the text is a clause of its own
      // (`WHERE a = 1 ${dataScope}`, pasted as `AND ...` or as nothing).
      if (valueFollows(tokens, last)) replacement = '=';
      else if (inSortKey(tokens, i)) {
        replacement = 'ASC';
        directions.push({ start, written: text.slice(start, end), key: sortKeyIndex(tokens, i) });
      } else replacement = '';
    } else {
      replacement = `sqltune_text_${names.size}`;
      if (gluedBefore) start = before.start;
      // A name the text is glued to is one name with it (Flowable's `${prefix}ACT_HI_COMMENT`), and so is a further
      // placeholder glued to that (`t_${a}_${b}`).
      end = gluedNameEnd(tokens, last);
      for (let next = placeholders[p + 1]; next?.sigil === '$' && tokens[next.first]!.start === end; ) {
        last = next.last;
        end = gluedNameEnd(tokens, last);
        next = placeholders[++p + 1];
      }
      names.set(replacement, text.slice(start, end));
      // A condition's start followed by its value (mybatis-generator's `and ${criterion.condition} #{criterion.value}`,
      // the condition being `col =` or `col in`): the text holds the column and its operator.
      const operator = pastedOperator(tokens, i, last);
      if (operator) replacement += operator;
    }
    substitutions.push({ start, end, replacement });
  }
  if (castBinds.size > 0) fixups.push((ast) => restoreCastBinds(ast, castBinds));
  if (directions.length > 0) fixups.push((ast) => restoreDirections(ast, directions));
  if (names.size === 0) return;
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      for (const [key, value] of Object.entries(node)) {
        if (!isNode(value)) continue;
        const written = names.get(columnRef(value)?.column ?? '');
        if (written) node[key] = { type: 'param', value: written, loc: value.loc };
      }
      // Table names, and the database or schema qualifying one (`db_${env}.orders`).
      for (const key of ['table', 'db', 'schema']) {
        const name = node[key];
        if (typeof name === 'string' && names.has(name)) node[key] = names.get(name);
      }
      return undefined;
    }),
  );
}

/** A `${...}` read as a sort key's direction: where it starts in the text, as written, and which key of its list. */
interface PastedDirection {
  readonly start: number;
  readonly written: string;
  readonly key: number;
}

/**
 * `ORDER BY a ${direction}`: the key's direction is only known at run time. Read as ASC, the item gets the text as
 * written for its direction (`type: '${direction}'`), so that no rule takes it for ascending. Its item is the one whose
 * key ends last before the text; where keys have no location (PostgreSQL's column names), the key of that number in
 * the statement's one sort.
 */
function restoreDirections(ast: AstNode, directions: readonly PastedDirection[]): void {
  const lists: AstNode[][] = [];
  walk(ast, ({ node }) => {
    for (const key of ['orderby', '_orderby']) {
      const list = node[key];
      if (Array.isArray(list)) lists.push(list.filter(isNode));
    }
    return undefined;
  });
  for (const { start, written, key } of directions) {
    let item: AstNode | undefined;
    let itemEnd = -1;
    for (const candidate of lists.flat()) {
      const end = (candidate.expr as AstNode | undefined)?.loc?.end.offset;
      if (end !== undefined && end <= start && end > itemEnd) [item, itemEnd] = [candidate, end];
    }
    item ??= lists.length === 1 ? lists[0]![key] : undefined;
    if (item) item.type = written;
  }
}

/** Which key of its ORDER BY the token at `i` is in: the commas at its depth before it, back to BY. */
function sortKeyIndex(tokens: Token[], i: number): number {
  let depth = 0;
  let commas = 0;
  for (let k = i - 1; k >= 0 && !(depth === 0 && /^BY$/i.test(tokens[k]!.text)); k--) {
    const text = tokens[k]!.text;
    if (text === ')') depth++;
    else if (text === '(') depth--;
    else if (text === ',' && depth === 0) commas++;
  }
  return commas;
}

/**
 * PostgreSQL parameters cast with `::` (`$1::uuid` as Prisma writes them, `= ANY($1::bigint[])`, a client's `%s::jsonb`
 * once read as `$n`): the parser takes a parameter's cast only as a select item and a string's anywhere, so each is
 * read as a string and put back as the parameter it is.
 */
function castParameters(tokens: Token[], substitutions: Substitution[], fixups: Fixup[]): void {
  const castBinds = new Map<string, number>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    const parameter = /^\$(\d+)$/.exec(tokens[i]!.text);
    if (!parameter || tokens[i + 1]!.text !== ':' || tokens[i + 2]!.text !== ':') continue;
    if (tokens[i + 2]!.start !== tokens[i + 1]!.end) continue;
    const key = `sqltune_bind_${parameter[1]}`;
    castBinds.set(key, Number(parameter[1]));
    // A client's placeholder (`%s`) already has its substitution to `$n`: the string takes its place.
    const { start, end } = tokens[i]!;
    const placeholder = substitutions.find((s) => s.start === start && s.end === end);
    if (placeholder) placeholder.replacement = `'${key}'`;
    else substitutions.push({ start, end, replacement: `'${key}'` });
  }
  if (castBinds.size > 0) fixups.push((ast) => restoreCastBinds(ast, castBinds));
}

/** The bind parameters read as strings before a `::` cast put back as the parameters (`$n`) they are. */
function restoreCastBinds(ast: AstNode, castBinds: ReadonlyMap<string, number>): void {
  walk(ast, ({ node }) => {
    for (const [key, value] of Object.entries(node)) {
      if (!isNode(value) || value.type !== 'single_quote_string' || typeof value.value !== 'string') continue;
      const bind = castBinds.get(value.value);
      if (bind !== undefined) {
        node[key] = { type: 'var', name: bind, members: [], quoted: null, prefix: '$', loc: value.loc };
      }
    }
    return undefined;
  });
}

/** Where a placeholder ending at token `last` ends with the name written right after it (no blank, no dot). */
function gluedNameEnd(tokens: Token[], last: number): number {
  const next = tokens[last + 1];
  const glued = next?.kind === 'word' && next.start === tokens[last]!.end && /^\w/.test(next.text);
  return glued ? next.end : tokens[last]!.end;
}

/** Whether the token at `i` sits in a LIMIT clause (`LIMIT x`, `LIMIT a, x`, `OFFSET x`). */
function inLimit(tokens: Token[], i: number): boolean {
  for (let k = i - 1; k >= 0 && k >= i - 8; k--) {
    if (/^(LIMIT|OFFSET)$/i.test(tokens[k]!.text)) return true;
    if (!/^(,|\d+|\?|\}|\{|\$|#|\w+)$/.test(tokens[k]!.text) || /^(BY|SELECT|WHERE|FROM)$/i.test(tokens[k]!.text)) {
      return false;
    }
  }
  return false;
}

const clauseWords = new Set(
  'SELECT WHERE AND OR NOT BY ON FROM JOIN SET IN IS LIKE AS WHEN THEN ELSE CASE HAVING DISTINCT LIMIT OFFSET VALUES INTO UPDATE BETWEEN'.split(
    ' ',
  ),
);

function endsOperand(tokens: Token[], k: number): boolean {
  const token = tokens[k];
  if (!token) return false;
  if (token.text === '}' || token.text === ')' || token.kind === 'string') return true;
  // `SELECT RES.* ${limitBetween}`: a star that is a select item, not a product.
  if (token.text === '*') return /(\.|^,|^SELECT|^DISTINCT)$/i.test(tokens[k - 1]?.text ?? '');
  // `a.${column}`: a qualifier (the lexer reads `a.` as one word) starts the name the text ends.
  if (token.text.endsWith('.')) return false;
  return (token.kind === 'word' || token.kind === 'quoted') && !clauseWords.has(token.text.toUpperCase());
}

/** Whether the placeholder at `first` opens the text and a statement follows it. */
function startsStatement(tokens: Token[], first: number, last: number): boolean {
  return first === 0 && /^(SELECT|WITH|INSERT|UPDATE|DELETE|REPLACE|\()$/i.test(tokens[last + 1]?.text ?? '');
}

/** Whether the token at `i` is in an ORDER BY list (the nearest clause word before it, at its depth, is ORDER BY). */
function inSortKey(tokens: Token[], i: number): boolean {
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    const word = tokens[k]!.text.toUpperCase();
    if (word === ')') depth++;
    else if (word === '(' && --depth < 0) return false;
    else if (depth === 0 && word === 'BY') return tokens[k - 1]?.text.toUpperCase() === 'ORDER';
    else if (depth === 0 && tokens[k]!.kind === 'word' && clauseWords.has(word)) return false;
  }
  return false;
}

/**
 * The operator a `${...}` at a condition's start carries when a value follows it right away: ` IN` before a
 * parenthesized list, ` =` before a parameter, a string or a number. Undefined elsewhere.
 */
function pastedOperator(tokens: Token[], first: number, last: number): string | undefined {
  const before = tokens[first - 1];
  const conditionStart =
    !before ||
    before.text === '(' ||
    /^(WHERE|AND|OR|ON|HAVING|NOT|WHEN)$/i.test(before.kind === 'word' ? before.text : '');
  const next = tokens[last + 1];
  if (!conditionStart || !next) return undefined;
  if (next.text === '(') return next.start > tokens[last]!.end ? ' IN' : undefined;
  return valueFollows(tokens, last) ? ' =' : undefined;
}

/** Whether a value starts right after token `last`: a `#{}` parameter, a `?`, a string or a number. */
function valueFollows(tokens: Token[], last: number): boolean {
  const next = tokens[last + 1];
  if (!next) return false;
  return (
    (next.text === '#' && tokens[last + 2]?.text === '{') ||
    next.text === '?' ||
    next.kind === 'string' ||
    /^\d/.test(next.text)
  );
}

/**
 * Row limits the parser misreads or refuses (PostgreSQL, and MariaDB 10.6's): the SQL standard's
 * `FETCH FIRST|NEXT [n] ROW|ROWS ONLY` (LIMIT n, 1 without a count), `OFFSET m ROW|ROWS` (OFFSET m), and OFFSET written
 * before the limit (`OFFSET m LIMIT n`, which node-sql-parser reads as OFFSET m alone, dropping the limit). All become
 * `LIMIT n OFFSET m`. `FETCH ... WITH TIES` (more rows than n when the last ones tie in ORDER BY) has no LIMIT form:
 * it is read as `LIMIT <marker>` and its limit node gets the count back with `fetch: 'WITH TIES'`.
 */
function standardRowLimits(tokens: Token[], fixups: Fixup[]): Substitution[] {
  const found: Substitution[] = [];
  const ties: string[] = [];
  const rowWord = (t: Token | undefined) => isKeyword(t, 'ROWS') || isKeyword(t, 'ROW');
  const amount = (t: Token | undefined) => !!t && /^(\d+|\$\d+|\?)$/.test(t.text);
  /** `FETCH FIRST n ROWS ONLY|WITH TIES` or `LIMIT n` at `i`: the count and the index after it. */
  const limitAt = (i: number): { count: string; next: number } | undefined => {
    if (isKeyword(tokens[i], 'LIMIT') && amount(tokens[i + 1])) return { count: tokens[i + 1]!.text, next: i + 2 };
    if (!isKeyword(tokens[i], 'FETCH') || !(isKeyword(tokens[i + 1], 'FIRST') || isKeyword(tokens[i + 1], 'NEXT'))) {
      return undefined;
    }
    const counted = amount(tokens[i + 2]);
    const rows = counted ? i + 3 : i + 2;
    if (!rowWord(tokens[rows])) return undefined;
    const count = counted ? tokens[i + 2]!.text : '1';
    if (isKeyword(tokens[rows + 1], 'ONLY')) return { count, next: rows + 2 };
    if (isKeyword(tokens[rows + 1], 'WITH') && isKeyword(tokens[rows + 2], 'TIES') && /^\d+$/.test(count)) {
      ties.push(count);
      return { count: String(TIES_MARKER_BASE + ties.length), next: rows + 3 };
    }
    return undefined;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isKeyword(token, 'OFFSET') && amount(tokens[i + 1])) {
      const afterOffset = rowWord(tokens[i + 2]) ? i + 3 : i + 2;
      const limit = limitAt(afterOffset);
      if (limit) {
        const end = tokens[limit.next - 1]!.end;
        found.push({ start: token.start, end, replacement: `LIMIT ${limit.count} OFFSET ${tokens[i + 1]!.text}` });
        i = limit.next - 1;
      } else if (afterOffset === i + 3) {
        found.push({ start: tokens[i + 2]!.start, end: tokens[i + 2]!.end, replacement: '' });
      }
      continue;
    }
    if (isKeyword(token, 'FETCH')) {
      const limit = limitAt(i);
      if (limit)
        found.push({ start: token.start, end: tokens[limit.next - 1]!.end, replacement: `LIMIT ${limit.count}` });
    }
  }
  if (ties.length > 0) {
    fixups.push((ast) => {
      let restored = 0;
      walk(ast, ({ node }) => {
        const values = Array.isArray(node.value) && 'seperator' in node ? node.value : undefined;
        for (const value of values ?? []) {
          const index = isNode(value) ? Number(value.value) - TIES_MARKER_BASE - 1 : -1;
          if (index < 0 || index >= ties.length) continue;
          value.value = Number(ties[index]);
          node.fetch = 'WITH TIES';
          restored++;
        }
        return undefined;
      });
      if (restored !== ties.length) throw notRead('FETCH ... WITH TIES', 'FETCH');
    });
  }
  return found;
}

/** `LIMIT 9200001`, ...: the markers of FETCH ... WITH TIES counts. */
const TIES_MARKER_BASE = 9_200_000;

/**
 * Null-safe comparisons: MySQL's `a <=> b` is a syntax error to node-sql-parser, and PostgreSQL's
 * `a IS [NOT] DISTINCT FROM b` comes back as `a IS <a name 'DISTINCT FROM b'>`. The parser reads a comparison
 * operator the statement does not use in their place (one per kind), and the nodes with it get their operator
 * back: '<=>', 'IS DISTINCT FROM' or 'IS NOT DISTINCT FROM'. Comparisons share one precedence, MySQL's `<=>`
 * included; PostgreSQL's IS binds looser, which changes the reading only when the comparison is the left side
 * of another comparison without parentheses (`a IS DISTINCT FROM b = c` is `a IS DISTINCT FROM (b = c)`): such a
 * statement is refused, not misread, as is one that uses every spare operator already.
 */
function nullSafeComparisons(tokens: Token[], dialect: Dialect, substitutions: Substitution[], fixups: Fixup[]): void {
  const found: Array<{ start: number; end: number; operator: string }> = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const spaceship =
      dialect === 'mysql' &&
      token.text === '<' &&
      tokens[i + 1]?.text === '=' &&
      tokens[i + 2]?.text === '>' &&
      tokens[i + 1]!.start === token.end &&
      tokens[i + 2]!.start === tokens[i + 1]!.end;
    if (spaceship) {
      found.push({ start: token.start, end: tokens[i + 2]!.end, operator: '<=>' });
      i += 2;
      continue;
    }
    // MySQL's SOUNDS LIKE and MEMBER OF, comparisons of the same precedence.
    const phrase =
      dialect === 'mysql'
        ? (['SOUNDS LIKE', 'MEMBER OF'] as const).find((words) => {
            const [a, b] = words.split(' ');
            return isKeyword(token, a!) && isKeyword(tokens[i + 1], b!);
          })
        : undefined;
    if (phrase) {
      found.push({ start: token.start, end: tokens[i + 1]!.end, operator: phrase });
      i += 1;
      continue;
    }
    // PostgreSQL's OVERLAPS, between two rows, at the precedence of a comparison.
    if (dialect === 'postgresql' && isKeyword(token, 'OVERLAPS')) {
      found.push({ start: token.start, end: token.end, operator: 'OVERLAPS' });
      continue;
    }
    if (dialect !== 'postgresql' || !isKeyword(token, 'IS')) continue;
    const negated = isKeyword(tokens[i + 1], 'NOT');
    const distinct = tokens[i + (negated ? 2 : 1)];
    const from = tokens[i + (negated ? 3 : 2)];
    if (!isKeyword(distinct, 'DISTINCT') || !isKeyword(from, 'FROM')) continue;
    found.push({ start: token.start, end: from!.end, operator: negated ? 'IS NOT DISTINCT FROM' : 'IS DISTINCT FROM' });
    i += negated ? 3 : 2;
  }
  if (found.length === 0) return;
  const written = new Set(tokens.map((t, i) => t.text + (tokens[i + 1]?.start === t.end ? tokens[i + 1]!.text : '')));
  const spare = ['<>', '>=', '<=', '!='].filter((marker) => !written.has(marker));
  const kinds = [...new Set(found.map((f) => f.operator))];
  const markerOf = new Map(kinds.map((operator, k) => [spare[k], operator]));
  for (const { start, end, operator } of found) {
    const marker = spare[kinds.indexOf(operator)];
    substitutions.push({ start, end, replacement: marker ? ` ${marker} ` : ' = ' });
  }
  fixups.push((ast) => {
    if (kinds.length > spare.length) throw tooManyComparisons(kinds[0]!);
    let restored = 0;
    walk(ast, ({ node, ancestors }) => {
      const operator = node.type === 'binary_expr' ? markerOf.get(String(node.operator)) : undefined;
      if (!operator) return undefined;
      node.operator = operator;
      restored++;
      const parent = ancestors[ancestors.length - 1];
      const outer = parent?.type === 'binary_expr' && comparisonOperators.has(String(parent.operator));
      if (dialect === 'postgresql' && outer && parent!.left === node && !node.parentheses) {
        throw unreadableComparison(operator);
      }
      return undefined;
    });
    // Every comparison found its marker again (a grammar that spelled a marker differently would lose one).
    if (restored !== found.length) throw tooManyComparisons(kinds[0]!);
  });
}

/** The word a refused comparison is placed at: DISTINCT for IS [NOT] DISTINCT FROM, SOUNDS, MEMBER, none for <=>. */
function operatorKeyword(operator: string): string | undefined {
  if (operator === '<=>') return undefined;
  return operator.startsWith('IS') ? 'DISTINCT' : operator.split(' ')[0];
}

function unreadableComparison(operator: string): UnreadableForm {
  return new UnreadableForm(
    {
      zh: `SQLTune 无法确定这里 ${operator} 的作用范围：请用括号写明比较的两侧，如 (a ${operator} b)。`,
      en: `SQLTune cannot tell what ${operator} compares here: put the comparison in parentheses, e.g. (a ${operator} b).`,
    },
    operatorKeyword(operator),
  );
}

const naturalMarker = '_sqltune_natural_';
const tableFactorEnd = new Set([
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'FOR',
  'LOCK',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'WINDOW',
  'JOIN',
  'LEFT',
  'RIGHT',
  'INNER',
  'FULL',
  'CROSS',
  'NATURAL',
  'STRAIGHT_JOIN',
  'ON',
  'USING',
]);

/**
 * `a NATURAL [INNER | LEFT | RIGHT | FULL [OUTER]] JOIN b`: PostgreSQL's grammar reads NATURAL as a's alias and the
 * join as one without a condition (a cartesian product to the rules), MySQL's refuses it. The parser reads the
 * join with `USING (_sqltune_natural_)` after b instead, and the joined source gets its real form back: no USING,
 * join 'NATURAL INNER JOIN' (or LEFT, ...), as rules that must not expand `*` over it expect.
 */
function naturalJoins(tokens: Token[], substitutions: Substitution[], fixups: Fixup[]): void {
  let found = false;
  for (let i = 0; i < tokens.length; i++) {
    if (!isKeyword(tokens[i], 'NATURAL')) continue;
    let join = i + 1;
    while (join < tokens.length && join <= i + 3 && !isKeyword(tokens[join], 'JOIN')) join++;
    if (!isKeyword(tokens[join], 'JOIN')) continue;
    let end = join + 1;
    let depth = 0;
    for (; end < tokens.length; end++) {
      const text = tokens[end]!.text;
      if (text === '(') depth++;
      else if (text === ')' && depth-- === 0) break;
      if (depth === 0 && (text === ',' || text === ';' || tableFactorEnd.has(text.toUpperCase()))) break;
    }
    const last = tokens[end - 1];
    if (!last || end === join + 1) continue;
    substitutions.push({ start: tokens[i]!.start, end: tokens[i]!.end, replacement: '' });
    substitutions.push({ start: last.end, end: last.end, replacement: ` USING (${naturalMarker})` });
    found = true;
  }
  if (!found) return;
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      const using = node.using;
      const marked = Array.isArray(using) && using.length === 1 && isNode(using[0]) && using[0].value === naturalMarker;
      if (marked) {
        delete node.using;
        node.join = `NATURAL ${String(node.join ?? 'JOIN')}`;
      }
      return undefined;
    }),
  );
}

/**
 * PostgreSQL: in `a CROSS JOIN b` with no alias on a, the grammar takes CROSS for a's alias and reads an inner join
 * without a condition. The tree is put right after parsing: a join without ON or USING is not PostgreSQL, so a
 * source aliased CROSS followed by one is this misreading.
 */
function crossJoins(tokens: Token[], fixups: Fixup[]): void {
  if (!tokens.some((t) => isKeyword(t, 'CROSS'))) return;
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      const from = Array.isArray(node.from) ? node.from : [];
      from.forEach((source, i) => {
        const next = from[i + 1];
        const misread =
          isNode(source) &&
          typeof source.as === 'string' &&
          source.as.toUpperCase() === 'CROSS' &&
          isNode(next) &&
          String(next.join).toUpperCase() === 'INNER JOIN' &&
          next.on == null &&
          !next.using;
        if (!misread) return;
        source.as = null;
        next.join = 'CROSS JOIN';
      });
      return undefined;
    }),
  );
}

const setOperation = /^(union|intersect|except|minus)( all| distinct)?$/i;

/**
 * `SELECT a FROM (SELECT ...) UNION ALL (SELECT ...)` (TPC-DS writes its CTEs so): both grammars read the
 * parenthesized second query as a second FROM item joined by "union all". The query is the set operation of
 * `SELECT a FROM (SELECT ...)` and the parenthesized query, so the tree is rebuilt as one: the FROM list ends
 * before that item, whose query becomes the `_next` branch with its `set_op`.
 */
function setOperationsAfterFrom(tokens: Token[], fixups: Fixup[]): void {
  if (!tokens.some((t) => ['UNION', 'INTERSECT', 'EXCEPT', 'MINUS'].some((w) => isKeyword(t, w)))) return;
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      const from = Array.isArray(node.from) ? node.from : [];
      const at = from.findIndex((source, i) => i > 0 && isNode(source) && setOperation.test(String(source.join ?? '')));
      if (at < 0 || node._next) return undefined;
      const branches = from.slice(at);
      const queries = branches.map((source) => (isNode(source) ? child(source as AstNode, 'expr') : undefined));
      const asts = queries.map((expr) => (expr ? child(expr, 'ast') : undefined));
      if (asts.some((q) => q?.type !== 'select' || q._next)) return undefined;
      node.from = from.slice(0, at);
      let last = node;
      branches.forEach((source, k) => {
        last._next = asts[k]!;
        last.set_op = String((source as AstNode).join).toLowerCase();
        last = asts[k]!;
      });
      return undefined;
    }),
  );
}

/**
 * MySQL has no FULL JOIN: in `x FULL JOIN y`, FULL is x's alias (an inner join, or a cross join without ON), while
 * node-sql-parser reads a full outer join. Rewrites made on that reading (`x.id` for a table the statement calls
 * FULL) break the statement, so it is refused with 4202 at FULL. `FULL OUTER JOIN` has no MySQL reading at all
 * (MySQL refuses it): it is left as the parser reads it, a full outer join, and the database reports it.
 */
function fullJoins(tokens: Token[], fixups: Fixup[]): void {
  const full = tokens.some((t, i) => isKeyword(t, 'FULL') && isKeyword(tokens[i + 1], 'JOIN'));
  if (!full) return;
  fixups.push(() => {
    throw new UnreadableForm(
      {
        zh: 'MySQL 没有 FULL JOIN：x FULL JOIN y 中的 FULL 是 x 的别名，连接是普通连接（没有 ON 时是交叉连接）。请写明别名（x AS f JOIN y ...），或用 LEFT JOIN 与 RIGHT JOIN 的 UNION 表达全外连接。',
        en: 'MySQL has no FULL JOIN: in x FULL JOIN y, FULL is the alias of x and the join is an inner join (a cross join without ON). Write the alias out (x AS f JOIN y ...), or express a full outer join as a UNION of a LEFT JOIN and a RIGHT JOIN.',
      },
      'FULL',
    );
  });
}

function tooManyComparisons(operator: string): UnreadableForm {
  return new UnreadableForm(
    {
      zh: `SQLTune 暂不能读取已用到 <>、>=、<=、!= 中大部分运算符的语句中的 ${operator}：请把其中一处改写（如把 a >= b 写成 NOT (a < b)），或分开分析。`,
      en: `SQLTune cannot yet read ${operator} in a statement that already uses most of <>, >=, <= and !=: write one of them another way (a >= b as NOT (a < b)) or analyze the parts separately.`,
    },
    operatorKeyword(operator),
  );
}

const lockStrength = [['UPDATE'], ['NO', 'KEY', 'UPDATE'], ['SHARE'], ['KEY', 'SHARE']];
const lockWords = new Set(['FOR', 'UPDATE', 'NO', 'KEY', 'SHARE', 'OF', 'NOWAIT', 'SKIP', 'LOCKED']);

/**
 * Locking clauses node-sql-parser does not know: PostgreSQL's `FOR UPDATE | NO KEY UPDATE | SHARE | KEY SHARE
 * [OF t, ...] [NOWAIT | SKIP LOCKED]` (one or more) and MySQL 8's `FOR SHARE ...` and `FOR UPDATE OF ...` (its
 * FOR UPDATE [NOWAIT | SKIP LOCKED] the parser knows). At the statement's top level they are blanked out for the parser and put back as the query's
 * `locking_read`, as the MySQL grammar gives it (`FOR UPDATE NOWAIT`); in a subquery they are left to the parser.
 */
function lockingClauses(
  tokens: Token[],
  dialect: Dialect,
  substitutions: Substitution[],
  fixups: Fixup[],
  heads: SelectHeads,
): void {
  const clauses: string[] = [];
  /** SELECT tokens by depth, the last one seen at each. */
  const selects: number[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '(') depth++;
    else if (token.text === ')') depth--;
    if (isKeyword(token, 'SELECT')) selects[depth] = i;
    if (!isKeyword(token, 'FOR')) continue;
    const strength = lockStrength.find((words) => words.every((w, k) => isKeyword(tokens[i + 1 + k], w)));
    // MySQL: FOR UPDATE [NOWAIT | SKIP LOCKED] is the grammar's own, FOR SHARE and FOR UPDATE OF are not.
    if (!strength) continue;
    if (dialect === 'mysql' && strength[0] !== 'SHARE' && !isKeyword(tokens[i + 1 + strength.length], 'OF')) continue;
    let end = i + strength.length;
    if (isKeyword(tokens[end + 1], 'OF')) {
      end += 2;
      while (tokens[end + 1]?.text === ',' || tokens[end + 1]?.text === '.') end += 2;
    }
    if (isKeyword(tokens[end + 1], 'NOWAIT')) end += 1;
    else if (isKeyword(tokens[end + 1], 'SKIP') && isKeyword(tokens[end + 2], 'LOCKED')) end += 2;
    const last = tokens[end];
    if (!last) continue;
    substitutions.push({ start: token.start, end: last.end, replacement: '' });
    // Keywords upper case, as the MySQL grammar gives FOR UPDATE NOWAIT; table names as written.
    const words = tokens
      .slice(i, end + 1)
      .map((t) => (t.kind === 'word' && lockWords.has(t.text.toUpperCase()) ? t.text.toUpperCase() : t.text));
    const clause = words.join(' ').replace(/ ,/g, ',').replace(/ \. /g, '.');
    if (depth === 0) clauses.push(clause);
    else if (selects[depth] !== undefined) {
      // In a subquery: put back on the query of the same parentheses.
      heads.hook(selects[depth]!, (query) => {
        query.locking_read = query.locking_read ? `${query.locking_read} ${clause}` : clause;
      });
    }
    i = end;
  }
  if (clauses.length === 0) return;
  fixups.push((ast) => {
    if (ast.type === 'select') ast.locking_read = clauses.join(' ');
  });
}

function typeNames(tokens: Token[], dialect: Dialect): Substitution[] {
  const found: Substitution[] = [];
  tokens.forEach((token, i) => {
    if (isKeyword(token, 'DEC') && tokens[i + 1]?.text === '(') {
      found.push({ start: token.start, end: token.end, replacement: 'DECIMAL' });
    } else if (isKeyword(token, 'STRING') && isKeyword(tokens[i - 1], 'AS') && tokens[i + 1]?.text === ')') {
      found.push({ start: token.start, end: token.end, replacement: dialect === 'mysql' ? 'CHAR' : 'TEXT' });
    }
  });
  return found;
}

/** Index of the token closing the parenthesis opened at `open`, or -1. */

/** The expression is parsed as the one item of `SELECT <expression>`. */
const selectPrefix = 'SELECT ';

const partitionEnd = new Set(['ORDER', 'ROWS', 'RANGE', 'GROUPS']);

/** PostgreSQL: replaces each PARTITION BY item that is more than a name with a placeholder name. */
function partitionExpressions(
  text: string,
  tokens: Token[],
  substitutions: Substitution[],
  fixups: Fixup[],
  parseExpression: (expression: string) => AstNode | undefined,
): void {
  const placeholders = new Map<string, AstNode>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!isKeyword(tokens[i], 'PARTITION') || !isKeyword(tokens[i + 1], 'BY')) continue;
    let itemStart = i + 2;
    let depth = 0;
    for (let j = itemStart; j <= tokens.length; j++) {
      const token = tokens[j];
      const atEnd =
        !token ||
        (depth === 0 && (token.text === ')' || partitionEnd.has(token.text.toUpperCase()))) ||
        (depth === 0 && token.text === ',');
      if (token?.text === '(') depth++;
      else if (token?.text === ')' && depth > 0) depth--;
      if (!atEnd) continue;
      const items = tokens.slice(itemStart, j);
      if (items.length > 1 && !isQualifiedName(items)) {
        const start = items[0]!.start;
        const end = items[items.length - 1]!.end;
        const name = `_sqltune_partition_${placeholders.size}`;
        const tree = parseExpression(`${selectPrefix}${text.slice(start, end)}`);
        if (tree) {
          shiftLocations(tree, start - selectPrefix.length);
          placeholders.set(name, tree);
          substitutions.push({ start, end, replacement: name });
        }
      }
      if (token?.text !== ',') break;
      itemStart = j + 1;
    }
  }
  if (placeholders.size === 0) return;
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      for (const [key, value] of Object.entries(node)) {
        const replacement = isNode(value) ? placeholders.get(columnRef(value)?.column ?? '') : undefined;
        if (replacement) node[key] = replacement;
      }
      return undefined;
    }),
  );
}

/** The expression of `SELECT <expression>`'s one item. */
function selectItem(ast: AstNode | undefined): AstNode | undefined {
  const item = ast && Array.isArray(ast.columns) ? ast.columns[0] : undefined;
  return isNode(item) && isNode(item.expr) ? item.expr : undefined;
}

function isQualifiedName(items: Token[]): boolean {
  return items.every((t, k) => (k % 2 === 1 ? t.text === '.' : t.kind === 'word' || t.kind === 'quoted'));
}

/** MySQL: `) AS d (a, b)` after a derived table loses its column list for the parser and gets it back as aliases. */
function derivedColumnLists(tokens: Token[], substitutions: Substitution[], fixups: Fixup[]): void {
  const lists = new Map<string, string[]>();
  for (let i = 0; i + 3 < tokens.length; i++) {
    if (tokens[i]!.text !== ')') continue;
    let k = i + 1;
    if (isKeyword(tokens[k], 'AS')) k++;
    const alias = tokens[k];
    if (!alias || (alias.kind !== 'word' && alias.kind !== 'quoted') || tokens[k + 1]?.text !== '(') continue;
    const open = k + 1;
    const close = closing(tokens, open);
    if (close < 0) continue;
    const names = tokens.slice(open + 1, close);
    if (!names.every((t, n) => (n % 2 === 1 ? t.text === ',' : t.kind === 'word' || t.kind === 'quoted'))) continue;
    // Only after a parenthesized SELECT: `) AS x (` elsewhere is a function call or a type.
    const start = tokens.findIndex((_, n) => n < i && tokens[n]!.text === '(' && closing(tokens, n) === i);
    if (start < 0 || !isKeyword(tokens[start + 1], 'SELECT')) continue;
    lists.set(
      unquote(alias.text),
      names.filter((_, n) => n % 2 === 0).map((t) => unquote(t.text)),
    );
    substitutions.push({ start: tokens[open]!.start, end: tokens[close]!.end, replacement: '' });
  }
  if (lists.size === 0) return;
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      const names = typeof node.as === 'string' ? lists.get(unquote(node.as)) : undefined;
      const query = isNode(node.expr) && isNode(node.expr.ast) ? node.expr.ast : undefined;
      const items = query && Array.isArray(query.columns) ? query.columns : undefined;
      if (names && items && items.length === names.length) {
        items.forEach((item, n) => {
          if (isNode(item)) item.as = names[n];
        });
      }
      return undefined;
    }),
  );
}

/**
 * node-sql-parser's `columnList` and `tableList` bookkeeping (on subqueries), which the engine never reads, names the
 * markers the parser was given: they are taken out, so no trace of the substituted copy is left in the tree.
 */
function forgetMarkers(ast: AstNode): void {
  walk(ast, ({ node }) => {
    for (const key of ['columnList', 'tableList']) {
      const list = node[key];
      if (Array.isArray(list)) node[key] = list.filter((entry) => !String(entry).includes('sqltune_'));
    }
    return undefined;
  });
}

function applySubstitutions(
  text: string,
  substitutions: Substitution[],
): { text: string; toOriginal: (offset: number) => number } {
  const pieces: string[] = [];
  const map: Array<{ preparedStart: number; preparedEnd: number; start: number; end: number }> = [];
  let from = 0;
  let length = 0;
  for (const s of substitutions) {
    if (s.start < from) continue; // overlapping: keep the first
    pieces.push(text.slice(from, s.start), s.replacement);
    length += s.start - from;
    map.push({ preparedStart: length, preparedEnd: length + s.replacement.length, start: s.start, end: s.end });
    length += s.replacement.length;
    from = s.end;
  }
  pieces.push(text.slice(from));
  return {
    text: pieces.join(''),
    toOriginal(offset) {
      let shift = 0;
      for (const m of map) {
        if (offset < m.preparedStart) break;
        if (offset < m.preparedEnd) return m.start + Math.min(offset - m.preparedStart, m.end - m.start);
        shift = m.end - m.preparedEnd;
      }
      return offset + shift;
    },
  };
}

interface Location {
  offset: number;
  line?: number;
  column?: number;
}

function locationsOf(ast: AstNode): Location[] {
  const found: Location[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isNode(value)) return;
    const loc = value.loc;
    if (isNode(loc) && isNode(loc.start) && isNode(loc.end)) found.push(loc.start as never, loc.end as never);
    for (const [key, inner] of Object.entries(value)) if (key !== 'loc') visit(inner);
  };
  visit(ast);
  return found;
}

/** Rewrites every location of the tree through `toOriginal`; line and column are dropped (offsets are what count). */
function mapLocations(ast: AstNode, toOriginal: (offset: number) => number): void {
  for (const location of new Set(locationsOf(ast))) {
    location.offset = toOriginal(location.offset);
    delete location.line;
    delete location.column;
  }
}

function shiftLocations(ast: AstNode, by: number): void {
  for (const location of new Set(locationsOf(ast))) {
    location.offset += by;
    delete location.line;
    delete location.column;
  }
}
