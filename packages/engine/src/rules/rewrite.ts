import type { Dialect } from '@sqltune/contracts';
import { SELECT_OPTIONS } from '../dialect/markers.ts';
import { parseStatements } from '../dialect/parse.ts';
import { type AstNode, child, isNode, span } from '../model/ast.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { sameTree } from '../semantics/equality.ts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';
import { applyEdits, type TextEdit } from '../text/patch.ts';
import type { RuleMatch } from './rule.ts';

/**
 * Shared machinery of the rewriting rules.
 *
 * The parser gives locations to few nodes (PostgreSQL's grammar to even fewer), so rewrites find their
 * text with the lexer, starting from the locations that exist. A text edit is never trusted on its own:
 * every rewrite states the tree it means to produce (the original tree with some nodes replaced), and its
 * edits are kept only when the edited text parses to exactly that tree. A misplaced edit, a precedence
 * slip or a wrong guess about which SELECT a PostgreSQL subquery starts at then costs the rewrite, never
 * the meaning of the statement.
 */

/** The statement's code tokens (no blanks, no comments), with matching parentheses. */
export interface TokenView {
  tokens: Token[];
  /** For a parenthesis token, the index of its partner (unbalanced ones have none). */
  partner: Map<number, number>;
  /** The parenthesis depth before each token. */
  depth: number[];
}

const viewCache = new WeakMap<AstNode, TokenView>();

export function tokenView(statement: ParsedStatement): TokenView {
  const cached = viewCache.get(statement.ast);
  if (cached) return cached;
  const tokens = codeTokens(lex(statement.text, { mysql: statement.dialect === 'mysql' }));
  const partner = new Map<number, number>();
  const depth: number[] = [];
  const open: number[] = [];
  tokens.forEach((token, i) => {
    depth.push(open.length);
    if (token.text === '(') open.push(i);
    else if (token.text === ')') {
      const from = open.pop();
      if (from !== undefined) {
        partner.set(from, i);
        partner.set(i, from);
      }
    }
  });
  const view = { tokens, partner, depth };
  viewCache.set(statement.ast, view);
  return view;
}

/** Token indices [first, last] a node's location covers, or undefined when it has none. */
export function tokenRange(statement: ParsedStatement, node: AstNode | undefined): [number, number] | undefined {
  const at = span(node, statement.text);
  return at ? tokensWithin(tokenView(statement), at.start, at.end) : undefined;
}

/** Token indices [first, last] of the code tokens inside the text range [start, end), or undefined when none. */
export function tokensWithin(view: TokenView, start: number, end: number): [number, number] | undefined {
  const { tokens } = view;
  const first = tokens.findIndex((t) => t.start >= start);
  let last = -1;
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (tokens[i]!.end <= end) {
      last = i;
      break;
    }
  }
  return first >= 0 && last >= first ? [first, last] : undefined;
}

/**
 * Widens a token range until its parentheses balance: a range from the first to the last operand of a
 * chain may start inside `((a = 1) OR ...` or end inside `... OR (b = 2))`. Undefined when it cannot.
 */
export function balanced(view: TokenView, [first, last]: [number, number]): [number, number] | undefined {
  let from = first;
  let to = last;
  for (let guard = 0; guard < 1000; guard++) {
    let depth = 0;
    let lowest = 0;
    for (let i = from; i <= to; i++) {
      const text = view.tokens[i]!.text;
      if (text === '(') depth++;
      else if (text === ')') depth--;
      lowest = Math.min(lowest, depth);
    }
    if (lowest === 0 && depth === 0) return [from, to];
    if (lowest < 0) {
      if (view.tokens[from - 1]?.text !== '(') return undefined;
      from--;
    } else {
      if (view.tokens[to + 1]?.text !== ')') return undefined;
      to++;
    }
  }
  return undefined;
}

/** Widens a balanced range over the parenthesis pairs that wrap exactly it: `((a = 1))`. */
export function wrapped(view: TokenView, [first, last]: [number, number]): [number, number] {
  let from = first;
  let to = last;
  while (view.tokens[from - 1]?.text === '(' && view.partner.get(from - 1) === to + 1) {
    from--;
    to++;
  }
  return [from, to];
}

/** The balanced token range of a node, from its location (or, for `NOT x`, from x's and the NOT before it). */
export function nodeTokens(statement: ParsedStatement, node: AstNode): [number, number] | undefined {
  const view = tokenView(statement);
  const own = tokenRange(statement, node);
  if (own) return balanced(view, own);
  const inner = child(node, 'expr');
  if (node.type === 'unary_expr' && String(node.operator).toUpperCase() === 'NOT' && inner) {
    const range = nodeTokens(statement, inner);
    if (!range) return undefined;
    const [first, last] = wrapped(view, range);
    if (isKeyword(view.tokens[first - 1], 'NOT')) return [first - 1, last];
  }
  return undefined;
}

export function textOf(statement: ParsedStatement, [first, last]: [number, number]): string {
  const { tokens } = tokenView(statement);
  return statement.text.slice(tokens[first]!.start, tokens[last]!.end);
}

// ---------------------------------------------------------------------------------------------------
// The clauses of one SELECT in the token stream.

const clauseWords = new Set([
  'FROM',
  'WHERE',
  'GROUP',
  'HAVING',
  'WINDOW',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'FOR',
  'LOCK',
  'INTO',
]);
const setWords = new Set(['UNION', 'INTERSECT', 'EXCEPT', 'MINUS']);

/** Where one SELECT's parts sit: token indices of its keywords, and its last token. */
export interface QueryLayout {
  select: number;
  /** The DISTINCT keyword among the modifiers after SELECT. */
  distinct?: number;
  /** First token of the select list. */
  list: number;
  /** Clause keyword (FROM, WHERE, GROUP, HAVING, ORDER, LIMIT, ...) -> its token index, in source order. */
  clauses: Map<string, number>;
  /** The query's last token (before a closing parenthesis, a set operator or the end). */
  last: number;
}

/** Reads a SELECT's layout from its keyword on; only keywords at its own parenthesis depth count. */
export function layoutAt(view: TokenView, select: number): QueryLayout | undefined {
  const { tokens } = view;
  if (!isKeyword(tokens[select], 'SELECT')) return undefined;
  let list = select + 1;
  let distinct: number | undefined;
  while (tokens[list] && SELECT_OPTIONS.has(tokens[list]!.text.toUpperCase()) && tokens[list]!.kind === 'word') {
    if (isKeyword(tokens[list], 'DISTINCT')) {
      if (tokens[list + 1]?.text === '(' || isKeyword(tokens[list + 1], 'ON')) return undefined;
      distinct = list;
    }
    list++;
  }
  const clauses = new Map<string, number>();
  let depth = 0;
  let last = select;
  for (let i = select + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '(') depth++;
    else if (token.text === ')') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && token.text === ';') break;
    else if (depth === 0 && token.kind === 'word') {
      const word = token.text.toUpperCase();
      if (setWords.has(word)) break;
      // `a IS [NOT] DISTINCT FROM b` is an expression, not the FROM clause.
      const isDistinctFrom = word === 'FROM' && isKeyword(tokens[i - 1], 'DISTINCT') && i - 1 !== distinct;
      const byClause = (word === 'GROUP' || word === 'ORDER') && !isKeyword(tokens[i + 1], 'BY');
      if (clauseWords.has(word) && !isDistinctFrom && !byClause && !clauses.has(word)) clauses.set(word, i);
    }
    last = i;
  }
  return { select, distinct, list, clauses, last };
}

/** The token index of a clause's end: the token before the next clause keyword, or the query's last token. */
export function clauseEnd(layout: QueryLayout, keyword: number): number {
  const later = [...layout.clauses.values()].filter((i) => i > keyword);
  return later.length > 0 ? Math.min(...later) - 1 : layout.last;
}

/**
 * Token indices of SELECT keywords where `query` may start, best guess first. MySQL's grammar locates
 * queries; PostgreSQL's does not, so there every SELECT whose clauses agree with the tree is a candidate
 * (the verification of the edits decides between them).
 */
export function selectCandidates(statement: ParsedStatement, query: AstNode): QueryLayout[] {
  const view = tokenView(statement);
  const located = tokenRange(statement, query);
  const found: QueryLayout[] = [];
  view.tokens.forEach((token, i) => {
    if (located && (i < located[0] || i > located[1])) return;
    if (!isKeyword(token, 'SELECT')) return;
    const layout = layoutAt(view, i);
    if (layout && agrees(layout, query)) found.push(layout);
  });
  return found;
}

function agrees(layout: QueryLayout, query: AstNode): boolean {
  const has = (word: string) => layout.clauses.has(word);
  const groupby = query.groupby;
  const grouped = Array.isArray(groupby) ? groupby.length > 0 : isNode(groupby);
  const ordered = Array.isArray(query.orderby) && query.orderby.length > 0;
  return (
    has('WHERE') === isNode(query.where) &&
    has('HAVING') === isNode(query.having) &&
    has('GROUP') === grouped &&
    has('ORDER') === ordered &&
    has('FROM') === (Array.isArray(query.from) && query.from.length > 0)
  );
}

// ---------------------------------------------------------------------------------------------------
// Verification: the edited text must parse to the intended tree.

/** Replacements on a tree: a node -> its replacement, or null to drop it from its AND/OR chain or clause. */
export type Replacements = Map<AstNode, AstNode | null>;

/** A copy of the tree with the replacements made (a replacement may contain the node it replaces). */
export function withReplacements(root: AstNode, replacements: Replacements): AstNode | null {
  const active = new Set<AstNode>();
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy).filter((v) => v !== DROP);
    if (!isNode(value)) return value;
    if (replacements.has(value) && !active.has(value)) {
      const replacement = replacements.get(value)!;
      if (replacement === null) return DROP;
      active.add(value);
      const result = copy(replacement);
      active.delete(value);
      return result;
    }
    const out: AstNode = {};
    for (const [key, inner] of Object.entries(value)) {
      const copied = copy(inner);
      out[key] = copied === DROP ? null : copied;
    }
    // An AND/OR with a dropped side is its other side.
    if (out.type === 'binary_expr' && ['AND', 'OR'].includes(String(out.operator).toUpperCase())) {
      if (out.left === null) return out.right ?? DROP;
      if (out.right === null) return out.left;
    }
    return out;
  };
  const result = copy(root);
  return result === DROP ? null : (result as AstNode);
}

const DROP = Symbol('drop');

/** Parses the statement text with the edits applied; undefined when it does not parse as one statement. */
export function reparse(statement: ParsedStatement, edits: TextEdit[]): AstNode | undefined {
  try {
    const text = applyEdits(statement.text, edits);
    const parsed = parseStatements(text, statement.dialect);
    return parsed.length === 1 ? parsed[0]!.ast : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the edits turn the statement into exactly the intended tree. */
export function editsProduce(statement: ParsedStatement, edits: TextEdit[], replacements: Replacements): boolean {
  const after = reparse(statement, edits);
  const expected = withReplacements(statement.ast, replacements);
  return !!after && !!expected && sameTree(after, expected);
}

/** An expression's tree, parsed on its own (the text of a replacement). */
export function parseExpression(text: string, dialect: Dialect): AstNode | undefined {
  try {
    const [statement] = parseStatements(`SELECT 1 FROM t WHERE ${text}`, dialect);
    return statement ? child(statement.ast, 'where') : undefined;
  } catch {
    return undefined;
  }
}

/** The text of [start, end) once the edits (all inside it) are applied. */
export function editedSlice(text: string, start: number, end: number, edits: TextEdit[]): string {
  return applyEdits(
    text.slice(start, end),
    edits.map((e) => ({ ...e, start: e.start - start, end: e.end - start })),
  );
}

/** One intended change: its text edits and the tree change they must make. */
export interface Change {
  edits: TextEdit[];
  replacements: Replacements;
}

/**
 * Of several candidate changes, keeps those whose edits, applied together with the ones kept before,
 * still produce the intended tree. A rule's edits are all applied in one step, so they are checked
 * together: no overlap, no interference. Returns one flag per change.
 */
export function acceptChanges(statement: ParsedStatement, changes: Array<Change | undefined>): boolean[] {
  // Usually every change checks out: one re-parse of them all together, instead of one per change (a TPC-DS
  // query can hold a dozen foldable constants). Accepting the whole set is sound on its own: the edited text
  // parses to exactly the intended tree. Only when it does not are the changes tried one by one.
  const present = changes.filter((change): change is Change => !!change && change.edits.length > 0);
  if (present.length > 1) {
    const all = new Map(present.flatMap((change) => [...change.replacements]));
    if (
      editsProduce(
        statement,
        present.flatMap((change) => change.edits),
        all,
      )
    ) {
      return changes.map((change) => !!change && change.edits.length > 0);
    }
  }
  const edits: TextEdit[] = [];
  const replacements: Replacements = new Map();
  return changes.map((change) => {
    if (!change || change.edits.length === 0) return false;
    const tryEdits = [...edits, ...change.edits];
    const tryReplacements: Replacements = new Map([...replacements, ...change.replacements]);
    if (!editsProduce(statement, tryEdits, tryReplacements)) return false;
    edits.push(...change.edits);
    for (const [key, value] of change.replacements) replacements.set(key, value);
    return true;
  });
}

/**
 * A rule's matches, each carrying the edits of its change when the changes check out together (acceptChanges);
 * the others stay findings without edits (advice).
 */
export function matchesWithEdits(
  statement: ParsedStatement,
  found: ReadonlyArray<{ match: RuleMatch; change?: Change }>,
): RuleMatch[] {
  const accepted = acceptChanges(
    statement,
    found.map((f) => f.change),
  );
  return found.map(({ match, change }, i) => (accepted[i] ? { ...match, edits: change!.edits } : match));
}

/** The first of several candidate changes (different guesses at where the text is) that checks out. */
export function firstFaithful(statement: ParsedStatement, candidates: Change[]): Change | undefined {
  return candidates.find((c) => c.edits.length > 0 && editsProduce(statement, c.edits, c.replacements));
}

// ---------------------------------------------------------------------------------------------------
// Removing an operand of an AND chain.

/**
 * The edit that removes one operand of an AND chain with the AND that joins it: `x AND ` when an AND
 * follows it, else ` AND x`. The range is the operand's own (balanced, with its wrapping parentheses).
 */
export function removeFromAnd(view: TokenView, range: [number, number]): TextEdit | undefined {
  const [first, last] = wrapped(view, range);
  const { tokens } = view;
  if (isKeyword(tokens[last + 1], 'AND') && tokens[last + 2]) {
    return { start: tokens[first]!.start, end: tokens[last + 2]!.start, replacement: '' };
  }
  if (isKeyword(tokens[first - 1], 'AND') && tokens[first - 2]) {
    return { start: tokens[first - 2]!.end, end: tokens[last]!.end, replacement: '' };
  }
  return undefined;
}

/**
 * Edits removing several operands of one AND chain: operands next to each other (only an AND between
 * them) go as one run, each run with one of the ANDs around it.
 */
export function removeAllFromAnd(view: TokenView, ranges: Array<[number, number]>): TextEdit[] | undefined {
  const sorted = ranges.map((r) => wrapped(view, r)).sort((a, b) => a[0] - b[0]);
  const runs: Array<[number, number]> = [];
  for (const range of sorted) {
    const previous = runs[runs.length - 1];
    if (previous && range[0] === previous[1] + 2 && isKeyword(view.tokens[previous[1] + 1], 'AND')) {
      previous[1] = range[1];
    } else runs.push([...range]);
  }
  const edits: TextEdit[] = [];
  for (const run of runs) {
    const edit = removeFromAnd(view, run);
    if (!edit) return undefined;
    edits.push(edit);
  }
  // Two runs around one AND would both claim it.
  const ordered = [...edits].sort((a, b) => a.start - b.start);
  return ordered.every((e, i) => i === 0 || e.start >= ordered[i - 1]!.end) ? edits : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Types.

// ---------------------------------------------------------------------------------------------------
// Identifiers.

/** Words either dialect reserves (or gives another meaning to) that must be quoted as identifiers. */
const reservedWords = new Set(
  `ACCESSIBLE ADD ALL ALTER ANALYSE ANALYZE AND ANY ARRAY AS ASC ASENSITIVE ASYMMETRIC AUTHORIZATION BEFORE BETWEEN
  BIGINT BINARY BLOB BOTH BY CALL CASCADE CASE CAST CHANGE CHAR CHARACTER CHECK COLLATE COLLATION COLUMN CONCURRENTLY
  CONDITION CONSTRAINT CONTINUE CONVERT CREATE CROSS CUBE CUME_DIST CURRENT CURRENT_CATALOG CURRENT_DATE CURRENT_ROLE
  CURRENT_SCHEMA CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER CURSOR DATABASE DATABASES DAY_HOUR DAY_MICROSECOND
  DAY_MINUTE DAY_SECOND DEC DECIMAL DECLARE DEFAULT DEFERRABLE DELAYED DELETE DENSE_RANK DESC DESCRIBE DETERMINISTIC
  DISTINCT DISTINCTROW DIV DO DOUBLE DROP DUAL EACH ELSE ELSEIF EMPTY ENCLOSED END ESCAPED EXCEPT EXISTS EXIT EXPLAIN
  FALSE FETCH FIRST_VALUE FLOAT FLOAT4 FLOAT8 FOR FORCE FOREIGN FREEZE FROM FULL FULLTEXT FUNCTION GENERATED GET GRANT
  GROUP GROUPING GROUPS HAVING HIGH_PRIORITY HOUR_MICROSECOND HOUR_MINUTE HOUR_SECOND IF IGNORE ILIKE IN INDEX INFILE
  INITIALLY INNER INOUT INSENSITIVE INSERT INT INT1 INT2 INT3 INT4 INT8 INTEGER INTERSECT INTERVAL INTO IO_AFTER_GTIDS
  IO_BEFORE_GTIDS IS ISNULL ITERATE JOIN JSON_TABLE KEY KEYS KILL LAG LAST_VALUE LATERAL LEAD LEADING LEAVE LEFT LIKE
  LIMIT LINEAR LINES LOAD LOCALTIME LOCALTIMESTAMP LOCK LONG LONGBLOB LONGTEXT LOOP LOW_PRIORITY MASTER_BIND
  MASTER_SSL_VERIFY_SERVER_CERT MATCH MAXVALUE MEDIUMBLOB MEDIUMINT MEDIUMTEXT MIDDLEINT MINUTE_MICROSECOND
  MINUTE_SECOND MOD MODIFIES NATURAL NOT NOTNULL NO_WRITE_TO_BINLOG NTH_VALUE NTILE NULL NUMERIC OF OFFSET ON ONLY
  OPTIMIZE OPTIMIZER_COSTS OPTION OPTIONALLY OR ORDER OUT OUTER OUTFILE OVER OVERLAPS PARTITION PERCENT_RANK PLACING
  PRECISION PRIMARY PROCEDURE PURGE RANGE RANK READ READS READ_WRITE REAL RECURSIVE REFERENCES REGEXP RELEASE RENAME
  REPEAT REPLACE REQUIRE RESIGNAL RESTRICT RETURN RETURNING REVOKE RIGHT RLIKE ROW ROWS ROW_NUMBER SCHEMA SCHEMAS
  SECOND_MICROSECOND SELECT SENSITIVE SEPARATOR SESSION_USER SET SHOW SIGNAL SIMILAR SMALLINT SOME SPATIAL SPECIFIC
  SQL SQLEXCEPTION SQLSTATE SQLWARNING SQL_BIG_RESULT SQL_CALC_FOUND_ROWS SQL_SMALL_RESULT SSL STARTING STORED
  STRAIGHT_JOIN SYMMETRIC SYSTEM SYSTEM_USER TABLE TABLESAMPLE TERMINATED THEN TINYBLOB TINYINT TINYTEXT TO TRAILING
  TRIGGER TRUE UNDO UNION UNIQUE UNLOCK UNSIGNED UPDATE USAGE USE USER USING UTC_DATE UTC_TIME UTC_TIMESTAMP VALUES
  VARBINARY VARCHAR VARCHARACTER VARIADIC VARYING VERBOSE VIRTUAL WHEN WHERE WHILE WINDOW WITH WRITE XOR YEAR_MONTH
  ZEROFILL`.split(/\s+/),
);

/**
 * An identifier as the dialect reads it back as the same name, or undefined when that cannot be told:
 * PostgreSQL folds unquoted names to lower case, and the schema model does not keep whether a mixed-case
 * name was quoted in the DDL.
 */
export function identifier(name: string, dialect: Dialect): string | undefined {
  const plain = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !reservedWords.has(name.toUpperCase());
  if (dialect === 'postgresql') {
    if (name !== name.toLowerCase()) return undefined;
    return plain ? name : `"${name.replace(/"/g, '""')}"`;
  }
  return plain ? name : `\`${name.replace(/`/g, '``')}\``;
}

// ---------------------------------------------------------------------------------------------------
// Operands of a located binary expression.

/**
 * The token ranges of a binary expression's two operands, found by splitting its text at the operator
 * (a run of adjacent symbols spelling it, at the expression's own depth). For `+`/`-` a sign right at
 * the start or right after another operator is not the operator.
 */
export function operandRanges(
  statement: ParsedStatement,
  node: AstNode,
): { left: [number, number]; right: [number, number] } | undefined {
  const range = nodeTokens(statement, node);
  if (!range) return undefined;
  const view = tokenView(statement);
  const [first, last] = wrapped(view, range);
  // Inside wrapping parentheses, the expression itself.
  let [from, to] = range;
  while (view.tokens[from]?.text === '(' && view.partner.get(from) === to) {
    from++;
    to--;
  }
  if (from > to || first > last) return undefined;
  const operator = String(node.operator).toUpperCase();
  const base = view.depth[from]!;
  for (let i = from + 1; i <= to; i++) {
    if (view.depth[i] !== base) continue;
    const run = symbolRun(view, i);
    if (run.text !== operator) {
      i = run.end;
      continue;
    }
    const before = view.tokens[i - 1]!;
    // A sign after another operator (`a > -1`) or a word operator are not what we look for here.
    if (before.kind === 'symbol' && before.text !== ')' && /[-+*/<>=!]/.test(before.text)) continue;
    if (run.end >= to) return undefined;
    return { left: [from, i - 1], right: [run.end + 1, to] };
  }
  return undefined;
}

/** The run of adjacent operator symbols starting at token i (`>=` is two tokens to the lexer). */
function symbolRun(view: TokenView, i: number): { text: string; end: number } {
  const isOperatorSymbol = (t: Token | undefined) => t?.kind === 'symbol' && /^[-+*/<>=!%^|&:~]$/.test(t.text);
  if (!isOperatorSymbol(view.tokens[i])) return { text: view.tokens[i]!.text.toUpperCase(), end: i };
  let end = i;
  let text = view.tokens[i]!.text;
  while (isOperatorSymbol(view.tokens[end + 1]) && view.tokens[end + 1]!.start === view.tokens[end]!.end) {
    // `<` followed by `-` in `a<-1` is `<` and a sign; only comparison symbols glue.
    if (!/^[<>=!]$/.test(view.tokens[end + 1]!.text) || !/^[<>=!:|]$/.test(view.tokens[end]!.text)) break;
    end++;
    text += view.tokens[end]!.text;
  }
  return { text, end };
}
