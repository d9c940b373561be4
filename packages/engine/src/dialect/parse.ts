import { AppError, type Dialect, ErrorCode, type Localized } from '@sqltune/contracts';
import nodeSqlParser from 'node-sql-parser';
import { type AstNode, children, eachChild, isNode, visitsOf } from '../model/ast.ts';
import type { ParsedStatement, StatementKind, StatementRoutine, TableRef } from '../model/statement.ts';
import type { SchemaModel } from '../schema/model.ts';
import { currentAnalysisCaches, withAnalysisCaches } from '../text/analysis-caches.ts';
import { codeTokens, isKeyword, lex } from '../text/lexer.ts';
import { normalizeNewlines, positionAt } from '../text/position.ts';
import { explainPrefixEnd } from './explain-prefix.ts';
import { prepareForParser } from './grammar-gaps.ts';
import { regroupLogicalOperators } from './logical-precedence.ts';
import { readQuery } from './reader/read-query.ts';
import { NotCovered } from './reader/tokens.ts';
import { dynamicSqlNote, emptyRoutineNote, readRoutine } from './routines.ts';
import { type StatementSlice, splitStatements } from './split.ts';
import { UnreadableForm } from './unreadable.ts';

const parser = new nodeSqlParser.Parser();

const parserDatabase: Record<Dialect, string> = { mysql: 'mysql', postgresql: 'postgresql' };

/** Parses every statement of the input; the first one that does not parse throws 4202 with its position. */
export function parseStatements(text: string, dialect: Dialect): ParsedStatement[] {
  return parseEach(text, dialect).map((outcome) => {
    if (outcome.error) throw outcome.error;
    return outcome.statement;
  });
}

/**
 * A statement that does not parse: its place in the input, its text, and the 4202 error with the position of
 * the first token the parser could not read. Only text-level rules can look at it (Rule.tokenLevel).
 */
export type ParseOutcome =
  | { statement: ParsedStatement; error?: undefined }
  | { statement: ParsedStatement; error: AppError };

/**
 * Parses each statement on its own: one that does not parse does not stop the others. A statement that fails
 * comes back with its error and a placeholder tree (`{ type: 'unparsed' }`, kind 'other', no tables). Inside an
 * analysis the trees are the analysis's (analysis-caches.ts); called outside one, the call is an analysis of its own.
 */
export function parseEach(text: string, dialect: Dialect): ParseOutcome[] {
  return withAnalysisCaches(({ trees }) => parseEachIn(text, dialect, trees));
}

/**
 * parseEach, with the notes on what of the input is not analyzed: a stored routine's dynamic SQL. A routine is read
 * for the statements of its body (routines.ts), each a statement of the input at its own place; the routine itself
 * is none. The structure, when given, types a routine's variables declared with a column's or a table's type.
 */
export function parseInput(
  text: string,
  dialect: Dialect,
  schema?: SchemaModel,
): { outcomes: ParseOutcome[]; notes: Localized[] } {
  return withAnalysisCaches(({ trees }) => parseInputIn(text, dialect, trees, schema));
}

function parseEachIn(text: string, dialect: Dialect, trees: Map<string, AstNode>): ParseOutcome[] {
  return parseInputIn(text, dialect, trees).outcomes;
}

type RoutineSlice = StatementSlice & { routine?: StatementRoutine };

function parseInputIn(
  text: string,
  dialect: Dialect,
  trees: Map<string, AstNode>,
  schema?: SchemaModel,
): { outcomes: ParseOutcome[]; notes: Localized[] } {
  const input = normalizeNewlines(text);
  const split = splitStatements(input, dialect).map((slice) => withoutExplainPrefix(slice, input, dialect));
  if (split.length === 0) throw new AppError(ErrorCode.INPUT_REQUIRED);
  const notes: Localized[] = [];
  const slices = split.flatMap((slice): RoutineSlice[] => {
    const routine = /^(CREATE|DO)\b/i.test(slice.text) ? readRoutine(slice.text, dialect, schema) : undefined;
    if (!routine) return [slice];
    const { name, kind } = routine;
    if (routine.dynamicOffsets.length > 0) {
      const lines = routine.dynamicOffsets.map((offset) => positionAt(input, slice.offset + offset).line);
      notes.push(dynamicSqlNote(name, lines));
    } else if (routine.statements.length === 0) notes.push(emptyRoutineNote(name, slice.line));
    return routine.statements.map((inner, k) => {
      const offset = slice.offset + inner.offset;
      const written = input.slice(offset, offset + inner.text.length);
      const routine = { name, kind, number: k + 1, written };
      return { text: inner.text, offset, line: positionAt(input, offset).line, routine };
    });
  });
  const outcomes = slices.map((slice, index): ParseOutcome => {
    const { column } = positionAt(input, slice.offset);
    const place = {
      dialect,
      index,
      text: slice.text,
      offset: slice.offset,
      line: slice.line,
      column,
      ...(slice.leadingComments ? { leadingComments: slice.leadingComments } : {}),
      ...(slice.routine ? { routine: slice.routine } : {}),
    };
    const toInput = (offset: number) => {
      const inSlice = positionAt(slice.text, offset);
      return {
        line: slice.line + inSlice.line - 1,
        column: inSlice.line === 1 ? column + inSlice.column - 1 : inSlice.column,
      };
    };
    try {
      const tooDeepAt = parenthesisPastLimit(slice.text, dialect);
      if (tooDeepAt !== null) throw tooDeep(toInput(tooDeepAt), MAX_PARENTHESIS_DEPTH);
      const ast = parseOne(slice.text, dialect, toInput, trees);
      return { statement: { ...place, ...describe(ast), ast } };
    } catch (caught) {
      // node-sql-parser's generated parser and the corrections after it recurse: a stack they run out of is the
      // same "nested too deeply" as a tree over MAX_TREE_DEPTH.
      const error = caught instanceof RangeError ? tooDeep({ line: slice.line, column }) : caught;
      if (!(error instanceof AppError)) throw error;
      return { statement: { ...place, kind: 'other', tables: [], ast: { type: 'unparsed' } }, error };
    }
  });
  return { outcomes, notes };
}

/** The statement under a pasted EXPLAIN prefix (explain-prefix.ts), the prefix kept as text written before it. */
function withoutExplainPrefix(slice: StatementSlice, input: string, dialect: Dialect): StatementSlice {
  const end = explainPrefixEnd(slice.text, dialect);
  if (end === 0) return slice;
  const offset = slice.offset + end;
  return {
    text: slice.text.slice(end),
    offset,
    line: positionAt(input, offset).line,
    leadingComments: `${slice.leadingComments ?? ''}${slice.text.slice(0, end)}`,
  };
}

/**
 * Trees deeper than this (a run of thousands of ORs, parentheses in the thousands) are refused: the rules walk
 * trees recursively, and the stack ends at some thousands of levels. Measured: a run of 1,000 ORs (1,000 levels)
 * is analyzed in about 0.4 s; 5,000 overflowed the stack.
 */
export const MAX_TREE_DEPTH = 1500;

export function tooDeep(at: { line: number; column: number }, limit = MAX_TREE_DEPTH): AppError {
  return new AppError(ErrorCode.CONTENT_INVALID, {
    ...at,
    message: {
      zh: `语句嵌套过深（超过 ${limit} 层），SQLTune 无法分析：请拆分条件或子查询。`,
      en: `The statement is nested too deeply (over ${limit} levels) for SQLTune to analyze: split its conditions or subqueries.`,
    },
  });
}

/**
 * Parentheses nested deeper than this are refused before any parser sees them. The tree limit above is checked
 * after parsing, and parsing itself grows faster than the text with depth: 10,000 nested subqueries held an
 * analysis thread 30 s and 100,000 parentheses over 300 s (red-team round, issue 10) before that check could
 * answer. Up to this depth the engine reads a statement in well under a second; from about 700 levels its
 * reader ran out of stack and the statement got a misleading "syntax error" instead of this message. Written SQL
 * does not come near it.
 */
export const MAX_PARENTHESIS_DEPTH = 500;

/** The offset of the first parenthesis past MAX_PARENTHESIS_DEPTH, or null; strings and comments do not count. */
function parenthesisPastLimit(text: string, dialect: Dialect): number | null {
  let depth = 0;
  for (const token of codeTokens(lex(text, { mysql: dialect === 'mysql' }))) {
    if (token.kind !== 'symbol') continue;
    if (token.text === '(' && ++depth > MAX_PARENTHESIS_DEPTH) return token.start;
    if (token.text === ')') depth = Math.max(0, depth - 1);
  }
  return null;
}

/** Whether the tree has a path longer than `limit` nodes; iterative, so that depth cannot overflow it. */
function deeperThan(root: AstNode, limit: number): boolean {
  const stack: Array<[AstNode, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return true;
    eachChild(node, (item) => stack.push([item, depth + 1]));
  }
  return false;
}

type ToInputPosition = (offset: number) => { line: number; column: number };

/**
 * The trees of the statements the running analysis parsed most recently, by dialect and text (analysis-caches.ts):
 * a rewrite's check parses the edited text and the next step parses it again, and a mapper's variants repeat the
 * same fragments and statements (the generated 200-statement mapper of bench:mybatis holds 171 distinct texts in
 * 282 variants, each read by the rules and the planner). Least recently used first out, TREE_CACHE_ENTRIES at most
 * per analysis. Trees are never changed after parsing (see visitsOf), so sharing is safe. Only trees are kept: a
 * text that does not parse is read again, since its error's position depends on where the text stands in the input.
 */
export const TREE_CACHE_ENTRIES = 1024;

/**
 * Whether parsed trees are frozen deeply before anyone sees them. The test runs turn it on (test-support), so a rule
 * that changes a shared tree fails with a TypeError where it writes, instead of corrupting what later rules of
 * the analysis read from its cache. Off in production: freezing every node costs time and proves nothing there.
 */
let freezeTrees = false;

export function freezeParsedTrees(on: boolean): void {
  freezeTrees = on;
}

/** Freezes a tree and everything in it; with a stack of its own, since a long OR chain is thousands of levels deep. */
function deepFreeze(root: unknown): void {
  const pending = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object' || Object.isFrozen(value)) continue;
    Object.freeze(value);
    for (const child of Object.values(value)) pending.push(child);
  }
}

/** The running analysis's tree of a text, if it still holds one (tests: the cache's bound, order and owner). */
export function cachedTree(text: string, dialect: Dialect): AstNode | undefined {
  return currentAnalysisCaches()?.trees.get(`${dialect}\u0000${text}`);
}

function parseOne(text: string, dialect: Dialect, toInput: ToInputPosition, trees: Map<string, AstNode>): AstNode {
  const key = `${dialect}\u0000${text}`;
  const cached = trees.get(key);
  if (cached) {
    // Map order is insertion order: a tree read again moves to the end, the least recently used stays first.
    trees.delete(key);
    trees.set(key, cached);
    return cached;
  }
  const ast = parseFresh(text, dialect, toInput);
  if (deeperThan(ast, MAX_TREE_DEPTH)) throw tooDeep(toInput(0));
  if (freezeTrees) deepFreeze(ast);
  if (trees.size >= TREE_CACHE_ENTRIES) trees.delete(trees.keys().next().value!);
  trees.set(key, ast);
  return ast;
}

function parseFresh(text: string, dialect: Dialect, toInput: ToInputPosition): AstNode {
  // Most queries are read by the engine's own reader; what it does not cover goes to node-sql-parser.
  try {
    return readQuery(text, dialect);
  } catch (error) {
    if (!(error instanceof NotCovered)) throw error;
  }
  return parseWithLibrary(text, dialect, toInput);
}

/**
 * node-sql-parser's reading of one statement, with the engine's preparation and corrections (grammar-gaps.ts,
 * logical-precedence.ts). Exported for the reader's tests, which hold the two readings to each other.
 */
export function parseWithLibrary(
  text: string,
  dialect: Dialect,
  toInput: ToInputPosition = (offset) => positionAt(text, offset),
): AstNode {
  const prepared = prepareForParser(dialect === 'mysql' ? blankMysqlHints(text) : text, dialect, (sql) =>
    parseFragment(sql, dialect),
  );
  let result: unknown;
  try {
    result = parser.astify(prepared.text, {
      database: parserDatabase[dialect],
      parseOptions: { includeLocations: true },
    });
  } catch (error) {
    throw syntaxError(error, (offset) => toInput(prepared.toOriginal(offset)), prepared.text);
  }
  // The splitter gave one statement: a parser reading several draws other boundaries, and only the first would be
  // analyzed while the planners send the whole text. Refuse it.
  if (Array.isArray(result) && result.length > 1) {
    throw new AppError(ErrorCode.CONTENT_INVALID, {
      ...toInput(0),
      message: {
        zh: '这条语句被读成了多条语句：请检查其中的引号、注释和分号',
        en: 'this statement reads as several statements: check its quotes, comments and semicolons',
      },
    });
  }
  const ast = Array.isArray(result) ? result[0] : result;
  if (!isNode(ast)) throw new AppError(ErrorCode.CONTENT_INVALID, toInput(0));
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  try {
    prepared.restore(ast);
    // Without OR or XOR there is nothing to regroup: spare the traversal (every statement passes here).
    if (tokens.some((t) => isKeyword(t, 'OR') || isKeyword(t, 'XOR'))) regroupLogicalOperators(ast, dialect);
    refuseMisreadForms(ast, text);
  } catch (error) {
    if (!(error instanceof UnreadableForm)) throw error;
    const at = error.keyword ? tokens.find((token) => isKeyword(token, error.keyword!)) : undefined;
    throw new AppError(ErrorCode.CONTENT_INVALID, { ...toInput(at?.start ?? 0), message: error.reason });
  }
  return ast;
}

/**
 * Misreadings of node-sql-parser's grammars, refused (4202) rather than analyzed; the engine's own reader
 * (reader/read-query.ts), which reads most statements first, reads them correctly:
 *  - an alias without AS that starts with an operator: MySQL `SELECT a mode` as `a MOD e` (see operatorInsideWord);
 *  - `a JOIN b ON (x = y), c` as a join whose condition is the list `((x = y), c)`: table c is lost from FROM
 *    (no join condition is a list);
 *  - `price-(discount)` as a call of a function named `price-` (no function name holds a minus sign).
 */
function refuseMisreadForms(ast: AstNode, text: string): void {
  for (const { node } of visitsOf(ast)) {
    if (operatorInsideWord(node, text)) {
      throw new UnreadableForm({
        zh: 'SQLTune 暂不能读取以运算符开头、不带 AS 的别名（如 SELECT a mode、a div_total、a or1）：请写成 a AS mode。',
        en: 'SQLTune cannot yet read an alias that starts with an operator, without AS (SELECT a mode, a div_total, a or1): write a AS mode.',
      });
    }
    if (node.type === 'function' && minusInName(node)) {
      throw new UnreadableForm({
        zh: 'SQLTune 暂不能读取名称与括号之间紧挨的减号（如 a-(b)）：请在减号两边加空格，如 a - (b)。',
        en: 'SQLTune cannot yet read a minus sign between a name and a parenthesis without spaces (a-(b)): write a - (b).',
      });
    }
    if (isNode(node.on) && node.on.type === 'expr_list') {
      throw new UnreadableForm(
        {
          zh: 'SQLTune 暂不能读取这里的 ON (...) 后接逗号和其他表的写法：请去掉 ON 条件外的括号，或把逗号连接改为 JOIN。',
          en: 'SQLTune cannot yet read ON (...) followed by a comma and another table here: drop the parentheses around the ON condition or write the comma join as a JOIN.',
        },
        'ON',
      );
    }
  }
}

/**
 * An alias without AS that starts with an operator, read as that operator: MySQL `a mode` as `a MOD e` and
 * `a div_total` as `a DIV _total` (any letters after MOD or DIV), and in both grammars `a or1`, `a and1`, `a is1`,
 * `a like1`, MySQL's `a mod1` (digits after the operator).
 */
function operatorInsideWord(node: AstNode, text: string): boolean {
  if (node.type !== 'binary_expr') return false;
  const operator = String(node.operator).toUpperCase();
  const left = isNode(node.left) ? node.left.loc : undefined;
  const right = isNode(node.right) ? node.right.loc : undefined;
  if ((operator === 'MOD' || operator === 'DIV') && left && right) {
    if (new RegExp(`${operator}$`, 'i').test(text.slice(left.end.offset, right.start.offset))) return true;
  }
  const operators = ['AND', 'OR', 'XOR', 'IS', 'LIKE', 'ILIKE', 'MOD', 'DIV'];
  if (!operators.includes(operator) || !node.loc) return false;
  const written = text.slice(node.loc.start.offset, node.loc.end.offset);
  return new RegExp(`\\b${operator}\\d`, 'i').test(written);
}

function minusInName(call: AstNode): boolean {
  const name = isNode(call.name) ? call.name : undefined;
  const parts = name && Array.isArray(name.name) ? name.name : [];
  return parts.some((part) => isNode(part) && typeof part.value === 'string' && part.value.includes('-'));
}

/**
 * A piece of SQL read as a statement is (the parser's preparation, node-sql-parser, the tree put back; not yet
 * regrouped: the statement it is part of is, as a whole), or undefined when it does not parse. Locations are in the
 * piece's own text.
 */
function parseFragment(sql: string, dialect: Dialect): AstNode | undefined {
  try {
    const prepared = prepareForParser(dialect === 'mysql' ? blankMysqlHints(sql) : sql, dialect, (inner) =>
      parseFragment(inner, dialect),
    );
    const result = parser.astify(prepared.text, {
      database: parserDatabase[dialect],
      parseOptions: { includeLocations: true },
    });
    const ast = Array.isArray(result) ? result[0] : result;
    if (!isNode(ast)) return undefined;
    prepared.restore(ast);
    return ast;
  } catch {
    return undefined;
  }
}

/**
 * node-sql-parser does not know MySQL index hints or STRAIGHT_JOIN. They do not change what a query
 * returns, so they are blanked out with spaces of the same length: offsets stay valid for patching.
 */
export function blankMysqlHints(text: string): string {
  const tokens = codeTokens(lex(text, { mysql: true }));
  const chars = [...text];
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isKeyword(t, 'STRAIGHT_JOIN') && isKeyword(tokens[i - 1], 'SELECT')) blank(t.start, t.end);
    const isHint =
      ['FORCE', 'USE', 'IGNORE'].some((w) => isKeyword(t, w)) && /^(INDEX|KEY)$/i.test(tokens[i + 1]?.text ?? '');
    if (!isHint) continue;
    let j = i + 2;
    if (isKeyword(tokens[j], 'FOR'))
      j += isKeyword(tokens[j + 1], 'GROUP') || isKeyword(tokens[j + 1], 'ORDER') ? 3 : 2;
    if (tokens[j]?.text !== '(') continue;
    while (j < tokens.length && tokens[j]!.text !== ')') j++;
    if (j < tokens.length) blank(t.start, tokens[j]!.end);
  }
  return chars.join('');
}

function syntaxError(error: unknown, toInput: ToInputPosition, parsed: string): AppError {
  const location = (error as { location?: { start?: { offset?: number } } }).location;
  const raw = error instanceof Error ? error.message : String(error);
  const reserved = reservedAlias(raw, parsed);
  if (reserved) return reserved(toInput);
  const offset = location?.start?.offset ?? 0;
  const found = /but (.+) found\.?$/.exec(raw)?.[1] ?? '';
  const near = found === 'end of input' ? { zh: '语句意外结束', en: 'unexpected end of statement' } : null;
  // The generated parser names one character; the user wrote a word (`unexpected "REF_SYSTEM_ID"`, not "R").
  const character = found.replace(/^"|"$/g, '');
  const word = /^[\p{L}\p{N}_$]+/u.exec(parsed.slice(offset))?.[0];
  const token = word?.startsWith(character) && character.length > 0 ? word : character;
  // The position travels in line/column; every client shows it next to the message.
  return new AppError(ErrorCode.CONTENT_INVALID, {
    ...toInput(offset),
    message: near
      ? { zh: `SQL 语法错误：${near.zh}`, en: `SQL syntax error: ${near.en}` }
      : { zh: `SQL 语法错误：无法识别 "${token}"`, en: `SQL syntax error: unexpected "${token}"` },
  });
}

/**
 * node-sql-parser's MySQL grammar refuses a reserved word as an alias (`SELECT a AS key`) with a message and no
 * location: the error is placed at the alias (the word after AS, else its first use) and says how to write it.
 */
function reservedAlias(raw: string, parsed: string): ((toInput: ToInputPosition) => AppError) | undefined {
  const word = /"([^"]+)" is a reserved word/.exec(raw)?.[1];
  if (!word) return undefined;
  const escaped = word.replace(/[^\w$]/g, '\\$&');
  const at =
    new RegExp(`\\bAS\\s+(${escaped})\\b`, 'i').exec(parsed) ?? new RegExp(`\\b(${escaped})\\b`, 'i').exec(parsed);
  const offset = at ? at.index + at[0].length - at[1]!.length : 0;
  return (toInput) =>
    new AppError(ErrorCode.CONTENT_INVALID, {
      ...toInput(offset),
      message: {
        zh: `"${word}" 是保留字，不能直接用作别名：请用反引号括起来（\`${word}\`）或换一个名称`,
        en: `"${word}" is a reserved word and cannot be an alias as written: quote it (\`${word}\`) or choose another name`,
      },
    });
}

function describe(ast: AstNode): { kind: StatementKind; tables: TableRef[] } {
  const type = typeof ast.type === 'string' ? ast.type.toLowerCase() : '';
  const kind: StatementKind = ['select', 'insert', 'update', 'delete', 'replace', 'merge'].includes(type)
    ? (type as StatementKind)
    : 'other';
  return { kind, tables: collectTables(ast) };
}

function collectTables(ast: AstNode): TableRef[] {
  const found = new Map<string, TableRef>();
  // visitsOf: the same traversal every rule starts from, made once per tree.
  for (const { node } of visitsOf(ast)) {
    if (typeof node.type !== 'string' || !queryTypes.has(node.type)) continue;
    for (const source of [...children(node, 'from'), ...children(node, 'table'), ...children(node, 'using')]) {
      if (typeof source.table === 'string') {
        const ref: TableRef = {
          name: source.table,
          schema: typeof source.db === 'string' ? source.db : null,
          alias: typeof source.as === 'string' ? source.as : null,
        };
        found.set(`${ref.schema}.${ref.name}.${ref.alias}`, ref);
      }
    }
  }
  return [...found.values()];
}

const queryTypes = new Set(['select', 'update', 'delete', 'insert', 'replace', 'merge']);
