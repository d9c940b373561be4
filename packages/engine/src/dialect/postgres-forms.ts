import { type AstNode, isNode, walk } from '../model/ast.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import { closingParen, type FormContext, fragment, notRead, openingParen } from './markers.ts';

/**
 * PostgreSQL query and expression forms node-sql-parser 5.4 refuses or misreads (issue 11's grammar corpus), read
 * from a substituted copy (grammar-gaps.ts, markers.ts) and put back in the shape node-sql-parser gives the nearest
 * form:
 *
 *  - `SELECT ... INTO [TEMP | UNLOGGED] [TABLE] t`: the query's `into`, as the MySQL grammar gives SELECT ... INTO;
 *  - a WITH query's `MATERIALIZED` / `NOT MATERIALIZED`, SEARCH and CYCLE clauses: on the WITH item
 *    (`materialized`, and `search` / `cycle` as written);
 *  - `JOIN ... USING (a) AS j`: the join's `join_alias`;
 *  - FROM items: `WITH ORDINALITY` (`ordinality: true`), `ROWS FROM (f(), g())` (`{type: 'rows_from', value:
 *    [calls]}`), an alias's column list (`AS g (n)`, which the grammar folds into the alias name 'g(n)': `as: 'g'`,
 *    `columns: ['n']`), an alias before TABLESAMPLE;
 *  - `GROUPING SETS (...)` (a call named GROUPING SETS, as the grammar gives ROLLUP (...)), `()` the empty grouping set
 *    (an empty `expr_list`), `GROUP BY DISTINCT | ALL` (`modifiers`, as the MySQL grammar gives WITH ROLLUP);
 *  - window functions the grammar does not name (`percent_rank() OVER w`, `cume_dist()`), aggregates it windows
 *    only as count, sum, avg, min, max (`json_agg(x) OVER w`, `bool_or(x) OVER (...)`), an aggregate's FILTER with
 *    OVER, and without it after an aggregate the grammar reads as a plain call (`json_agg(x) FILTER (WHERE ...)`);
 *  - `ORDER BY x USING >` (the item's `using`), a LIMIT that is an expression;
 *  - `BETWEEN SYMMETRIC` (operator 'BETWEEN SYMMETRIC'), `BETWEEN ASYMMETRIC` (BETWEEN, its meaning), `OVERLAPS`;
 *  - arrays: `ARRAY[[1, 2], [3, 4]]`, `ARRAY[]`, slices `a[2:3]`, `a[:2]`, subscripts of a parenthesized expression,
 *    field selection `(x).f`, `(x).*` (`{type: 'field_selection', expr, field}`);
 *  - `x AT TIME ZONE INTERVAL '...'` and `x AT LOCAL`, in the grammar's shape for AT TIME ZONE;
 *  - `count(ALL x)`, aggregates with ORDER BY the grammar lists only for some (`jsonb_agg(x ORDER BY y)`),
 *    hypothetical-set aggregates (`rank(100) WITHIN GROUP (ORDER BY x)`), `extract('hour' FROM x)`;
 *  - SQL/JSON and XML calls with keywords among their arguments (`JSON_OBJECT('a' VALUE 1 ABSENT ON NULL)`,
 *    `xmlelement(name x, ...)`): a call whose arguments are the expressions, keyword clauses kept as written
 *    (`{type: 'origin', value}`), and `IS [NOT] JSON [OBJECT | ARRAY | SCALAR | VALUE] [WITH UNIQUE KEYS]`
 *    (`{type: 'binary_expr', operator: 'IS', right: {type: 'origin', value: 'JSON OBJECT'}}`, as `IS NULL`);
 *  - INSERT column lists naming a field or an element (`(point_pair.x, nums[1])`), UPDATE's
 *    `RETURNING WITH (OLD AS o, NEW AS n)`.
 */
export function postgresForms(context: FormContext): void {
  if (context.dialect !== 'postgresql') return;
  selectInto(context);
  withItemOptions(context);
  joinUsingAlias(context);
  fromItems(context);
  groupingSets(context);
  windowCalls(context);
  orderByUsing(context);
  limitExpressions(context);
  betweenSymmetric(context);
  arrayForms(context);
  fieldSelection(context);
  timeZones(context);
  aggregateForms(context);
  keywordCalls(context);
  isJson(context);
  insertColumnPaths(context);
  returningWith(context);
}

const upper = (t: Token | undefined) => (t?.kind === 'word' ? t.text.toUpperCase() : (t?.text ?? ''));

/** The index of the first token at the depth of `from` that `match` accepts (from `from` on), or -1. */
function atDepth(
  tokens: Token[],
  from: number,
  match: (token: Token, i: number) => boolean,
  to = tokens.length,
): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const text = tokens[i]!.text;
    if (depth === 0 && match(tokens[i]!, i)) return i;
    if (text === '(') depth++;
    else if (text === ')') {
      if (depth === 0) return -1;
      depth--;
    }
  }
  return -1;
}

/** `SELECT ... INTO [TEMPORARY | TEMP | UNLOGGED] [TABLE] name FROM ...`. */
function selectInto({ tokens, substitutions, heads }: FormContext): void {
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'INTO')) return;
    // In the select list's place: after its SELECT, at its depth, before FROM.
    const select = selectOf(tokens, i);
    if (select < 0 || atDepth(tokens, select + 1, (t) => isKeyword(t, 'FROM'), i) >= 0) return;
    let k = i + 1;
    let kind: string | null = null;
    if (/^(TEMPORARY|TEMP|UNLOGGED)$/.test(upper(tokens[k]))) kind = upper(tokens[k++]);
    if (isKeyword(tokens[k], 'TABLE')) k++;
    const name = tokens[k];
    if (!name || (name.kind !== 'word' && name.kind !== 'quoted')) return;
    substitutions.push({ start: token.start, end: name.end, replacement: '' });
    heads.hook(select, (query) => {
      query.into = {
        keyword: 'table',
        type: 'into',
        expr: [{ db: null, table: name.text, as: null }],
        position: 'column',
        ...(kind ? { temporary: kind } : {}),
      };
    });
  });
}

/** The WITH items of the statement, in order, with the index of each item's name token. */
function withItems(tokens: Token[]): number[] {
  const items: number[] = [];
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'WITH')) return;
    let k = isKeyword(tokens[i + 1], 'RECURSIVE') ? i + 2 : i + 1;
    for (;;) {
      const name = tokens[k];
      if (!name || (name.kind !== 'word' && name.kind !== 'quoted')) return;
      let as = k + 1;
      if (tokens[as]?.text === '(') as = closingParen(tokens, as) + 1;
      if (!isKeyword(tokens[as], 'AS')) return;
      items.push(k);
      let body = as + 1;
      while (isKeyword(tokens[body], 'NOT') || isKeyword(tokens[body], 'MATERIALIZED')) body++;
      if (tokens[body]?.text !== '(') return;
      let end = closingParen(tokens, body);
      // SEARCH ... SET col / CYCLE ... SET col [TO v DEFAULT d] USING col
      const after = atDepth(tokens, end + 1, (t) => t.text === ',' || isKeyword(t, 'SELECT') || t.text === ')');
      if (after < 0 || tokens[after]!.text !== ',') return;
      end = after;
      k = end + 1;
    }
  });
  return items;
}

function withItemOptions(context: FormContext): void {
  const { tokens, substitutions, fixups } = context;
  const items = withItems(tokens);
  const changes: Array<(item: AstNode) => void>[] = items.map(() => []);
  items.forEach((name, n) => {
    let as = name + 1;
    if (tokens[as]?.text === '(') as = closingParen(tokens, as) + 1;
    let body = as + 1;
    if (
      isKeyword(tokens[body], 'MATERIALIZED') ||
      (isKeyword(tokens[body], 'NOT') && isKeyword(tokens[body + 1], 'MATERIALIZED'))
    ) {
      const last = isKeyword(tokens[body], 'NOT') ? body + 1 : body;
      const written = tokens
        .slice(body, last + 1)
        .map((t) => t.text.toUpperCase())
        .join(' ');
      substitutions.push({ start: tokens[body]!.start, end: tokens[last]!.end, replacement: '' });
      changes[n]!.push((item) => (item.materialized = written));
      body = last + 1;
    }
    const end = closingParen(tokens, body);
    for (const clause of ['SEARCH', 'CYCLE']) {
      const at = isKeyword(tokens[end + 1], clause) ? end + 1 : -1;
      if (at < 0) continue;
      const stop = atDepth(
        tokens,
        at,
        (t, i) =>
          i > at &&
          (t.text === ',' ||
            isKeyword(t, 'SELECT') ||
            isKeyword(t, 'CYCLE') ||
            isKeyword(t, 'INSERT') ||
            isKeyword(t, 'UPDATE') ||
            isKeyword(t, 'DELETE')),
      );
      const last = (stop < 0 ? tokens.length : stop) - 1;
      const written = context.text.slice(tokens[at]!.start, tokens[last]!.end).replace(/\s+/g, ' ');
      substitutions.push({ start: tokens[at]!.start, end: tokens[last]!.end, replacement: '' });
      changes[n]!.push((item) => (item[clause.toLowerCase()] = { type: 'origin', value: written }));
    }
  });
  if (!changes.some((list) => list.length > 0)) return;
  fixups.push((ast) => {
    const withs = Array.isArray(ast.with) ? (ast.with as AstNode[]) : [];
    changes.forEach((list, n) => {
      if (list.length === 0) return;
      const item = withs[n];
      if (!isNode(item)) throw notRead('this WITH query', 'WITH');
      for (const change of list) change(item);
    });
  });
}

/** `JOIN ... USING (a, b) AS j`: the alias goes in the USING list as a marker, then to `join_alias`. */
function joinUsingAlias({ tokens, substitutions, fixups }: FormContext): void {
  const aliases: string[] = [];
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'USING') || tokens[i + 1]?.text !== '(') return;
    const close = closingParen(tokens, i + 1);
    if (close < 0 || !isKeyword(tokens[close + 1], 'AS') || !tokens[close + 2]) return;
    substitutions.push(
      { start: tokens[close]!.start, end: tokens[close]!.start, replacement: `, sqltune_join_alias_${aliases.length}` },
      { start: tokens[close + 1]!.start, end: tokens[close + 2]!.end, replacement: '' },
    );
    aliases.push(tokens[close + 2]!.text);
  });
  if (aliases.length === 0) return;
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      const using = Array.isArray(node.using) ? node.using : undefined;
      const last = using?.[using.length - 1];
      const value = isNode(last) ? String(last.value ?? '') : '';
      if (!value.startsWith('sqltune_join_alias_')) return undefined;
      using!.pop();
      node.join_alias = aliases[Number(value.slice('sqltune_join_alias_'.length))];
      return undefined;
    }),
  );
}

/**
 * FROM items: WITH ORDINALITY, ROWS FROM (...), an alias with a column list, an alias written before TABLESAMPLE.
 * Each such item is given an alias `sqltune_item_<n>` (its own alias and column list left out) and gets them back;
 * ROWS FROM (...) is given to the parser as a table named `sqltune_item_<n>`.
 */
function fromItems(context: FormContext): void {
  const { tokens, substitutions, fixups } = context;
  type Item = { alias: string | null; columns: string[] | null; ordinality: boolean; rowsFrom?: AstNode[] };
  const items: Item[] = [];
  const marker = (n: number) => `sqltune_item_${n}`;
  // CREATE TABLE ... PARTITION OF ... FOR VALUES FROM (...): no FROM items there.
  if (isKeyword(tokens[0], 'CREATE') && !tokens.some((t) => isKeyword(t, 'SELECT'))) return;
  tokens.forEach((token, i) => {
    // ROWS FROM (f(...), g(...)) [WITH ORDINALITY] [AS a (cols)]
    if (isKeyword(token, 'ROWS') && isKeyword(tokens[i + 1], 'FROM') && tokens[i + 2]?.text === '(') {
      const close = closingParen(tokens, i + 2);
      const calls = fragment(context, 'SELECT ', tokens[i + 3]!.start, tokens[close - 1]!.end);
      if (!calls || !Array.isArray(calls.columns)) return;
      const ordinality = isKeyword(tokens[close + 1], 'WITH') && isKeyword(tokens[close + 2], 'ORDINALITY');
      const aliasAt = ordinality ? close + 3 : close + 1;
      const end = aliasEnd(tokens, aliasAt);
      const n = items.length;
      items.push({
        ...aliasOf(tokens, aliasAt, end),
        ordinality,
        rowsFrom: (calls.columns as AstNode[]).map((c) => c.expr as AstNode),
      });
      const last = Math.max(end, aliasAt - 1);
      substitutions.push({ start: token.start, end: tokens[last]!.end, replacement: marker(n) });
      return;
    }
    // A table, call or subquery followed by WITH ORDINALITY and/or an alias with a column list.
    const previous = tokens[i - 1];
    if (!previous) return;
    const named = (previous.kind === 'word' || previous.kind === 'quoted') && !ITEM_STARTERS.has(upper(previous));
    if (previous.text !== ')' && !named) return;
    const ordinality = isKeyword(token, 'WITH') && isKeyword(tokens[i + 1], 'ORDINALITY');
    const aliasAt = ordinality ? i + 2 : i;
    const hasAs = isKeyword(tokens[aliasAt], 'AS');
    const nameAt = hasAs ? aliasAt + 1 : aliasAt;
    const name = tokens[nameAt];
    const isName = !!name && (name.kind === 'word' || name.kind === 'quoted') && !reservedAfterItem(name);
    const withList = isName && tokens[nameAt + 1]?.text === '(';
    const sampled = hasAs && isName && isKeyword(tokens[nameAt + 1], 'TABLESAMPLE');
    // In FROM only: tested last, as it scans back to the clause (for every token, a long statement's time would grow
    // with the square of its length).
    if ((!ordinality && !withList && !sampled) || !inFrom(tokens, i)) return;
    // ROWS FROM (...) is read above, as a whole.
    if (previous.text === ')' && isRowsFrom(tokens, i - 1)) return;
    if (sampled) {
      // customers AS c TABLESAMPLE m (...) [REPEATABLE (...)]: the grammar takes the alias after the sample.
      let end = closingParen(tokens, nameAt + 3);
      if (isKeyword(tokens[end + 1], 'REPEATABLE')) end = closingParen(tokens, end + 2);
      substitutions.push(
        { start: tokens[aliasAt]!.start, end: name!.end, replacement: '' },
        { start: tokens[end]!.end, end: tokens[end]!.end, replacement: ` AS ${name!.text}` },
      );
      return;
    }
    if (!ordinality && !withList) return;
    const end = aliasEnd(tokens, aliasAt);
    const n = items.length;
    items.push({ ...aliasOf(tokens, aliasAt, end), ordinality });
    const last = Math.max(end, ordinality ? i + 1 : i);
    substitutions.push({ start: token.start, end: tokens[last]!.end, replacement: `AS ${marker(n)}` });
  });
  if (items.length === 0) return;
  fixups.push((ast, prepared) => {
    const seen = new Set<number>();
    const visit = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (!isNode(value)) return;
      for (const key of ['table', 'as']) {
        const name = typeof value[key] === 'string' ? String(value[key]) : '';
        if (!name.startsWith('sqltune_item_')) continue;
        const n = Number(name.slice('sqltune_item_'.length));
        const item = items[n]!;
        seen.add(n);
        if (item.rowsFrom) {
          const { join, on, using, loc } = value;
          for (const field of Object.keys(value)) delete value[field];
          Object.assign(value, { prefix: null, type: 'expr', expr: { type: 'rows_from', value: item.rowsFrom } });
          if (join) Object.assign(value, { join, on, using });
          if (loc) value.loc = loc;
        }
        value.as = item.alias;
        if (item.columns) value.columns = item.columns;
        if (item.ordinality) value.ordinality = true;
      }
      for (const key of Object.keys(value)) if (key !== 'loc') visit(value[key]);
    };
    visit(ast);
    const written = items.filter((_, n) => new RegExp(`\\b${marker(n)}\\b`).test(prepared)).length;
    if (seen.size !== written) throw notRead('this FROM item', 'FROM');
  });
}

/** Whether the `)` at `close` ends a ROWS FROM (...). */
function isRowsFrom(tokens: Token[], close: number): boolean {
  const open = tokens.findIndex((_, k) => k < close && tokens[k]!.text === '(' && closingParen(tokens, k) === close);
  return isKeyword(tokens[open - 1], 'FROM') && isKeyword(tokens[open - 2], 'ROWS');
}

/** Words after which a name starts a FROM item rather than ends one. */
const ITEM_STARTERS = new Set([
  'FROM',
  'JOIN',
  'LATERAL',
  'ONLY',
  'TABLESAMPLE',
  'REPEATABLE',
  'ON',
  'USING',
  'AS',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'ALL',
  'DISTINCT',
]);

function reservedAfterItem(token: Token): boolean {
  return /^(ON|USING|WHERE|JOIN|LEFT|RIGHT|INNER|FULL|CROSS|NATURAL|GROUP|ORDER|LIMIT|WINDOW|HAVING|UNION|INTERSECT|EXCEPT|ALL|DISTINCT|LATERAL|SET|VALUES|SELECT|RETURNING|TABLESAMPLE|FOR|OFFSET|FETCH)$/i.test(
    token.text,
  );
}

/** Whether token i is in a FROM clause (the nearest clause word before it at its depth is FROM or a join). */
function inFrom(tokens: Token[], i: number): boolean {
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    const text = tokens[k]!.text;
    if (text === ')') depth++;
    else if (text === '(') {
      if (depth === 0) return false;
      depth--;
    } else if (depth === 0) {
      const word = upper(tokens[k]);
      if (word === 'FROM' || word === 'JOIN') return true;
      if (
        /^(SELECT|WHERE|GROUP|HAVING|ORDER|SET|VALUES|RETURNING|LIMIT|ON|WINDOW|INTO|UPDATE|TABLE|USING)$/.test(word)
      ) {
        return false;
      }
    }
  }
  return false;
}

/** The last token of an alias (`AS name (cols)`, `name (cols)`, `AS name`) starting at `i`, or i - 1 for none. */
function aliasEnd(tokens: Token[], i: number): number {
  let k = i;
  if (isKeyword(tokens[k], 'AS')) k++;
  const name = tokens[k];
  if (!name || (name.kind !== 'word' && name.kind !== 'quoted') || reservedAfterItem(name)) return i - 1;
  if (tokens[k + 1]?.text === '(') return closingParen(tokens, k + 1);
  return k;
}

function aliasOf(tokens: Token[], i: number, end: number): { alias: string | null; columns: string[] | null } {
  if (end < i) return { alias: null, columns: null };
  const k = isKeyword(tokens[i], 'AS') ? i + 1 : i;
  const columns =
    tokens[k + 1]?.text === '('
      ? tokens
          .slice(k + 2, end)
          .filter((t) => t.text !== ',')
          .map((t) => t.text)
      : null;
  return { alias: tokens[k]!.text, columns };
}

/** GROUP BY: GROUPING SETS (...), (), DISTINCT / ALL. */
function groupingSets({ tokens, substitutions, markers, heads }: FormContext): void {
  tokens.forEach((token, i) => {
    if (isKeyword(token, 'GROUPING') && isKeyword(tokens[i + 1], 'SETS') && tokens[i + 2]?.text === '(') {
      const open = markers.open('GROUPING SETS', (args) => ({
        type: 'function',
        name: { name: [{ type: 'default', value: 'GROUPING SETS' }] },
        args: { type: 'expr_list', value: args },
      }));
      substitutions.push({ start: token.start, end: tokens[i + 2]!.end, replacement: open });
    }
    // (): the empty grouping set, in GROUP BY or in a GROUPING SETS / ROLLUP / CUBE list.
    if (token.text === '(' && tokens[i + 1]?.text === ')' && inGroupBy(tokens, i)) {
      substitutions.push({
        start: token.start,
        end: tokens[i + 1]!.end,
        replacement: markers.call('()', () => ({ type: 'expr_list', value: [], parentheses: true })),
      });
    }
    if (
      isKeyword(token, 'BY') &&
      isKeyword(tokens[i - 1], 'GROUP') &&
      (isKeyword(tokens[i + 1], 'DISTINCT') || isKeyword(tokens[i + 1], 'ALL'))
    ) {
      const word = tokens[i + 1]!.text.toLowerCase();
      substitutions.push({ start: tokens[i + 1]!.start, end: tokens[i + 1]!.end, replacement: '' });
      const select = selectOf(tokens, i);
      if (select >= 0) {
        heads.hook(select, (query) => {
          if (isNode(query.groupby)) query.groupby.modifiers = [{ type: 'origin', value: word }];
        });
      }
    }
  });
}

function inGroupBy(tokens: Token[], i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const word = upper(tokens[k]);
    if (word === 'BY' && isKeyword(tokens[k - 1], 'GROUP')) return true;
    if (/^(SELECT|FROM|WHERE|HAVING|ORDER|LIMIT|VALUES|OVER|ON|INTO)$/.test(word)) return false;
  }
  return false;
}

/** The SELECT of the query token i belongs to (the nearest before it at its depth), or -1. */
function selectOf(tokens: Token[], i: number): number {
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    const text = tokens[k]!.text;
    if (text === ')') depth++;
    else if (text === '(') {
      if (depth === 0) return -1;
      depth--;
    } else if (depth === 0 && isKeyword(tokens[k], 'SELECT')) return k;
  }
  return -1;
}

/**
 * Window calls the grammar refuses: a window function it does not name (percent_rank, cume_dist), read as
 * `ntile(<marker>)`, and an aggregate's FILTER (WHERE ...) before OVER (...) or OVER name (the filter read on its
 * own and given to the aggregate that starts where the call does).
 */
function windowCalls(context: FormContext): void {
  const { tokens, substitutions, markers } = context;
  tokens.forEach((token, i) => {
    const name = upper(token);
    if (
      (name === 'PERCENT_RANK' || name === 'CUME_DIST') &&
      tokens[i + 1]?.text === '(' &&
      tokens[i + 2]?.text === ')'
    ) {
      if (!isKeyword(tokens[i + 3], 'OVER')) return;
      const written = token.text;
      const arg = markers.call(written, () => ({ type: 'origin', value: 'sqltune_window_call' }));
      substitutions.push({ start: token.start, end: tokens[i + 2]!.end, replacement: `ntile(${arg})` });
      context.fixups.push((ast) =>
        walk(ast, ({ node }) => {
          const values = isNode(node.args) && Array.isArray(node.args.value) ? node.args.value : [];
          const marked = values.length === 1 && isNode(values[0]) && values[0].value === 'sqltune_window_call';
          if (!marked || node.type !== 'function') return undefined;
          const over = node.over;
          for (const key of Object.keys(node)) if (key !== 'loc') delete node[key];
          Object.assign(node, { type: 'window_func', name: written, over });
          return undefined;
        }),
      );
    }
    if (AGGREGATES_NOT_WINDOWED.has(name) && tokens[i + 1]?.text === '(' && tokens[i - 1]?.text !== '.') {
      windowedAggregate(context, i);
      return;
    }
    if (isKeyword(token, 'FILTER') && tokens[i + 1]?.text === '(' && isKeyword(tokens[i + 2], 'WHERE')) {
      const close = closingParen(tokens, i + 1);
      // The window may be written out or named (`OVER (...)`, `OVER w`); either way the grammar refuses it after FILTER.
      const window = tokens[close + 2];
      const windowed =
        isKeyword(tokens[close + 1], 'OVER') && !!window && (window.text === '(' || window.kind !== 'symbol');
      const open = openingParen(tokens, i - 1);
      // Without a window the grammar takes FILTER after the aggregates it names (count, sum, array_agg...) and after
      // an ordered-set aggregate's WITHIN GROUP (...) only.
      const called = open < 1 ? '' : upper(tokens[open - 1]!);
      if (!windowed && (called === '' || called === 'GROUP' || GRAMMAR_FILTERED_AGGREGATES.has(called))) return;
      const where = fragment(context, 'SELECT 1 ', tokens[i + 2]!.start, tokens[close - 1]!.end);
      if (!where || !isNode(where.where) || open < 1) return;
      // The aggregate is found by where its name starts (its location, mapped back to the text as written), or, for
      // a windowed call the grammar gives no location (count(*)), by its rank among the windowed calls, in text order.
      const aggregateStart = tokens[open - 1]!.start;
      const rank = tokens.slice(0, close + 1).filter((t) => isKeyword(t, 'OVER')).length;
      const filter = { keyword: 'filter', parentheses: true, where: where.where };
      substitutions.push({ start: token.start, end: tokens[close]!.end, replacement: '' });
      context.fixups.push((ast) => {
        const calls: AstNode[] = [];
        walk(ast, ({ node }) => {
          if (!!node.over === windowed && (node.type === 'aggr_func' || node.type === 'function')) calls.push(node);
          return undefined;
        });
        const startOf = (node: AstNode) => (isNode(node.loc) && isNode(node.loc.start) ? node.loc.start.offset : -1);
        const aggregate =
          calls.find((node) => startOf(node) === aggregateStart) ?? (windowed ? calls[rank] : undefined);
        if (!aggregate || aggregate.filter) throw notRead('FILTER', 'FILTER');
        aggregate.filter = filter;
      });
    }
  });
}

/**
 * Aggregates the grammar takes before OVER only as count, sum, avg, min and max: any other (`json_agg(x) OVER w`,
 * `bool_or(x) OVER (PARTITION BY g)`, `array_agg`, `string_agg`...) is refused there.
 */
const AGGREGATES_NOT_WINDOWED = new Set(
  'ARRAY_AGG STRING_AGG JSON_AGG JSONB_AGG JSON_OBJECT_AGG JSONB_OBJECT_AGG BOOL_AND BOOL_OR EVERY BIT_AND BIT_OR BIT_XOR STDDEV STDDEV_POP STDDEV_SAMP VARIANCE VAR_POP VAR_SAMP CORR COVAR_POP COVAR_SAMP XMLAGG'.split(
    ' ',
  ),
);

/**
 * `json_agg(x) OVER (...)`: the call is read on its own (as a select item), the grammar reads `ntile(<marker>)` with
 * the window in its place, and the call is put back there with that window.
 */
function windowedAggregate(context: FormContext, i: number): void {
  const { tokens, substitutions, markers } = context;
  const close = closingParen(tokens, i + 1);
  const window = tokens[close + 2];
  if (!isKeyword(tokens[close + 1], 'OVER') || !window || !(window.text === '(' || window.kind !== 'symbol')) return;
  const parsed = fragment(context, 'SELECT ', tokens[i]!.start, tokens[close]!.end);
  const items = isNode(parsed) && Array.isArray(parsed.columns) ? parsed.columns : [];
  const call = items.length === 1 && isNode(items[0]) ? items[0].expr : undefined;
  if (!isNode(call)) return;
  const marker = `sqltune_window_aggregate_${tokens[i]!.start}`;
  const arg = markers.call(tokens[i]!.text, () => ({ type: 'origin', value: marker }));
  substitutions.push({ start: tokens[i]!.start, end: tokens[close]!.end, replacement: `ntile(${arg})` });
  context.fixups.push((ast) =>
    walk(ast, ({ node }) => {
      const values = isNode(node.args) && Array.isArray(node.args.value) ? node.args.value : [];
      if (values.length !== 1 || !isNode(values[0]) || values[0].value !== marker) return undefined;
      const { over, loc } = node;
      for (const key of Object.keys(node)) delete node[key];
      Object.assign(node, call, { over, loc: call.loc ?? loc });
      return undefined;
    }),
  );
}

/**
 * The aggregates node-sql-parser reads with a FILTER (WHERE ...) after them; any other (json_agg, jsonb_agg,
 * bool_and, bool_or, every, stddev...) is a plain call to its PostgreSQL grammar, which refuses the FILTER.
 */
const GRAMMAR_FILTERED_AGGREGATES = new Set(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX', 'ARRAY_AGG', 'STRING_AGG']);

/** `ORDER BY x USING >`: the item's `using`. */
function orderByUsing({ tokens, substitutions, heads }: FormContext): void {
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'USING')) return;
    let k = i + 1;
    let op = '';
    while (tokens[k]?.kind === 'symbol' && '<>=~!@#%^&|'.includes(tokens[k]!.text)) op += tokens[k++]!.text;
    if (!op) return;
    // Which ORDER BY item: count the items before it at its depth.
    let depth = 0;
    let items = 0;
    let order = -1;
    for (let j = i - 1; j >= 0; j--) {
      const text = tokens[j]!.text;
      if (text === ')') depth++;
      else if (text === '(') {
        if (depth === 0) return;
        depth--;
      } else if (depth === 0 && text === ',') items++;
      else if (depth === 0 && isKeyword(tokens[j], 'BY') && isKeyword(tokens[j - 1], 'ORDER')) {
        order = j - 1;
        break;
      }
    }
    const select = order > 0 ? selectOf(tokens, order) : -1;
    if (select < 0) return;
    substitutions.push({ start: token.start, end: tokens[k - 1]!.end, replacement: '' });
    heads.hook(select, (query) => {
      const list = Array.isArray(query.orderby) ? query.orderby : [];
      const item = list[items];
      if (!isNode(item)) throw notRead('ORDER BY ... USING', 'USING');
      item.using = op;
    });
  });
}

const LIMIT_MARKER_BASE = 9_400_000;

/** `LIMIT <expression>` (the grammar reads a number, a parameter or ALL): read as a marker number, then put back. */
function limitExpressions(context: FormContext): void {
  const { tokens, substitutions, fixups } = context;
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'LIMIT')) return;
    const end = atDepth(
      tokens,
      i + 1,
      (t) => /^(OFFSET|FETCH|FOR|UNION|INTERSECT|EXCEPT|;)$/i.test(t.text) || t.text === ')',
    );
    const last = (end < 0 ? tokens.length : end) - 1;
    if (last <= i + 1) return;
    const value = fragment(context, 'SELECT ', tokens[i + 1]!.start, tokens[last]!.end);
    // `LIMIT FROM t` (a column named limit, which PostgreSQL refuses) reads as no expression: a syntax error later.
    const expr = value && Array.isArray(value.columns) ? (value.columns[0] as AstNode | undefined)?.expr : undefined;
    if (!expr) return;
    const marker = LIMIT_MARKER_BASE + i;
    substitutions.push({ start: tokens[i + 1]!.start, end: tokens[last]!.end, replacement: String(marker) });
    fixups.push((ast) => {
      let found = false;
      walk(ast, ({ node }) => {
        const values = 'seperator' in node && Array.isArray(node.value) ? node.value : [];
        values.forEach((entry, k) => {
          if (isNode(entry) && Number(entry.value) === marker) {
            values[k] = expr;
            found = true;
          }
        });
        return undefined;
      });
      if (!found) throw notRead('this LIMIT', 'LIMIT');
    });
  });
}

/** `x [NOT] BETWEEN SYMMETRIC a AND b`: operator 'BETWEEN SYMMETRIC'; ASYMMETRIC is BETWEEN's default. */
function betweenSymmetric({ tokens, substitutions, markers, fixups }: FormContext): void {
  let symmetric = false;
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'BETWEEN')) return;
    const word = tokens[i + 1];
    if (isKeyword(word, 'ASYMMETRIC')) substitutions.push({ start: word!.start, end: word!.end, replacement: '' });
    if (!isKeyword(word, 'SYMMETRIC')) return;
    // The low bound is wrapped in a marker call that flags it; the BETWEEN holding it becomes symmetric.
    const and = atDepth(tokens, i + 2, (t) => isKeyword(t, 'AND'));
    if (and < 0) return;
    const open = markers.open('BETWEEN SYMMETRIC', ([low]) => ({ ...low!, sqltune_symmetric: true }));
    substitutions.push(
      { start: word!.start, end: tokens[i + 2]!.start, replacement: open },
      { start: tokens[and - 1]!.end, end: tokens[and - 1]!.end, replacement: ')' },
    );
    symmetric = true;
  });
  if (!symmetric) return;
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      const bounds = isNode(node.right) && Array.isArray(node.right.value) ? node.right.value : [];
      const low = bounds[0];
      if (!isNode(low) || !low.sqltune_symmetric) return undefined;
      delete low.sqltune_symmetric;
      node.operator = `${String(node.operator).toUpperCase()} SYMMETRIC`;
      return undefined;
    }),
  );
}

/** ARRAY[[...], [...]], ARRAY[], slices and subscripts the grammar does not read. */
function arrayForms(context: FormContext): void {
  const { tokens, substitutions, markers } = context;
  tokens.forEach((token, i) => {
    // ARRAY[] and ARRAY[[1, 2], [3, 4]]
    if (isKeyword(token, 'ARRAY') && tokens[i + 1]?.text === '[') {
      const close = closingBracket(tokens, i + 1);
      if (close === i + 2) {
        substitutions.push({
          start: token.start,
          end: tokens[close]!.end,
          replacement: markers.call('ARRAY[]', () => arrayNode([])),
        });
      } else if (tokens[i + 2]?.text === '[') {
        const open = markers.open('a nested ARRAY', (args) => arrayNode(args));
        substitutions.push({ start: token.start, end: tokens[i + 1]!.end, replacement: open });
        substitutions.push({ start: tokens[close]!.start, end: tokens[close]!.end, replacement: ')' });
        // Inner [..] lists: ARRAY[..] to the parser, then nested array nodes without the keyword.
        for (let k = i + 2; k < close; k++) {
          if (tokens[k]!.text === '[' && (tokens[k - 1]!.text === '[' || tokens[k - 1]!.text === ',')) {
            substitutions.push({ start: tokens[k]!.start, end: tokens[k]!.start, replacement: 'ARRAY' });
          }
        }
      }
      return;
    }
    // x[a:b], x[:b], x[a:] and (expr)[i]
    if (token.text !== '[' || !tokens[i - 1]) return;
    const before = tokens[i - 1]!;
    if (
      isKeyword(before, 'ARRAY') ||
      !(before.kind === 'word' || before.kind === 'quoted' || before.text === ')' || before.text === ']')
    )
      return;
    const close = closingBracket(tokens, i);
    if (close < 0) return;
    const colon = atDepth(tokens, i + 1, (t) => t.text === ':', close);
    const parenthesized = before.text === ')';
    if (colon < 0 && !parenthesized) return;
    // The subscripted operand: a name, or the parenthesized expression before the bracket.
    let first = i - 1;
    if (parenthesized)
      first = tokens.findIndex((_, k) => k < i - 1 && tokens[k]!.text === '(' && closingParen(tokens, k) === i - 1);
    while (tokens[first - 1]?.text === ']' && tokens[first]?.text === '[') first--;
    // A call's or a type's parentheses (`f(x)[1]`, `numeric(5, 2)[]`): not an expression's.
    const call = parenthesized && tokens[first - 1]?.kind === 'word' && !CLAUSE_BEFORE.test(tokens[first - 1]!.text);
    if (first < 0 || call) return;
    const lower = colon < 0 ? undefined : colon > i + 1 ? [i + 1, colon - 1] : null;
    const upperBound = colon < 0 ? [i + 1, close - 1] : colon < close - 1 ? [colon + 1, close - 1] : null;
    const parts: string[] = [];
    const text = (range: number[]) => context.text.slice(tokens[range[0]!]!.start, tokens[range[1]!]!.end);
    if (lower) parts.push(text(lower));
    if (upperBound) parts.push(text(upperBound));
    const open = markers.open('an array subscript', ([base, ...bounds]) => {
      const index =
        colon < 0
          ? bounds[0]
          : { type: 'slice', start: lower ? bounds[0] : null, end: upperBound ? bounds[lower ? 1 : 0] : null };
      const entry = { brackets: true, index };
      return { ...base!, array_index: [...(Array.isArray(base!.array_index) ? base!.array_index : []), entry] };
    });
    substitutions.push(
      { start: tokens[first]!.start, end: tokens[first]!.start, replacement: open, order: -1 },
      {
        start: tokens[i]!.start,
        end: tokens[close]!.end,
        replacement: `${parts.length ? ', ' : ''}${parts.join(', ')})`,
      },
    );
  });
}

/** Words after which a parenthesis opens an expression (not a call). */
const CLAUSE_BEFORE = /^(SELECT|WHERE|AND|OR|NOT|ON|THEN|ELSE|WHEN|SET|BY|HAVING|RETURNING|IN|AS)$/i;

function arrayNode(values: AstNode[]): AstNode {
  return { type: 'array', keyword: 'array', brackets: true, expr_list: { type: 'expr_list', value: values } };
}

function closingBracket(tokens: Token[], open: number): number {
  let nested = 0;
  for (let k = open; k < tokens.length; k++) {
    if (tokens[k]!.text === '[') nested++;
    else if (tokens[k]!.text === ']' && --nested === 0) return k;
  }
  return -1;
}

/** `(x).field` and `(x).*`: `{type: 'field_selection', expr, field}`. */
function fieldSelection({ tokens, substitutions, markers }: FormContext): void {
  tokens.forEach((token, i) => {
    if (token.text !== ')' || tokens[i + 1]?.text !== '.' || tokens[i + 1]!.start !== token.end) return;
    const field = tokens[i + 2];
    if (!field || !(field.kind === 'word' || field.kind === 'quoted' || field.text === '*')) return;
    const open = tokens.findIndex((_, k) => k < i && tokens[k]!.text === '(' && closingParen(tokens, k) === i);
    if (open < 0) return;
    // A call's parentheses (`f(x).y`) are not an expression's.
    if (
      tokens[open - 1]?.kind === 'word' &&
      !/^(SELECT|AND|OR|NOT|WHERE|ON|THEN|ELSE|WHEN)$/i.test(tokens[open - 1]!.text)
    )
      return;
    const name = field.text;
    const builder = markers.open('a field selection', ([expr]) => ({ type: 'field_selection', expr, field: name }));
    substitutions.push(
      { start: tokens[open]!.start, end: tokens[open]!.start, replacement: builder, order: -1 },
      { start: token.end, end: field.end, replacement: ')' },
    );
  });
}

/**
 * `x AT TIME ZONE INTERVAL '+08:00'` and `x AT LOCAL`: the zone is given to the parser as a string marker (it reads a
 * string there) and put back, in the grammar's shape for AT TIME ZONE (an `options` list on the operand): the interval,
 * or for AT LOCAL `[{type: 'origin', value: 'at local'}]`.
 */
function timeZones({ tokens, substitutions, fixups }: FormContext): void {
  const zones: Array<AstNode | null> = [];
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'AT')) return;
    const marker = `'sqltune_zone_${zones.length}'`;
    if (isKeyword(tokens[i + 1], 'LOCAL')) {
      substitutions.push({ start: token.start, end: tokens[i + 1]!.end, replacement: `AT TIME ZONE ${marker}` });
      zones.push(null);
    } else if (
      isKeyword(tokens[i + 1], 'TIME') &&
      isKeyword(tokens[i + 2], 'ZONE') &&
      isKeyword(tokens[i + 3], 'INTERVAL')
    ) {
      const value = tokens[i + 4];
      if (value?.kind !== 'string') return;
      substitutions.push({ start: tokens[i + 3]!.start, end: value.end, replacement: marker });
      zones.push({ type: 'interval', expr: { type: 'single_quote_string', value: value.text.slice(1, -1) }, unit: '' });
    }
  });
  if (zones.length === 0) return;
  fixups.push((ast) => {
    let restored = 0;
    walk(ast, ({ node }) => {
      const list = node.type === 'expr_list' && Array.isArray(node.value) ? (node.value as AstNode[]) : [];
      const zone = list[1];
      const written = isNode(zone) && typeof zone.value === 'string' ? zone.value : '';
      if (list.length !== 2 || !written.startsWith('sqltune_zone_')) return undefined;
      const replacement = zones[Number(written.slice('sqltune_zone_'.length))];
      if (replacement) list[1] = replacement;
      else node.value = [{ type: 'origin', value: 'at local' }];
      restored++;
      return undefined;
    });
    if (restored !== zones.length) throw notRead('AT TIME ZONE', 'AT');
  });
}

/** Words before a parenthesis that are not a call's name, and the grammar's own readers of ORDER BY in a call. */
const NOT_ORDERED_AGGREGATES = new Set([
  'STRING_AGG',
  'ARRAY_AGG',
  'OVER',
  'GROUP',
  'WITHIN',
  'FILTER',
  'AS',
  'ARRAY',
  'IN',
  'EXISTS',
  'ANY',
  'ALL',
  'SOME',
  'LATERAL',
  'FROM',
  'JOIN',
  'USING',
  'ON',
  'VALUES',
  'WINDOW',
]);

/** Whether `name(` opens an aggregate call whose arguments may end in ORDER BY (not a query in parentheses). */
function aggregateMayOrder(name: string, first: Token | undefined): boolean {
  if (NOT_ORDERED_AGGREGATES.has(name)) return false;
  return !(first?.text === '(' || ['SELECT', 'WITH', 'VALUES', 'TABLE'].some((word) => isKeyword(first, word)));
}

/** count(ALL x); aggregates with ORDER BY; hypothetical-set aggregates; extract('field' FROM x). */
function aggregateForms(context: FormContext): void {
  const { tokens, substitutions, markers } = context;
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || tokens[i + 1]?.text !== '(' || tokens[i - 1]?.text === '.') return;
    const name = token.text.toUpperCase();
    const close = closingParen(tokens, i + 1);
    if (close < 0) return;
    if (name === 'COUNT' && isKeyword(tokens[i + 2], 'ALL')) {
      substitutions.push({ start: tokens[i + 2]!.start, end: tokens[i + 2]!.end, replacement: '' });
    }
    if (name === 'EXTRACT' && tokens[i + 2]?.kind === 'string' && isKeyword(tokens[i + 3], 'FROM')) {
      substitutions.push({
        start: tokens[i + 2]!.start,
        end: tokens[i + 2]!.end,
        replacement: tokens[i + 2]!.text.slice(1, -1),
      });
    }
    // f(args ORDER BY ...): any aggregate takes it (sum, min, json_agg, a user's own...); the grammar reads only
    // string_agg's and array_agg's. Parentheses after a keyword (OVER, WITHIN GROUP, a window's AS) or around a
    // query hold an ORDER BY of their own.
    const order = atDepth(tokens, i + 2, (t, k) => isKeyword(t, 'ORDER') && isKeyword(tokens[k + 1], 'BY'), close);
    if (order > 0 && aggregateMayOrder(name, tokens[i + 2])) {
      const items = fragment(context, 'SELECT 1 ', tokens[order]!.start, tokens[close - 1]!.end);
      if (!items || !Array.isArray(items.orderby)) return;
      const orderby = items.orderby;
      const open = markers.open('an aggregate with ORDER BY', ([call]) => {
        const args = call!.args as AstNode;
        if (call!.type === 'aggr_func') args.orderby = orderby;
        else call!.orderby = orderby;
        return call!;
      });
      substitutions.push(
        { start: token.start, end: token.start, replacement: open, order: -1 },
        { start: tokens[order]!.start, end: tokens[close - 1]!.end, replacement: '' },
        { start: tokens[close]!.end, end: tokens[close]!.end, replacement: ')', order: 1 },
      );
    }
    // Hypothetical-set aggregates: rank(v) WITHIN GROUP (ORDER BY x), as the grammar gives percentile_cont's.
    if (['RANK', 'DENSE_RANK', 'PERCENT_RANK', 'CUME_DIST'].includes(name) && isKeyword(tokens[close + 1], 'WITHIN')) {
      const groupClose = closingParen(tokens, close + 3);
      const items = fragment(context, 'SELECT 1 ', tokens[close + 4]!.start, tokens[groupClose - 1]!.end);
      if (!items || !Array.isArray(items.orderby)) return;
      const orderby = items.orderby;
      const open = markers.open('WITHIN GROUP', (args) => ({
        type: 'aggr_func',
        name,
        args: { expr: args.length === 1 ? args[0] : { type: 'expr_list', value: args } },
        within_group_orderby: orderby,
        over: null,
      }));
      substitutions.push(
        { start: token.start, end: tokens[i + 1]!.end, replacement: open },
        { start: tokens[close]!.end, end: tokens[groupClose]!.end, replacement: '' },
      );
    }
  });
}

/** Calls with keywords among their arguments: SQL/JSON constructors and queries, XML functions. */
const KEYWORD_CALLS = new Set([
  'JSON_OBJECT',
  'JSON_ARRAY',
  'JSON_ARRAYAGG',
  'JSON_OBJECTAGG',
  'JSON_EXISTS',
  'JSON_QUERY',
  'JSON_VALUE',
  'JSON',
  'JSON_SCALAR',
  'JSON_SERIALIZE',
  'XMLELEMENT',
  'XMLATTRIBUTES',
  'XMLFOREST',
  'XMLPARSE',
  'XMLSERIALIZE',
  'XMLROOT',
  'XMLEXISTS',
  'XMLAGG',
]);

/**
 * Such a call is read as a call of its expressions; the keyword clauses among them (`ABSENT ON NULL`, `RETURNING
 * jsonb`, `name x`, `content`, `AS text`...) are left out for the parser and kept in order as `{type: 'origin',
 * value}` arguments; `k VALUE v` and `k : v` pairs are `{type: 'expr_list', value: [k, v], separator: 'VALUE'}`.
 */
function keywordCalls(context: FormContext): void {
  const { tokens, substitutions, markers } = context;
  tokens.forEach((token, i) => {
    const name = token.kind === 'word' ? token.text.toUpperCase() : '';
    if (!KEYWORD_CALLS.has(name) || tokens[i + 1]?.text !== '(' || tokens[i - 1]?.text === '.') return;
    const close = closingParen(tokens, i + 1);
    if (close < 0) return;
    // Keywords only: a plain call (JSON_ARRAY(a, b)) is the grammar's own.
    const inside = tokens.slice(i + 2, close);
    let depth = 0;
    const keywordAt = inside.some((t) => {
      if (t.text === '(') depth++;
      else if (t.text === ')') depth--;
      return (
        depth === 0 &&
        (t.text === ':' ||
          /^(VALUE|ON|RETURNING|WITH|WITHOUT|NAME|CONTENT|DOCUMENT|AS|ORDER|PASSING|FORMAT|KEYS|UNIQUE|DEFAULT|ERROR|EMPTY|WRAPPER|QUOTES|OMIT|KEEP|VERSION|STANDALONE|INDENT|NO)$/i.test(
            t.text,
          ))
      );
    });
    if (!keywordAt) return;
    const pieces = splitArguments(tokens, i + 2, close);
    const written = token.text;
    const open = markers.open(written, (args) => {
      let n = 0;
      const value = pieces.map((piece) => {
        if (piece.kind === 'origin') return { type: 'origin', value: piece.text };
        if (piece.kind === 'pair') {
          return { type: 'expr_list', value: [args[n++], args[n++]], separator: piece.separator.text };
        }
        return args[n++]!;
      });
      return {
        type: 'function',
        name: { name: [{ type: 'default', value: written }] },
        args: { type: 'expr_list', value },
      };
    });
    substitutions.push({ start: token.start, end: tokens[i + 1]!.end, replacement: open });
    // What the parser is given: the expressions, separated by commas (a pair's separator becomes one).
    for (const piece of pieces) {
      if (piece.kind === 'pair')
        substitutions.push({
          start: tokens[piece.separator.at]!.start,
          end: tokens[piece.separator.at]!.end,
          replacement: ',',
        });
      if (piece.kind === 'origin') {
        const [first, last] = piece.range;
        substitutions.push({ start: tokens[first]!.start, end: tokens[last]!.end, replacement: '' });
      }
    }
  });
}

type Piece =
  | { kind: 'origin'; text: string; range: [number, number] }
  | { kind: 'expr' }
  | { kind: 'pair'; separator: { text: string; at: number } };

const CLAUSE_START =
  /^(ABSENT|NULL|RETURNING|WITH|WITHOUT|ORDER|PASSING|FORMAT|DEFAULT|ERROR|EMPTY|KEEP|OMIT|TRUE|FALSE|UNKNOWN|VERSION|STANDALONE|INDENT|NO)$/i;

/**
 * The arguments of a keyword call, in order: expressions, pairs and keyword clauses (an origin piece's range is left
 * out for the parser, with the comma that separates it from the next argument when it is a whole argument).
 */
function splitArguments(tokens: Token[], from: number, close: number): Piece[] {
  const pieces: Piece[] = [];
  const segments: Array<[number, number]> = [];
  let depth = 0;
  let start = from;
  for (let k = from; k <= close; k++) {
    const t = tokens[k]!.text;
    if (k < close && t === '(') depth++;
    else if (k < close && t === ')') depth--;
    if (k === close || (t === ',' && depth === 0)) {
      if (k > start) segments.push([start, k - 1]);
      start = k + 1;
    }
  }
  const words = (a: number, b: number) =>
    tokens
      .slice(a, b + 1)
      .map((t) => t.text)
      .join(' ')
      .replace(/ \( /g, '(')
      .replace(/ \)/g, ')');
  segments.forEach(([first, last], n) => {
    let k = first;
    // A leading keyword clause: `name x` (XML), `content '<a/>'` (its expression follows).
    if (/^(NAME|CONTENT|DOCUMENT)$/i.test(tokens[k]!.text) && k < last) {
      const whole = isKeyword(tokens[k], 'NAME');
      const end = whole ? k + 1 : k;
      // A whole argument left out takes its comma with it.
      const comma = whole && end === last && n < segments.length - 1 ? last + 1 : end;
      pieces.push({ kind: 'origin', text: words(k, end), range: [k, comma] });
      k = end + 1;
      if (k > last) return;
    }
    let d = 0;
    let end = last;
    let separator = -1;
    for (let j = k; j <= last; j++) {
      const t = tokens[j]!;
      if (t.text === '(') d++;
      else if (t.text === ')') d--;
      if (d !== 0 || j === k) continue;
      const pairs = t.text === ':' || isKeyword(t, 'VALUE');
      if (separator < 0 && pairs && tokens[j + 1]?.text !== ':' && tokens[j - 1]?.text !== ':') separator = j;
      else if (CLAUSE_START.test(t.text) || isKeyword(t, 'AS') || isKeyword(t, 'ON')) {
        end = j - 1;
        break;
      }
    }
    if (separator > 0 && separator < end)
      pieces.push({ kind: 'pair', separator: { text: tokens[separator]!.text.toUpperCase(), at: separator } });
    else pieces.push({ kind: 'expr' });
    if (end < last) pieces.push({ kind: 'origin', text: words(end + 1, last), range: [end + 1, last] });
  });
  return pieces;
}

/** `x IS [NOT] JSON [VALUE | SCALAR | ARRAY | OBJECT] [WITH | WITHOUT UNIQUE [KEYS]]` (PostgreSQL 16). */
function isJson({ tokens, substitutions, markers, fixups }: FormContext): void {
  let found = false;
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'IS')) return;
    const not = isKeyword(tokens[i + 1], 'NOT');
    let k = not ? i + 2 : i + 1;
    if (!isKeyword(tokens[k], 'JSON')) return;
    const words = ['JSON'];
    k++;
    if (/^(VALUE|SCALAR|ARRAY|OBJECT)$/i.test(tokens[k]?.text ?? '')) words.push(tokens[k++]!.text.toUpperCase());
    if ((isKeyword(tokens[k], 'WITH') || isKeyword(tokens[k], 'WITHOUT')) && isKeyword(tokens[k + 1], 'UNIQUE')) {
      words.push(tokens[k]!.text.toUpperCase(), 'UNIQUE');
      k += 2;
      if (isKeyword(tokens[k], 'KEYS')) {
        words.push('KEYS');
        k++;
      }
    }
    const operator = not ? 'IS NOT' : 'IS';
    const value = words.join(' ');
    // `= <marker>`: a comparison the tree holds where IS stands, then given IS and its predicate back.
    const marker = markers.call('IS JSON', () => ({ type: 'origin', value, sqltune_is: operator }));
    substitutions.push({ start: token.start, end: tokens[k - 1]!.end, replacement: `= ${marker}` });
    found = true;
  });
  if (!found) return;
  fixups.push((ast) =>
    walk(ast, ({ node }) => {
      if (node.type !== 'binary_expr' || !isNode(node.right) || !node.right.sqltune_is) return undefined;
      if (node.operator !== '=') throw notRead('IS JSON', 'JSON');
      node.operator = node.right.sqltune_is;
      delete node.right.sqltune_is;
      return undefined;
    }),
  );
}

/** INSERT INTO t (a, b.field, c[1]): the column list's fields and subscripts (`subfield`). */
function insertColumnPaths({ tokens, substitutions, fixups }: FormContext): void {
  if (!isKeyword(tokens[0], 'INSERT')) return;
  // The column list follows the table name (INSERT INTO t (...), INSERT INTO t AS a (...)).
  const open = isKeyword(tokens[3], 'AS') ? 5 : 3;
  if (tokens[open]?.text !== '(' || isKeyword(tokens[open + 1], 'SELECT')) return;
  const close = closingParen(tokens, open);
  const paths = new Map<number, string>();
  let column = 0;
  for (let k = open + 1; k < close; k++) {
    if (tokens[k]!.text === ',') {
      column++;
      continue;
    }
    const word = tokens[k]!;
    const dot = word.kind === 'word' ? word.text.indexOf('.') : -1;
    if (dot > 0) {
      paths.set(column, word.text.slice(dot));
      substitutions.push({ start: word.start + dot, end: word.end, replacement: '' });
    } else if (tokens[k + 1]?.text === '[') {
      const end = tokens.findIndex((t, j) => j > k && t.text === ']');
      paths.set(column, joined(k + 1, end));
      substitutions.push({ start: tokens[k + 1]!.start, end: tokens[end]!.end, replacement: '' });
      k = end;
    }
  }
  function joined(a: number, b: number): string {
    return tokens
      .slice(a, b + 1)
      .map((t) => t.text)
      .join('');
  }
  if (paths.size === 0) return;
  fixups.push((ast) => {
    const columns = Array.isArray(ast.columns) ? ast.columns : [];
    for (const [index, path] of paths) {
      const entry = columns[index];
      if (!isNode(entry)) throw notRead('this column list', 'INSERT');
      entry.subfield = path;
    }
  });
}

/** PostgreSQL 18: `RETURNING WITH (OLD AS o, NEW AS n) ...`: the RETURNING clause's `with`. */
function returningWith({ tokens, substitutions, fixups, text }: FormContext): void {
  const at = tokens.findIndex(
    (t, i) => isKeyword(t, 'RETURNING') && isKeyword(tokens[i + 1], 'WITH') && tokens[i + 2]?.text === '(',
  );
  if (at < 0) return;
  const close = closingParen(tokens, at + 2);
  const written = text.slice(tokens[at + 2]!.start, tokens[close]!.end).replace(/\s+/g, ' ');
  substitutions.push({ start: tokens[at + 1]!.start, end: tokens[close]!.end, replacement: '' });
  fixups.push((ast) => {
    if (isNode(ast.returning)) ast.returning.with = { type: 'origin', value: written };
  });
}
