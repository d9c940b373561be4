import { AppError, type Dialect } from '@sqltune/contracts';
import { parseStatements } from '../../dialect/parse.ts';
import { type AstNode, child, isNode } from '../../model/ast.ts';
import { isBinaryExpr } from '../../model/nodes.ts';
import type { ParsedStatement } from '../../model/statement.ts';
import { sameTree } from '../../semantics/equality.ts';
import { applyEdits, type TextEdit } from '../../text/patch.ts';
import type { RuleMatch } from '../rule.ts';

/**
 * Verification of a rewrite: a text edit is never trusted on its own. Every rewrite states the tree it means to
 * produce (the original tree with some nodes replaced), and its edits are kept only when the edited text parses
 * to exactly that tree. A misplaced edit, a precedence slip or a wrong guess about which SELECT a PostgreSQL
 * subquery starts at then costs the rewrite, never the meaning of the statement.
 */

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
    if (isBinaryExpr(out) && ['AND', 'OR'].includes(String(out.operator).toUpperCase())) {
      if (out.left === null) return out.right ?? DROP;
      if (out.right === null) return out.left;
    }
    return out;
  };
  const result = copy(root);
  return result === DROP ? null : (result as AstNode);
}

const DROP = Symbol('drop');

/**
 * Whether a parser failure during verification throws instead of meaning "no rewrite". The test runs turn it on
 * (test-support/parser-crashes.ts). A text the parser refuses (an AppError: a syntax error, a statement nested too
 * deeply, text that reads as several statements) is an answer: the edits were wrong, so no rewrite. Anything else
 * thrown (a TypeError in the reader, a failed assertion) is the parser crashing on text it should have read or
 * refused; in production that still costs only the rewrite, under test it fails the test that met it.
 */
let parserCrashesThrow = false;

export function throwOnParserCrash(on: boolean): void {
  parserCrashesThrow = on;
}

/** The parse's result, or undefined when the parser refused the text (or crashed, outside tests). */
function parsedOrRefused<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    if (error instanceof AppError || !parserCrashesThrow) return undefined;
    throw error;
  }
}

/** Whether no two edits overlap (edits that only touch may both be made). */
function overlapFree(edits: ReadonlyArray<{ start: number; end: number }>): boolean {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  return sorted.every((e, i) => i === 0 || e.start >= sorted[i - 1]!.end);
}

/** Parses the statement text with the edits applied; undefined when they overlap or it does not parse as one statement. */
function reparse(statement: ParsedStatement, edits: TextEdit[]): AstNode | undefined {
  if (!overlapFree(edits)) return undefined;
  const text = applyEdits(statement.text, edits);
  const parsed = parsedOrRefused(() => parseStatements(text, statement.dialect));
  return parsed?.length === 1 ? parsed[0]!.ast : undefined;
}

/** Whether the edits turn the statement into exactly the intended tree. */
export function editsProduce(statement: ParsedStatement, edits: TextEdit[], replacements: Replacements): boolean {
  const after = reparse(statement, edits);
  const expected = withReplacements(statement.ast, replacements);
  return !!after && !!expected && sameTree(after, expected);
}

/** An expression's tree, parsed on its own (the text of a replacement). */
export function parseExpression(text: string, dialect: Dialect): AstNode | undefined {
  const [statement] = parsedOrRefused(() => parseStatements(`SELECT 1 FROM t WHERE ${text}`, dialect)) ?? [];
  return statement ? child(statement.ast, 'where') : undefined;
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
