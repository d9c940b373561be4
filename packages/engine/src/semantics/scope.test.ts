import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { type AstNode, columnRef, walk } from '../model/ast.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import {
  cteName,
  cteReads,
  ctesVisibleIn,
  groupKeyMeaning,
  holdsSetOperationOrder,
  isCorrelated,
  type KeyMeaning,
  orderKeyMeaning,
  queryScopes,
  querySources,
  type Resolution,
  resolve,
  resolveColumn,
  selectItemKeys,
  selectQueries,
  statementQueries,
} from './scope.ts';

const schema = parseSchema(
  `CREATE TABLE orders (o_orderkey INT, o_custkey INT, o_orderdate DATE, o_note VARCHAR(20));
   CREATE TABLE customer (c_custkey INT, c_name VARCHAR(25));
   CREATE TABLE lineitem (l_orderkey INT, l_note VARCHAR(20));`,
  'mysql',
);

/** Resolves the first reference to `column` (as written, `t.c` or `c`) found in the statement, in its own query. */
function resolveIn(sql: string, written: string, dialect: Dialect = 'mysql'): Resolution {
  const [statement] = parseStatements(sql, dialect);
  const ast = statement!.ast;
  const [table, column] = written.includes('.') ? written.split('.') : [null, written];
  for (const { query } of queryScopes(ast)) {
    let found: AstNode | undefined;
    walk(query, ({ node }) => {
      if (found || (node !== query && node.type === 'select')) return false;
      const ref = columnRef(node);
      if (ref && ref.column === column && ref.table === table) found = node;
      return undefined;
    });
    if (found) return resolve(ast, schema, query, columnRef(found)!);
  }
  throw new Error(`no reference ${written}`);
}

function summary(resolution: Resolution): string {
  if (resolution.kind !== 'local' && resolution.kind !== 'outer') return resolution.kind;
  return `${resolution.kind} ${resolution.source.name} ${resolution.column?.type ?? '?'}`;
}

describe('scope resolution', () => {
  it.each(['mysql', 'postgresql'] as const)('a CTE shadows the table of its name (%s)', (dialect) => {
    const sql =
      'WITH orders AS (SELECT o_orderkey, o_note AS o_orderdate FROM orders) SELECT o_orderkey FROM orders WHERE o_orderdate > 1';
    expect(summary(resolveIn(sql, 'o_orderdate', dialect))).toBe('local orders VARCHAR');
    expect(summary(resolveIn('SELECT 1 FROM orders WHERE o_orderdate > 1', 'o_orderdate', dialect))).toBe(
      'local orders DATE',
    );
  });

  it('never answers with the shadowed table for resolveColumn', () => {
    const [statement] = parseStatements(
      'WITH orders AS (SELECT o_note AS o_orderdate FROM orders) SELECT 1 FROM orders WHERE o_orderdate > 1',
      'mysql',
    );
    const ref = { table: null, column: 'o_orderdate' };
    expect(resolveColumn(statement!.ast, schema, statement!.ast, ref)).toBeUndefined();
    const [plain] = parseStatements('SELECT 1 FROM orders WHERE o_orderdate > 1', 'mysql');
    expect(resolveColumn(plain!.ast, schema, plain!.ast, ref)?.table).toBe('orders');
  });

  it('reads a CTE column list by position', () => {
    const sql = 'WITH c (k, d) AS (SELECT o_orderkey, o_orderdate FROM orders) SELECT k FROM c WHERE c.d > 1';
    expect(summary(resolveIn(sql, 'c.d'))).toBe('local c DATE');
  });

  it('knows a derived table by its output columns', () => {
    const sql = 'SELECT n FROM (SELECT c_name AS n FROM customer) d, orders WHERE n = o_note';
    expect(summary(resolveIn(sql, 'n'))).toBe('local d VARCHAR');
    expect(summary(resolveIn(sql, 'o_note'))).toBe('local orders VARCHAR');
    // An expression without a name hides the derived table's columns.
    expect(resolveIn('SELECT o_note FROM (SELECT c_name, 1 + 1 FROM customer) d, orders', 'o_note').kind).toBe('local');
    expect(resolveIn('SELECT zz FROM (SELECT c_name, 1 + 1 FROM customer) d, orders', 'zz').kind).toBe('unknown');
  });

  it('tells outer references of a correlated subquery from local ones', () => {
    const sql =
      'SELECT o_orderkey FROM orders o WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l_orderkey = o.o_orderkey)';
    expect(summary(resolveIn(sql, 'o.o_orderkey'))).toBe('outer o INT');
    expect(summary(resolveIn(sql, 'l_orderkey'))).toBe('local l INT');
    // An aliased table is seen by its alias only: `orders.x` beside `FROM orders o` is the outer orders.
    const shadow = 'SELECT 1 FROM orders WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = orders.o_custkey)';
    expect(summary(resolveIn(shadow, 'orders.o_custkey'))).toBe('outer orders INT');
    const [statement] = parseStatements(shadow, 'mysql');
    const subquery = queryScopes(statement!.ast).find((s) => s.kind === 'expression')!.query;
    expect(isCorrelated(statement!.ast, schema, subquery)).toBe(true);
    const [plain] = parseStatements(
      'SELECT 1 FROM orders WHERE EXISTS (SELECT 1 FROM lineitem WHERE l_note = 1)',
      'mysql',
    );
    const uncorrelated = queryScopes(plain!.ast).find((s) => s.kind === 'expression')!.query;
    expect(isCorrelated(plain!.ast, schema, uncorrelated)).toBe(false);
  });

  it('answers ambiguous, unknown and missing', () => {
    expect(resolveIn('SELECT o_note FROM orders, lineitem WHERE l_note = o_note', 'o_note').kind).toBe('local');
    expect(resolveIn('SELECT 1 FROM orders a, orders b WHERE o_note = 1', 'o_note').kind).toBe('ambiguous');
    expect(resolveIn('SELECT 1 FROM orders, mystery WHERE zz = 1', 'zz').kind).toBe('unknown');
    expect(resolveIn('SELECT 1 FROM orders WHERE zz = 1', 'zz').kind).toBe('missing');
  });

  it('reads UPDATE targets and comma joins', () => {
    expect(
      summary(resolveIn('UPDATE orders o, customer c SET o.o_note = c.c_name WHERE o.o_custkey = 1', 'c.c_name')),
    ).toBe('local c VARCHAR');
    expect(summary(resolveIn('DELETE FROM orders WHERE o_orderdate < 1', 'o_orderdate'))).toBe('local orders DATE');
  });

  describe.each(['mysql', 'postgresql'] as const)('a CTE is read only where SQL makes it visible (%s)', (dialect) => {
    // The CTE `orders` gives o_orderdate as VARCHAR; the table's is a DATE.
    const cte = 'orders AS (SELECT o_note AS o_orderdate, o_orderkey FROM lineitem, orders)';
    const at = (sql: string, written: string) => summary(resolveIn(sql, written, dialect));

    it('in the WITH query, its later siblings and the queries nested in them', () => {
      expect(at(`WITH ${cte} SELECT 1 FROM orders o1 WHERE o1.o_orderdate > 1`, 'o1.o_orderdate')).toBe(
        'local o1 VARCHAR',
      );
      expect(at(`WITH ${cte}, b AS (SELECT o2.o_orderdate FROM orders o2) SELECT 1 FROM b`, 'o2.o_orderdate')).toBe(
        'local o2 VARCHAR',
      );
      const nested = `WITH ${cte} SELECT 1 FROM customer WHERE EXISTS (SELECT 1 FROM orders o3 WHERE o3.o_orderdate > 1)`;
      expect(at(nested, 'o3.o_orderdate')).toBe('local o3 VARCHAR');
    });

    it('not in an earlier sibling, nor in its own body, unless RECURSIVE', () => {
      expect(at(`WITH a AS (SELECT o4.o_orderdate FROM orders o4), ${cte} SELECT 1 FROM a`, 'o4.o_orderdate')).toBe(
        'local o4 DATE',
      );
      expect(at('WITH orders AS (SELECT o8.o_orderdate FROM orders o8) SELECT 1 FROM orders', 'o8.o_orderdate')).toBe(
        'local o8 DATE',
      );
      const ownRecursive =
        'WITH RECURSIVE orders AS (SELECT o_note AS o_orderdate FROM lineitem UNION ALL SELECT o9.o_orderdate FROM orders o9) SELECT 1 FROM orders';
      expect(at(ownRecursive, 'o9.o_orderdate')).toBe('local o9 ?');
      const recursive =
        'WITH RECURSIVE a AS (SELECT o5.o_orderdate FROM orders o5), orders AS (SELECT c_name AS o_orderdate FROM customer) SELECT 1 FROM a';
      expect(at(recursive, 'o5.o_orderdate')).toBe('local o5 VARCHAR');
    });

    it('not in the query around the one that defines it; the nearest definition of a name wins', () => {
      const inner = `SELECT 1 FROM orders o6 WHERE o6.o_orderdate > 1 AND EXISTS (WITH ${cte} SELECT 1 FROM orders o7 WHERE o7.o_orderdate > 1)`;
      expect(at(inner, 'o6.o_orderdate')).toBe('local o6 DATE');
      expect(at(inner, 'o7.o_orderdate')).toBe('local o7 VARCHAR');
      const twice = `WITH x AS (SELECT o_orderdate AS d FROM orders) SELECT x1.d FROM x x1 WHERE EXISTS (WITH x AS (SELECT c_name AS d FROM customer) SELECT 1 FROM x x2 WHERE x2.d = 1)`;
      expect(at(twice, 'x1.d')).toBe('local x1 DATE');
      expect(at(twice, 'x2.d')).toBe('local x2 VARCHAR');
    });

    it('knows no columns of a name one WITH list defines twice', () => {
      const [statement] = parseStatements(
        'WITH x AS (SELECT 1 AS d), x AS (SELECT 2 AS d) SELECT x1.d FROM x x1',
        dialect,
      );
      const ast = statement!.ast;
      expect(ctesVisibleIn(ast, ast).get('x')).toBeNull();
      expect(
        resolveIn('WITH x AS (SELECT 1 AS d), x AS (SELECT 2 AS d) SELECT x1.d FROM x x1', 'x1.d', dialect).kind,
      ).toBe('local');
    });
  });

  describe("statementQueries, the one enumerator of a statement's queries", () => {
    const firstTable = (query: AstNode) => {
      const from = (query.from ?? query.table) as AstNode[] | undefined;
      return String(from?.[0]?.table ?? '-');
    };

    it('gives every query in tree order with its key and ancestors; selectQueries only the SELECTs', () => {
      const [statement] = parseStatements(
        'WITH c AS (SELECT 1 FROM lineitem) SELECT 1 FROM orders WHERE o_custkey IN (SELECT c_custkey FROM customer) UNION SELECT 1 FROM c',
        'postgresql',
      );
      const ast = statement!.ast;
      const placed = statementQueries(ast);
      expect(placed.map(({ query }) => firstTable(query))).toEqual(['orders', 'lineitem', 'customer', 'c']);
      expect(placed[0]!.ancestors).toEqual([]);
      expect(placed[2]!.ancestors[0]).toBe(ast);
      expect(selectQueries(ast)).toEqual(placed.map(({ query }) => query));
      expect(new Set(selectQueries(ast))).toEqual(new Set(queryScopes(ast).map(({ query }) => query)));
    });

    it('counts UPDATE and DELETE as queries, not as SELECTs', () => {
      const [update] = parseStatements(
        'UPDATE orders SET o_note = 1 WHERE o_custkey IN (SELECT c_custkey FROM customer)',
        'mysql',
      );
      expect(statementQueries(update!.ast).map(({ query }) => query.type)).toEqual(['update', 'select']);
      expect(selectQueries(update!.ast).map(firstTable)).toEqual(['customer']);
      const [remove] = parseStatements('DELETE FROM orders WHERE o_custkey = 1', 'mysql');
      expect(statementQueries(remove!.ast).map(({ query }) => query.type)).toEqual(['delete']);
      expect(selectQueries(remove!.ast)).toEqual([]);
    });
  });
  describe('reads of CTEs, by the queries that see them', () => {
    const counts = (sql: string, dialect: Dialect) => {
      const [statement] = parseStatements(sql, dialect);
      const ast = statement!.ast;
      const byName: Record<string, number> = {};
      for (const [cte, reads] of cteReads(ast, schema)) byName[cteName(cte)!] = reads.total;
      return byName;
    };

    it.each(['mysql', 'postgresql'] as const)(
      'counts reads in the statement, subqueries and later bodies (%s)',
      (dialect) => {
        const sql =
          'WITH c AS (SELECT o_orderkey FROM orders), d AS (SELECT o_orderkey FROM c) SELECT 1 FROM c JOIN d ON d.o_orderkey = c.o_orderkey WHERE EXISTS (SELECT 1 FROM c c2)';
        expect(counts(sql, dialect)).toEqual({ c: 3, d: 1 });
      },
    );

    it('counts once per tree and schema: the rules of one analysis share the answer', () => {
      const [statement] = parseStatements('WITH c AS (SELECT o_orderkey FROM orders) SELECT 1 FROM c', 'mysql');
      const [again] = parseStatements('WITH c AS (SELECT o_orderkey FROM orders) SELECT 1 FROM c', 'mysql');
      const first = cteReads(statement!.ast, schema);
      expect(cteReads(statement!.ast, schema)).toBe(first);
      // Another tree of the same text, or another schema, is counted anew.
      const otherSchema = parseSchema('CREATE TABLE orders (o_orderkey INT PRIMARY KEY)', 'mysql');
      expect(cteReads(statement!.ast, otherSchema)).not.toBe(first);
      expect(again!.ast).not.toBe(statement!.ast);
      expect(cteReads(again!.ast, schema)).not.toBe(first);
    });

    it.each(['mysql', 'postgresql'] as const)(
      'does not count the table a non-recursive body reads under its name (%s)',
      (dialect) => {
        // Inside its own body `orders` is the table; the statement reads the CTE once.
        expect(counts('WITH orders AS (SELECT o_orderkey FROM orders) SELECT 1 FROM orders', dialect)).toEqual({
          orders: 1,
        });
        expect(counts('WITH c AS (SELECT 1 AS one) SELECT 1 FROM orders', dialect)).toEqual({});
      },
    );

    it('gives each query its sources with the CTE each name is', () => {
      const [statement] = parseStatements('WITH c AS (SELECT 1 AS k) SELECT 1 FROM c, orders', 'postgresql');
      const ast = statement!.ast;
      const sources = querySources(ast, schema, ast);
      expect(sources.map((s) => [s.name, s.cte, !!s.def])).toEqual([
        ['c', true, false],
        ['orders', false, true],
      ]);
      expect(sources[0]!.definition).toBe((ast.with as AstNode[])[0]);
    });
  });

  describe.each(['mysql', 'postgresql'] as const)('what an ORDER BY or GROUP BY item stands for (%s)', (dialect) => {
    /** Each key of the clause: `item`/`input` and the column it reads, or the node type of an expression. */
    const meanings = (sql: string, clause: 'order' | 'group') => {
      const ast = parseStatements(sql, dialect)[0]!.ast;
      const shown = (meaning: KeyMeaning | undefined) => {
        if (!meaning) return 'unknown';
        const ref = columnRef(meaning.expr);
        const read = ref ? [ref.table, ref.column].filter(Boolean).join('.') : meaning.expr.type;
        return `${meaning.item ? 'item' : 'input'} ${read}`;
      };
      if (clause === 'order') {
        return (ast.orderby as AstNode[]).map((o) => shown(orderKeyMeaning(ast, o.expr as AstNode)));
      }
      const sources = querySources(ast, schema, ast);
      const groupby = ast.groupby as AstNode;
      const keys = (Array.isArray(groupby) ? groupby : groupby.columns) as AstNode[];
      return keys.map((key) => shown(groupKeyMeaning(ast, key, sources)));
    };

    it('reads an ORDER BY name as the output column of that name before a table column of that name', () => {
      const sql = 'SELECT o_custkey, COUNT(*) AS o_note FROM orders GROUP BY o_custkey ORDER BY o_note DESC';
      expect(meanings(sql, 'order')).toEqual(['item aggr_func']);
      // Without AS, and for an alias of another column.
      expect(
        meanings('SELECT o_custkey, COUNT(*) o_note FROM orders GROUP BY o_custkey ORDER BY o_note', 'order'),
      ).toEqual(['item aggr_func']);
      expect(meanings('SELECT o_orderdate AS o_note FROM orders ORDER BY o_note', 'order')).toEqual([
        'item o_orderdate',
      ]);
    });

    it('reads a qualified name, an expression and a name no select item has as input columns', () => {
      const sql = 'SELECT o_orderdate AS o_note FROM orders ORDER BY orders.o_note, o_custkey, o_note + 1';
      expect(meanings(sql, 'order')).toEqual(['input orders.o_note', 'input o_custkey', 'input binary_expr']);
    });

    it('reads a position as that select item, and not past a `*` or the end of the list', () => {
      expect(meanings('SELECT o_custkey, COUNT(*) FROM orders GROUP BY 1 ORDER BY 2, 1', 'order')).toEqual([
        'item aggr_func',
        'item o_custkey',
      ]);
      expect(meanings('SELECT o_custkey, COUNT(*) FROM orders GROUP BY 1 ORDER BY 1', 'group')).toEqual([
        'item o_custkey',
      ]);
      expect(meanings('SELECT *, o_note FROM orders ORDER BY 2, 3', 'order')).toEqual(['unknown', 'unknown']);
      expect(meanings('SELECT o_note FROM orders ORDER BY 2', 'order')).toEqual(['unknown']);
    });

    it('leaves a name two different select items give unknown, and one both give the same way that item', () => {
      expect(meanings('SELECT o_custkey AS k, o_orderdate AS k FROM orders ORDER BY k', 'order')).toEqual(['unknown']);
      expect(meanings('SELECT o_custkey AS k, o_custkey AS k FROM orders ORDER BY k', 'order')).toEqual([
        'item o_custkey',
      ]);
    });

    it('reads a GROUP BY name as the table column first, else the output column of that name', () => {
      // Both databases group by orders.o_note here (MariaDB warns that the name is ambiguous).
      expect(meanings('SELECT o_orderdate AS o_note, COUNT(*) FROM orders GROUP BY o_note', 'group')).toEqual([
        'input o_note',
      ]);
      expect(meanings('SELECT o_orderdate AS d, COUNT(*) FROM orders GROUP BY d', 'group')).toEqual([
        'item o_orderdate',
      ]);
      // A table the schema does not know might have the name too.
      expect(meanings('SELECT o_orderdate AS d, COUNT(*) FROM orders, unknown_table GROUP BY d', 'group')).toEqual([
        'unknown',
      ]);
    });

    it("tells the last branch holding a set operation's ORDER BY from a branch with its own", () => {
      const holders = (sql: string) => {
        const ast = parseStatements(sql, dialect)[0]!.ast;
        return selectQueries(ast).map((query) => holdsSetOperationOrder(ast, query));
      };
      expect(holders('SELECT o_note FROM orders UNION SELECT l_note FROM lineitem ORDER BY 1')).toEqual([false, true]);
      expect(
        holders('(SELECT o_note FROM orders) UNION (SELECT l_note FROM lineitem ORDER BY l_note LIMIT 1) ORDER BY 1'),
      ).toEqual([false, false]);
      expect(holders('SELECT o_note FROM orders ORDER BY o_note')).toEqual([false]);
    });

    it('lists the keys that stand for a select item, which read no column of their own', () => {
      const ast = parseStatements(
        'SELECT o_orderdate AS d, COUNT(*) AS o_note FROM orders GROUP BY d, o_custkey ORDER BY o_note, o_custkey',
        dialect,
      )[0]!.ast;
      const keys = [...selectItemKeys(ast, querySources(ast, schema, ast))].map((k) => columnRef(k)?.column);
      expect(keys.sort()).toEqual(['d', 'o_note']);
    });
  });
});
