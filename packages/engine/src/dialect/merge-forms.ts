import { type AstNode, isNode } from '../model/ast.ts';
import { isKeyword, type Token, topLevelIndex } from '../text/lexer.ts';
import { statementWith } from './dml-forms.ts';
import { type FormContext, fragment, notRead } from './markers.ts';

/**
 * PostgreSQL's MERGE (15+; WHEN NOT MATCHED BY SOURCE | BY TARGET and RETURNING are 17's), which node-sql-parser 5.4
 * does not know at all. The parser is given `SELECT 1` for the statement, and the tree is built from its parts, each
 * read as node-sql-parser reads the statement it belongs to (locations in the statement as written):
 *
 *   {type: 'merge', table: [<target>], using: [<source>], on: <condition>, when: [...], returning}
 *
 * the target and the source as FROM items (read from `SELECT * FROM <target> JOIN <source> ON <condition>`), each WHEN
 * clause as `{type: 'when', matched: 'matched' | 'not matched' | 'not matched by source' | 'not matched by target',
 * condition, action}` with the action as UPDATE's `{type: 'update', set}` (read from `UPDATE t SET ...`), INSERT's
 * `{type: 'insert', columns, values, overriding}` (from `INSERT INTO t ...`), `{type: 'delete'}` or
 * `{type: 'origin', value: 'do nothing'}`, and RETURNING as UPDATE's. A statement-level WITH is kept in `with`
 * (dml-forms.ts). A part that does not read makes the statement unreadable (4202), never half read.
 */
export function mergeForms(context: FormContext): boolean {
  const { tokens, substitutions, fixups } = context;
  if (context.dialect !== 'postgresql') return false;
  const merge = topLevelIndex(tokens, 0, (t) => isKeyword(t, 'MERGE'));
  if (merge < 0 || !isKeyword(tokens[merge + 1], 'INTO')) return false;
  // A statement-level WITH before MERGE: read as one before a SELECT (its queries are prepared on their own).
  if (merge > 0) statementWith(context);
  const using = topLevelIndex(tokens, merge + 2, (t) => isKeyword(t, 'USING'));
  const on = using < 0 ? -1 : topLevelIndex(tokens, using + 1, (t) => isKeyword(t, 'ON'));
  const whens: number[] = [];
  for (let k = on + 1; on > 0 && k < tokens.length; k++) {
    const found = topLevelIndex(tokens, k, (t) => isKeyword(t, 'WHEN'));
    if (found < 0) break;
    whens.push(found);
    k = found;
  }
  if (on < 0 || whens.length === 0) return false;
  const returning = topLevelIndex(tokens, whens[whens.length - 1]!, (t) => isKeyword(t, 'RETURNING'));
  const end = tokens.length - 1;
  const read: Read = (prefix, first, last, suffix = '') =>
    fragment(context, prefix, tokens[first]!.start, tokens[last]!.end, suffix);
  // The target, read as a FROM item; the source and the condition, as a join to it.
  const target = read('SELECT * FROM ', merge + 2, using - 1);
  const joined = read('SELECT * FROM sqltune_merge_target JOIN ', using + 1, whens[0]! - 1);
  const sourceItem = joined && Array.isArray(joined.from) ? (joined.from as AstNode[])[1] : undefined;
  const targetItem = target && Array.isArray(target.from) ? (target.from as AstNode[])[0] : undefined;
  const clauses = whens.map((first, n) => {
    const last = (n + 1 < whens.length ? whens[n + 1]! : returning > 0 ? returning : end + 1) - 1;
    return mergeClause(context, first, last, read);
  });
  const returned = returning > 0 ? read('SELECT ', returning + 1, end) : undefined;
  const parts = targetItem && sourceItem && clauses.every((clause) => clause) && (returning < 0 || returned);
  substitutions.push({ start: tokens[merge]!.start, end: tokens[end]!.end, replacement: 'SELECT 1' });
  fixups.push((ast) => {
    if (!parts) throw notRead('this MERGE', 'MERGE');
    const { join: _join, on: condition, ...source } = sourceItem!;
    const withs = ast.with;
    for (const key of Object.keys(ast)) delete ast[key];
    Object.assign(ast, {
      with: withs ?? null,
      type: 'merge',
      table: [targetItem],
      using: [source],
      on: condition,
      when: clauses,
      returning: returned ? { type: 'returning', columns: returned.columns } : null,
      loc: { start: { offset: tokens[merge]!.start }, end: { offset: tokens[end]!.end } },
    });
  });
  return true;
}

type Read = (prefix: string, first: number, last: number, suffix?: string) => AstNode | undefined;

/** One `WHEN [NOT] MATCHED [BY SOURCE | BY TARGET] [AND condition] THEN action` clause, tokens first..last. */
function mergeClause(context: FormContext, first: number, last: number, read: Read): AstNode | undefined {
  const { tokens } = context;
  let k = first + 1;
  const words: string[] = [];
  if (isKeyword(tokens[k], 'NOT')) words.push(tokens[k++]!.text.toLowerCase());
  if (!isKeyword(tokens[k], 'MATCHED')) return undefined;
  words.push('matched');
  k++;
  if (isKeyword(tokens[k], 'BY') && (isKeyword(tokens[k + 1], 'SOURCE') || isKeyword(tokens[k + 1], 'TARGET'))) {
    words.push('by', tokens[k + 1]!.text.toLowerCase());
    k += 2;
  }
  let condition: AstNode | null = null;
  const then = tokens.findIndex((t, i) => i >= k && i <= last && isKeyword(t, 'THEN'));
  if (then < 0) return undefined;
  if (isKeyword(tokens[k], 'AND')) {
    const where = read('SELECT 1 WHERE ', k + 1, then - 1);
    if (!where || !isNode(where.where)) return undefined;
    condition = where.where;
  }
  const action = mergeAction(tokens, then + 1, last, read);
  if (!action) return undefined;
  return { type: 'when', matched: words.join(' '), condition, action };
}

function mergeAction(tokens: Token[], first: number, last: number, read: Read): AstNode | undefined {
  const word = tokens[first]?.text.toUpperCase();
  if (word === 'DELETE' && first === last) return { type: 'delete' };
  if (word === 'DO' && isKeyword(tokens[first + 1], 'NOTHING')) return { type: 'origin', value: 'do nothing' };
  if (word === 'UPDATE' && isKeyword(tokens[first + 1], 'SET')) {
    const update = read('UPDATE sqltune_merge_target SET ', first + 2, last);
    return update && Array.isArray(update.set) ? { type: 'update', set: update.set } : undefined;
  }
  if (word === 'INSERT') {
    // INSERT [(columns)] [OVERRIDING ...] VALUES (...) | DEFAULT VALUES
    const insert = first === last ? undefined : read('INSERT INTO sqltune_merge_target ', first + 1, last);
    if (!insert) return undefined;
    const { columns, values, overriding } = insert;
    const node: AstNode = { type: 'insert', columns: columns ?? null, values };
    if (overriding) node.overriding = overriding;
    return node;
  }
  return undefined;
}
