import type { Dialect } from '@sqltune/contracts';
import type { AstNode } from '../../model/ast.ts';
import { MYSQL_RESERVED } from '../../semantics/reserved-words.ts';
import { NotCovered, type ReaderToken, readerTokens } from './tokens.ts';

/**
 * A recursive-descent reader for the queries most statements are made of, building the same tree node-sql-parser
 * gives for them (after the engine's own corrections: AND/OR precedence, see logical-precedence.ts), about 25
 * times as fast (TPC statements, both dialects: 7,000-8,000 a second against 280-290). Parsing was most of the
 * engine's work: every statement is read, and every rewrite step reads its result again.
 *
 * Locations: node-sql-parser's MySQL grammar locates column references, table items, COUNT, LIMIT and queries,
 * its PostgreSQL grammar does not. The reader locates them in both dialects, as the MySQL grammar does, so findings
 * on PostgreSQL statements get a place in the text too (everything else is located exactly as node-sql-parser
 * locates it).
 *
 * It covers SELECT queries: WITH, set operations, joins, derived tables, subqueries, CASE, CAST, EXTRACT, calls
 * of a known list of functions and aggregates, the comparison, IN, BETWEEN, LIKE and IS NULL predicates, LIMIT
 * and ORDER BY. For anything else it throws NotCovered and the caller uses node-sql-parser: a form the reader does
 * not know is never guessed at, nor a form node-sql-parser reads its own way. `read-query.test.ts` holds it to
 * node-sql-parser's trees over every statement of the corpus and thousands of mutations of them (see `reading`
 * there for what "the same tree" allows).
 */
export function readQuery(text: string, dialect: Dialect): AstNode {
  return new QueryReader(text, dialect).statement();
}

/** Expressions and queries nested deeper than this are left to node-sql-parser (about 20 stack frames a level). */
const MAX_DEPTH = 150;

/** An expression with the tokens it spans, its own parentheses included (a node's `loc` leaves them out). */
interface Spanned {
  node: AstNode;
  first: number;
  last: number;
}

/** Words that end an expression or a FROM item, or mean something a bare name cannot: never read as names. */
const reserved = new Set(
  (
    'ALL AND ANY ARRAY AS ASC BETWEEN BINARY BOTH BY CASE CAST CHECK COLLATE COLUMN CONSTRAINT CREATE CROSS ' +
    'CURRENT CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER DATE DAY DEFAULT DELETE DESC DISTINCT DIV ' +
    'DO ELSE END ESCAPE EXCEPT EXISTS EXTRACT FALSE FETCH FILTER FIRST FOR FORCE FROM FULL GROUP HAVING ' +
    'HOUR IF IGNORE ILIKE IN INDEX INNER INSERT INTERSECT INTERVAL INTO IS ISNULL JOIN KEY LAST LATERAL LEADING ' +
    'LEFT LIKE LIMIT LOCALTIME LOCALTIMESTAMP LOCK MATCH MINUTE MINUS MOD MONTH NATURAL NEXT NOT NOTNULL NULL ' +
    'NULLS OFFSET ON ONLY OR ORDER OUTER OVER PARTITION PRIOR QUALIFY RANGE RECURSIVE REGEXP REPLACE RETURNING ' +
    'RIGHT RLIKE ROW ROWS SECOND SELECT SESSION_USER SET SIMILAR SOME STRAIGHT_JOIN SYMMETRIC TABLE THEN TIME ' +
    'TIMESTAMP TO TOP TRAILING TRUE DUAL UNION UNIQUE UNKNOWN UPDATE USE USER USING VALUES VARIADIC WHEN WHERE WINDOW ' +
    'WITH WITHIN XOR YEAR SOUNDS ANALYSE ANALYZE ASYMMETRIC AUTHORIZATION COLLATION CONCURRENTLY DEFERRABLE ' +
    'FREEZE INITIALLY PLACING PRIMARY REFERENCES TABLESAMPLE VERBOSE ' +
    // Type names, which node-sql-parser refuses as bare names in places.
    'BOOLEAN JSON JSONB INT INTEGER BIGINT SMALLINT TINYINT DECIMAL NUMERIC FLOAT DOUBLE REAL CHAR VARCHAR TEXT ' +
    'BLOB VARBINARY DATETIME UUID BIT SERIAL MONEY CALL'
  ).split(' '),
);

/**
 * MySQL's reserved words (its manual's list, semantics/reserved-words.ts): a table or column of one of these names
 * needs backticks. Also three that are not reserved but that node-sql-parser's MySQL grammar refuses as names.
 */
const mysqlReserved: ReadonlySet<string> = new Set([
  ...MYSQL_RESERVED,
  'SQL_BUFFER_RESULT',
  'SQL_CACHE',
  'SQL_NO_CACHE',
]);

/** Words node-sql-parser's PostgreSQL grammar refuses as names (PostgreSQL itself reserves few of them). */
const postgresqlReserved = new Set(
  'AT CONTAINS DROP EXPLAIN GLOBAL LOCAL RENAME SESSION SHOW TRUNCATE SQL_BUFFER_RESULT SQL_CACHE SQL_NO_CACHE'.split(
    ' ',
  ),
);

/** Aggregates node-sql-parser reads as `aggr_func` (name upper case, one argument). */
const aggregates = new Set(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX']);

/**
 * Functions read as plain calls `name(arg, ...)`, as node-sql-parser reads them in both dialects (checked one by
 * one in reader.test.ts). A function outside this list leaves the statement to node-sql-parser, which gives some
 * names a tree of their own.
 */
export const plainFunctions = new Set(
  (
    'ABS CEIL CEILING FLOOR ROUND SIGN SQRT POWER EXP LN LOG MOD GREATEST LEAST COALESCE NULLIF CONCAT LENGTH ' +
    'LOWER UPPER SUBSTR SUBSTRING LTRIM RTRIM REPLACE LPAD RPAD STDDEV STDDEV_SAMP STDDEV_POP VAR_SAMP ' +
    'VAR_POP DATE_ADD DATE_SUB DATEDIFF DATE_FORMAT DATE_TRUNC TO_CHAR TO_DATE NOW IFNULL GROUPING ROLLUP'
  ).split(' '),
);

/** Ranking functions: `name() OVER (...)`, which the PostgreSQL grammar reads as `window_func`. */
const rankings = new Set(['RANK', 'DENSE_RANK', 'ROW_NUMBER']);

const comparisons = new Set(['=', '<>', '!=', '<', '<=', '>', '>=']);

class QueryReader {
  private readonly tokens: ReaderToken[];
  private readonly mysql: boolean;
  private pos = 0;
  private depth = 0;
  private lineStarts: number[] | undefined;

  constructor(
    private readonly text: string,
    dialect: Dialect,
  ) {
    this.mysql = dialect === 'mysql';
    this.tokens = readerTokens(text, this.mysql);
  }

  statement(): AstNode {
    const query = this.query();
    if (this.isSymbol(';')) this.pos++;
    if (this.pos < this.tokens.length) throw new NotCovered(`text after the query: ${this.peek().text}`);
    return query;
  }

  // ---- queries

  /** `[WITH ...] SELECT ... [UNION ...]`, ORDER BY and LIMIT on the last branch (where node-sql-parser puts them). */
  private query(): AstNode {
    this.enter();
    try {
      return this.queryAt(this.pos);
    } finally {
      this.depth--;
    }
  }

  private queryAt(first: number): AstNode {
    const withList = this.isWord('WITH') ? this.withClause() : null;
    if (!this.isWord('SELECT')) throw new NotCovered('not a SELECT');
    if (withList) this.refuseParenthesizedFirstItem();
    const head = this.select(withList, first);
    let current = head;
    let firstOperator: string | undefined;
    for (;;) {
      const op = this.setOperator();
      if (!op) break;
      // INTERSECT binds tighter than UNION and EXCEPT; node-sql-parser chains them left to right. Mixed, they
      // are left to it.
      firstOperator ??= op.split(' ')[0];
      if (op.split(' ')[0] !== firstOperator && (op.startsWith('intersect') || firstOperator === 'intersect')) {
        throw new NotCovered('INTERSECT mixed with other set operators');
      }
      if (current.orderby !== null || hasLimit(current))
        throw new NotCovered('ORDER BY or LIMIT before a set operator');
      if (!this.isWord('SELECT')) throw new NotCovered('set operand is not a plain SELECT');
      this.refuseParenthesizedFirstItem();
      const next = this.select(null, this.pos);
      current._next = next;
      current.set_op = op;
      current = next;
    }
    return head;
  }

  private setOperator(): string | undefined {
    const word = this.peek()?.upper;
    if (word !== 'UNION' && word !== 'INTERSECT' && word !== 'EXCEPT') return undefined;
    this.pos++;
    if (this.isWord('DISTINCT')) throw new NotCovered(`${word} DISTINCT`);
    if (word !== 'UNION' && this.isWord('ALL')) throw new NotCovered(`${word} ALL`);
    return this.acceptWord('ALL') ? `${word.toLowerCase()} all` : word.toLowerCase();
  }

  private withClause(): AstNode[] {
    this.expectWord('WITH');
    if (this.isWord('RECURSIVE')) throw new NotCovered('WITH RECURSIVE');
    const items: AstNode[] = [];
    do {
      const cte = this.name();
      let columns: AstNode[] | null = null;
      if (this.isSymbol('(')) {
        this.pos++;
        columns = [];
        do {
          const column = this.pos;
          columns.push(this.columnRef(null, this.name(), column, column, true));
        } while (this.acceptSymbol(','));
        this.expectSymbol(')');
      }
      this.expectWord('AS');
      if (this.isWord('MATERIALIZED') || this.isWord('NOT')) throw new NotCovered('CTE materialization');
      this.expectSymbol('(');
      const query = this.query();
      this.expectSymbol(')');
      const name = { type: cte.quoted === '"' ? 'double_quote_string' : 'default', value: cte.value };
      if (cte.quoted === '`') throw new NotCovered('quoted CTE name');
      items.push({ name, stmt: this.mysql ? { ast: query } : query, columns });
    } while (this.acceptSymbol(','));
    return items;
  }

  private select(withList: AstNode[] | null, first: number): AstNode {
    // `SELECT(1)`: the PostgreSQL grammar wants a blank after SELECT.
    if (this.tokens[this.pos + 1]?.start === this.peek()?.end && this.isSymbolAt(this.pos + 1, '(')) {
      throw new NotCovered('SELECT( without a blank');
    }
    this.expectWord('SELECT');
    let distinct: string | null = null;
    if (this.acceptWord('DISTINCT')) {
      if (this.isWord('ON')) throw new NotCovered('DISTINCT ON');
      distinct = 'DISTINCT';
    } else if (this.isWord('ALL') || this.isWord('SQL_CALC_FOUND_ROWS') || this.isWord('HIGH_PRIORITY')) {
      throw new NotCovered('select option');
    }
    const columns = this.selectItems();
    const from = this.acceptWord('FROM') ? this.fromClause() : null;
    if (from === null && (this.isWord('WHERE') || this.isWord('GROUP') || this.isWord('HAVING'))) {
      throw new NotCovered('WHERE, GROUP BY or HAVING without FROM');
    }
    const where = this.acceptWord('WHERE') ? this.expression().node : null;
    let groupby: AstNode | null = null;
    if (this.acceptWord('GROUP')) {
      this.expectWord('BY');
      const items = this.list(() => this.listExpression().node);
      if (this.isWord('WITH')) throw new NotCovered('WITH ROLLUP');
      groupby = this.mysql ? { columns: items, modifiers: [null] } : { columns: items };
    }
    const having = this.acceptWord('HAVING') ? this.expression().node : null;
    if (this.isWord('WINDOW') || this.isWord('QUALIFY')) throw new NotCovered('WINDOW clause');
    const orderby = this.acceptWord('ORDER') ? this.orderBy() : null;
    const limit = this.limitClause();
    if (this.isWord('FOR') || this.isWord('LOCK') || this.isWord('INTO') || this.isWord('OFFSET')) {
      throw new NotCovered('clause after LIMIT');
    }
    // The two grammars' query nodes differ in DISTINCT's shape, an absent LIMIT and the MySQL-only keys.
    return {
      with: withList,
      type: 'select',
      options: null,
      distinct: this.mysql ? distinct : { type: distinct },
      columns,
      into: { position: null },
      from,
      where,
      groupby,
      having,
      orderby,
      limit: limit ?? (this.mysql ? null : { seperator: '', value: [] }),
      ...(this.mysql ? { locking_read: null, window: null, collate: null } : { window: null }),
      loc: this.loc(first, this.pos - 1),
    };
  }

  private selectItems(): AstNode[] {
    return this.list(() => {
      const first = this.pos;
      if (this.isSymbol('*')) {
        this.pos++;
        // The MySQL grammar locates `*, a` as one item, the PostgreSQL grammar refuses some; left to them.
        if (this.isSymbol(',')) throw new NotCovered('* before other items');
        return this.starItem(null, first);
      }
      if (this.isName() && this.isSymbolAt(this.pos + 1, '.') && this.isSymbolAt(this.pos + 2, '*')) {
        const table = this.plainName();
        this.pos += 2;
        return this.starItem(table, first);
      }
      const expr = this.expression().node;
      const as = this.alias();
      return this.mysql ? { expr, as } : { type: 'expr', expr, as };
    });
  }

  private starItem(table: string | null, first: number): AstNode {
    if (this.mysql) {
      return { expr: { type: 'column_ref', table, column: '*' }, as: null, loc: this.loc(first, this.pos - 1) };
    }
    return {
      expr: { type: 'column_ref', table: table === null ? null : { type: 'default', value: table }, column: '*' },
      as: null,
    };
  }

  /** `[AS] name`; a bare name only when it cannot be the next clause's keyword. */
  private alias(): string | null {
    if (this.acceptWord('AS'))
      return this.peek()?.text[0] === '"' && this.mysql ? this.mysqlQuotedAlias() : this.plainName();
    const token = this.peek();
    if (token?.kind === 'word' && !this.isReserved(token)) return this.plainName();
    if (token?.kind === 'quoted')
      return token.text[0] === '"' && this.mysql ? this.mysqlQuotedAlias() : this.plainName();
    return null;
  }

  /** MySQL reads `AS "name"` and `"name"` after an item as an alias (elsewhere "text" is a string there). */
  private mysqlQuotedAlias(): string {
    return this.next().text.slice(1, -1);
  }

  private fromClause(): AstNode[] {
    const items: AstNode[] = [this.fromItem()];
    for (;;) {
      if (this.acceptSymbol(',')) {
        items.push(this.fromItem());
        continue;
      }
      const join = this.joinKeyword();
      if (!join) return items;
      const item = this.fromItem();
      if (join === 'CROSS JOIN') {
        items.push({ ...item, join, on: null });
      } else if (this.acceptWord('ON')) {
        items.push({ ...item, join, on: this.expression().node });
      } else if (this.acceptWord('USING')) {
        this.expectSymbol('(');
        const using = this.list(() => {
          const name = this.name();
          const type = { '"': 'double_quote_string', '`': 'backticks_quote_string' }[name.quoted ?? ''] ?? 'default';
          return { type, value: name.value };
        });
        this.expectSymbol(')');
        items.push({ ...item, join, using });
      } else {
        throw new NotCovered('join without ON or USING');
      }
    }
  }

  private joinKeyword(): string | undefined {
    const word = this.peek()?.upper;
    const at = this.pos;
    const outer = () => {
      this.acceptWord('OUTER');
      this.expectWord('JOIN');
    };
    switch (word) {
      case 'JOIN':
        this.pos++;
        return 'INNER JOIN';
      case 'INNER':
        this.pos++;
        this.expectWord('JOIN');
        return 'INNER JOIN';
      case 'LEFT':
        this.pos++;
        outer();
        return 'LEFT JOIN';
      case 'RIGHT':
        this.pos++;
        outer();
        return 'RIGHT JOIN';
      case 'CROSS':
        this.pos++;
        this.expectWord('JOIN');
        return 'CROSS JOIN';
      case 'FULL':
        // In MySQL `x FULL JOIN y` makes FULL x's alias: the preparation refuses it (grammar-gaps.ts), while
        // FULL OUTER JOIN stays a full join there, as node-sql-parser reads it.
        if (this.mysql && !this.isWordAt(this.pos + 1, 'OUTER')) throw new NotCovered('FULL JOIN in MySQL');
        this.pos++;
        outer();
        return 'FULL JOIN';
      case 'NATURAL':
      case 'STRAIGHT_JOIN':
        throw new NotCovered(`${word} join`);
      default:
        this.pos = at;
        return undefined;
    }
  }

  private fromItem(): AstNode {
    const first = this.pos;
    if (this.isSymbol('(')) {
      if (!this.isWordAt(this.pos + 1, 'SELECT') && !this.isWordAt(this.pos + 1, 'WITH')) {
        throw new NotCovered('parenthesized join');
      }
      this.pos++;
      const ast = this.query();
      this.expectSymbol(')');
      const as = this.alias();
      if (this.isSymbol('(')) throw new NotCovered('derived column list');
      const expr = { ast, parentheses: true };
      return this.mysql ? { expr, as } : { prefix: null, expr, as };
    }
    if (this.isWord('LATERAL') || this.isWord('ONLY')) throw new NotCovered('LATERAL or ONLY');
    let db: string | null = null;
    let table = this.plainName();
    if (this.isSymbol('.')) this.tightDot();
    if (this.acceptSymbol('.')) {
      db = table;
      table = this.plainName();
      if (this.isSymbol('.')) throw new NotCovered('three-part table name');
    }
    if (this.isSymbol('(')) throw new NotCovered('table function');
    const as = this.alias();
    if (this.isSymbol('(')) throw new NotCovered('alias column list');
    if (this.isWord('USE') || this.isWord('FORCE') || this.isWord('IGNORE') || this.isWord('TABLESAMPLE')) {
      throw new NotCovered('index hint');
    }
    return { db, table, as, loc: this.loc(first, this.pos - 1) };
  }

  private orderBy(): AstNode[] {
    this.expectWord('BY');
    return this.list(() => {
      const expr = this.listExpression().node;
      let type: string | null = null;
      if (this.acceptWord('ASC')) type = 'ASC';
      else if (this.acceptWord('DESC')) type = 'DESC';
      if (this.mysql) {
        if (this.isWord('NULLS')) throw new NotCovered('NULLS in MySQL');
        return orderItem({ expr, type });
      }
      let nulls: string | null = null;
      if (this.isWord('NULLS')) {
        const written = this.next().text;
        if (!this.isWord('FIRST') && !this.isWord('LAST')) throw new NotCovered('NULLS without FIRST or LAST');
        nulls = `${written} ${this.next().text}`;
      }
      return orderItem({ expr, type, nulls });
    });
  }

  private limitClause(): AstNode | null {
    if (!this.isWord('LIMIT')) return null;
    const first = this.pos;
    this.pos++;
    const count = this.limitNumber();
    let value = [count];
    let seperator = '';
    if (this.acceptWord('OFFSET')) {
      value = [count, this.limitNumber()];
      seperator = 'offset';
    } else if (this.isSymbol(',')) {
      throw new NotCovered('LIMIT offset, count');
    }
    return { seperator, value, loc: this.loc(first, this.pos - 1) };
  }

  private limitNumber(): AstNode {
    const token = this.peek();
    if (token?.kind !== 'number' || token.text.includes('.')) throw new NotCovered('LIMIT value');
    this.pos++;
    return this.numberNode(token.text, false);
  }

  // ---- expressions, loosest first

  private expression(): Spanned {
    this.enter();
    try {
      return this.orExpression();
    } finally {
      this.depth--;
    }
  }

  /**
   * Nesting deeper than MAX_DEPTH (parentheses, subqueries) is left to node-sql-parser, which answers 4202 where
   * its own stack ends: the reader's recursion must not overflow the stack.
   */
  private enter(): void {
    if (++this.depth > MAX_DEPTH) {
      this.depth--;
      throw new NotCovered('nesting too deep');
    }
  }

  private orExpression(): Spanned {
    return this.chain(
      () => this.andExpression(),
      () => (this.isWord('OR') ? this.peek().text : undefined),
    );
  }

  private andExpression(): Spanned {
    return this.chain(
      () => this.notExpression(),
      () => (this.isWord('AND') ? this.peek().text : undefined),
    );
  }

  /**
   * Operands joined left to right by operators of one precedence. Every node of the chain is located over the
   * whole chain, as node-sql-parser locates them (`a * b / c`: the inner `a * b` too).
   */
  private chain(operand: () => Spanned, operator: () => string | undefined): Spanned {
    let left = operand();
    const nodes: AstNode[] = [];
    for (let op = operator(); op !== undefined; op = operator()) {
      this.pos++;
      const right = operand();
      left = {
        node: { type: 'binary_expr', operator: op.toUpperCase(), left: left.node, right: right.node },
        first: left.first,
        last: right.last,
      };
      nodes.push(left.node);
    }
    if (nodes.length > 0) {
      const loc = this.loc(left.first, left.last);
      for (const node of nodes) node.loc = loc;
    }
    return left;
  }

  private notExpression(): Spanned {
    if (!this.isWord('NOT')) return this.predicate();
    const first = this.pos;
    this.pos++;
    if (this.isWord('EXISTS')) {
      this.pos++;
      const subquery = this.subqueryAfterOpen();
      return { node: { type: 'unary_expr', operator: 'NOT EXISTS', expr: subquery.node }, first, last: subquery.last };
    }
    if (this.isWord('NOT')) throw new NotCovered('NOT NOT');
    // Both grammars read `NOT (...)` as a call of a function named NOT.
    if (this.isSymbol('(')) throw new NotCovered('NOT (');
    const operand = this.notExpression();
    return { node: { type: 'unary_expr', operator: 'NOT', expr: operand.node }, first, last: operand.last };
  }

  /** Comparison, IS [NOT] NULL, [NOT] IN, [NOT] BETWEEN, [NOT] LIKE: one per operand, as both databases allow. */
  private predicate(): Spanned {
    const left = this.concatenation();
    const token = this.peek();
    if (!token) return left;
    if (token.kind === 'symbol' && comparisons.has(token.text)) {
      this.pos++;
      if (this.isWord('ANY') || this.isWord('ALL') || this.isWord('SOME'))
        throw new NotCovered('quantified comparison');
      const right = this.concatenation();
      this.noSecondPredicate();
      return this.binary(token.text, left, right);
    }
    if (token.kind !== 'word') return left;
    if (token.upper === 'IS') {
      this.pos++;
      const not = this.acceptWord('NOT');
      const nullToken = this.peek();
      if (!this.acceptWord('NULL')) throw new NotCovered('IS other than NULL');
      const right: Spanned = { node: { type: 'null', value: null }, first: this.pos - 1, last: this.pos - 1 };
      void nullToken;
      this.noSecondPredicate();
      return this.binary(not ? 'IS NOT' : 'IS', left, right);
    }
    const negated = token.upper === 'NOT';
    const keyword = negated ? this.peekAt(this.pos + 1) : token;
    if (keyword?.kind !== 'word') return left;
    const prefix = negated ? 'NOT ' : '';
    if (keyword.upper === 'IN') {
      this.pos += negated ? 2 : 1;
      const right = this.inList();
      this.noSecondPredicate();
      return this.binary(`${prefix}IN`, left, right);
    }
    if (keyword.upper === 'BETWEEN') {
      this.pos += negated ? 2 : 1;
      if (this.isWord('SYMMETRIC') || this.isWord('ASYMMETRIC')) throw new NotCovered('BETWEEN SYMMETRIC');
      const low = this.concatenation();
      this.expectWord('AND');
      const high = this.concatenation();
      this.noSecondPredicate();
      const range: Spanned = {
        node: { type: 'expr_list', value: [low.node, high.node] },
        first: low.first,
        last: high.last,
      };
      return this.binary(`${prefix}BETWEEN`, left, range);
    }
    if (keyword.upper === 'LIKE') {
      this.pos += negated ? 2 : 1;
      const pattern = this.peek();
      const right = this.concatenation();
      if (this.isWord('ESCAPE')) throw new NotCovered('LIKE ... ESCAPE');
      // node-sql-parser reads a narrower operand after LIKE: a quoted name is a string there, arithmetic refused.
      if (pattern?.kind === 'quoted' || (right.node.type === 'binary_expr' && !right.node.parentheses)) {
        throw new NotCovered('LIKE pattern form');
      }
      this.noSecondPredicate();
      return this.binary(`${prefix}LIKE`, left, right);
    }
    if (negated) throw new NotCovered(`NOT ${keyword.upper}`);
    return left;
  }

  /** `a = b = c`, `a < b IS NULL` and the like: associativity the reader does not model. */
  private noSecondPredicate(): void {
    const token = this.peek();
    if (!token) return;
    if (token.kind === 'symbol' && comparisons.has(token.text)) throw new NotCovered('chained comparison');
    if (
      token.kind === 'word' &&
      ['IS', 'IN', 'BETWEEN', 'LIKE', 'ILIKE', 'REGEXP', 'RLIKE', 'SIMILAR'].includes(token.upper)
    ) {
      throw new NotCovered('chained predicate');
    }
    if (token.kind === 'word' && token.upper === 'NOT' && this.peekAt(this.pos + 1)?.upper !== 'EXISTS') {
      const after = this.peekAt(this.pos + 1)?.upper;
      if (after === 'IN' || after === 'BETWEEN' || after === 'LIKE') throw new NotCovered('chained predicate');
    }
  }

  /** `(1, 2, 3)` or `(SELECT ...)` after IN. */
  private inList(): Spanned {
    const first = this.pos;
    this.expectSymbol('(');
    if (this.isWord('SELECT') || this.isWord('WITH')) {
      this.refuseParenthesizedFirstItem();
      const ast = this.query();
      this.expectSymbol(')');
      return { node: { type: 'expr_list', value: [{ ast }] }, first, last: this.pos - 1 };
    }
    const value = this.list(() => this.listExpression().node);
    this.expectSymbol(')');
    return { node: { type: 'expr_list', value }, first, last: this.pos - 1 };
  }

  /**
   * `||`: PostgreSQL's string concatenation. MySQL reads it as OR unless PIPES_AS_CONCAT is set; the engine reads
   * it as concatenation in both, as node-sql-parser does (see logical-precedence.ts).
   */
  private concatenation(): Spanned {
    return this.chain(
      () => {
        const operand = this.additive();
        // node-sql-parser reads `||` in one chain with the arithmetic operators; PostgreSQL binds it looser.
        // Mixed, left to it.
        const arithmetic = operand.node.type === 'binary_expr' && !operand.node.parentheses;
        if (arithmetic && (this.isSymbol('||') || (operand.first > 0 && this.isSymbolAt(operand.first - 1, '||')))) {
          throw new NotCovered('|| mixed with arithmetic');
        }
        return operand;
      },
      () => {
        if (!this.isSymbol('||')) return undefined;
        return '||';
      },
    );
  }

  private additive(): Spanned {
    return this.chain(
      () => this.multiplicative(),
      () => (this.isSymbol('+') || this.isSymbol('-') ? this.peek().text : undefined),
    );
  }

  private multiplicative(): Spanned {
    return this.chain(
      () => this.unary(),
      () => (this.isSymbol('*') || this.isSymbol('/') || this.isSymbol('%') ? this.peek().text : undefined),
    );
  }

  /**
   * A sign written against a number is part of the literal (`-1`); with a space between (`- 1`) or before
   * anything else it is a unary operator, as node-sql-parser reads both.
   */
  private unary(): Spanned {
    const first = this.pos;
    if (!this.isSymbol('-') && !this.isSymbol('+')) return this.postfix(this.primary());
    const sign = this.next();
    const number = this.peek();
    if (number?.kind === 'number' && number.start === sign.end && !this.isSymbolAt(this.pos + 1, '::')) {
      this.pos++;
      return this.postfix({ node: this.numberNode(number.text, sign.text === '-'), first, last: this.pos - 1 });
    }
    if (this.isSymbol('-') || this.isSymbol('+')) throw new NotCovered('repeated sign');
    if (sign.text === '+' && number?.kind !== 'number') throw new NotCovered('unary plus');
    const operand = this.unary();
    return { node: { type: 'unary_expr', operator: sign.text, expr: operand.node }, first, last: operand.last };
  }

  /** PostgreSQL's `expr::type`; a chain `x::date::text` is one cast with a target per `::`, as the grammar has it. */
  private postfix(operand: Spanned): Spanned {
    if (!this.isSymbol('::')) return operand;
    if (this.mysql) throw new NotCovered(':: in MySQL');
    const target: AstNode[] = [];
    while (this.acceptSymbol('::')) target.push(this.dataType());
    const node = { symbol: '::', target, type: 'cast', keyword: 'cast', expr: operand.node };
    return { node, first: operand.first, last: this.pos - 1 };
  }

  private primary(): Spanned {
    const first = this.pos;
    const token = this.peek();
    if (!token) throw new NotCovered('unexpected end');
    const at = (node: AstNode): Spanned => ({ node, first, last: this.pos - 1 });
    switch (token.kind) {
      case 'number':
        this.pos++;
        return at(this.numberNode(token.text, false));
      case 'string':
        this.pos++;
        if (this.peek()?.kind === 'string') throw new NotCovered('adjacent strings');
        return at({ type: 'single_quote_string', value: token.text.slice(1, -1) });
      case 'quoted':
        return this.nameExpression();
      case 'symbol':
        if (token.text === '(') return this.parenthesized();
        throw new NotCovered(`symbol ${token.text}`);
    }
    switch (token.upper) {
      case 'NULL':
        this.pos++;
        return at({ type: 'null', value: null });
      case 'TRUE':
      case 'FALSE':
        this.pos++;
        return at({ type: 'bool', value: token.upper === 'TRUE' });
      case 'DATE': {
        const literal = this.peekAt(this.pos + 1);
        if (literal?.kind !== 'string') throw new NotCovered('DATE without a literal');
        this.pos += 2;
        return at({ type: 'date', value: literal.text.slice(1, -1) });
      }
      case 'INTERVAL':
        return this.interval();
      case 'CASE':
        return this.caseExpression();
      case 'CAST':
        return this.cast();
      case 'EXTRACT':
        return this.extract();
      case 'EXISTS': {
        this.pos++;
        const subquery = this.subqueryAfterOpen(false);
        const node = {
          type: 'function',
          name: { name: [{ type: 'default', value: token.text }] },
          args: { type: 'expr_list', value: [subquery.node] },
        };
        return this.located(this.withOver(node), first, subquery.last);
      }
    }
    // A listed function may share its name with a keyword (MOD, REPLACE): the parenthesis decides.
    const callable = plainFunctions.has(token.upper) || aggregates.has(token.upper) || rankings.has(token.upper);
    if (reserved.has(token.upper) && !(callable && this.isSymbolAt(this.pos + 1, '('))) {
      throw new NotCovered(`keyword ${token.upper}`);
    }
    return this.nameExpression();
  }

  /** `(expr)`, `(SELECT ...)`. */
  private parenthesized(): Spanned {
    const first = this.pos;
    if (this.isWordAt(this.pos + 1, 'SELECT') || this.isWordAt(this.pos + 1, 'WITH')) {
      // `(SELECT * FROM u)` as a value: node-sql-parser refuses it in a select list; left to it.
      const item = this.isWordAt(this.pos + 2, 'DISTINCT') ? this.pos + 3 : this.pos + 2;
      const star = this.isSymbolAt(item, '*') || (this.isSymbolAt(item + 1, '.') && this.isSymbolAt(item + 2, '*'));
      if (star) throw new NotCovered('subquery of *');
      const subquery = this.subqueryAfterOpen();
      // A value subquery of several items (invalid as a value anyway) node-sql-parser refuses in a select list.
      const ast = subquery.node.ast as AstNode;
      if (Array.isArray(ast.columns) && ast.columns.length > 1) throw new NotCovered('value subquery of several items');
      return subquery;
    }
    this.pos++;
    const inner = this.expression();
    if (this.isSymbol(',')) throw new NotCovered('row constructor');
    this.expectSymbol(')');
    inner.node.parentheses = true;
    return { node: inner.node, first, last: this.pos - 1 };
  }

  /** `(SELECT ...)` as an expression: `{ ast, parentheses: true }` (EXISTS's argument has no parentheses flag). */
  private subqueryAfterOpen(flagParentheses = true): Spanned {
    const first = this.pos;
    this.expectSymbol('(');
    if (!this.isWord('SELECT') && !this.isWord('WITH')) throw new NotCovered('expected a subquery');
    if (flagParentheses) this.refuseParenthesizedFirstItem();
    const ast = this.query();
    this.expectSymbol(')');
    return { node: flagParentheses ? { ast, parentheses: true } : { ast }, first, last: this.pos - 1 };
  }

  /**
   * node-sql-parser refuses a subquery in a comparison or IN, a set operation's later operand and (MySQL) the
   * query after WITH whose first item starts with a parenthesis (`x > (SELECT (a * b) FROM t)`); left to it.
   */
  private refuseParenthesizedFirstItem(): void {
    const at = this.isWordAt(this.pos + 1, 'DISTINCT') ? this.pos + 2 : this.pos + 1;
    if (this.isWord('SELECT') && this.isSymbolAt(at, '(')) throw new NotCovered('subquery item in parentheses');
  }

  /** A column reference or a function call. */
  private nameExpression(): Spanned {
    const first = this.pos;
    const token = this.peek();
    if (token?.kind === 'word' && this.isSymbolAt(this.pos + 1, '(')) return this.call();
    // The grammars read aggregate and ranking names as keywords: `avg` alone is left to them.
    if (token?.kind === 'word' && (aggregates.has(token.upper) || rankings.has(token.upper))) {
      throw new NotCovered('aggregate name as a column');
    }
    const parts = [this.name()];
    while (this.isSymbol('.')) {
      this.tightDot();
      this.pos++;
      if (this.isSymbol('*')) throw new NotCovered('qualified star in an expression');
      parts.push(this.name());
    }
    if (parts.length >= 3) throw new NotCovered('column name of three or more parts');
    const column = parts[parts.length - 1]!;
    const table = parts.length === 2 ? parts[0]! : null;
    if (this.isWord('COLLATE')) throw new NotCovered('COLLATE');
    return { node: this.columnRef(table, column, first, this.pos - 1), first, last: this.pos - 1 };
  }

  private columnRef(
    table: { value: string; quoted: string | null } | null,
    column: { value: string; quoted: string | null },
    first: number,
    last: number,
    inColumnList = false,
  ): AstNode {
    if (this.mysql) {
      // The MySQL grammar keeps a quoted qualifier as a node of its own; left to it.
      if (table?.quoted) throw new NotCovered('quoted qualifier');
      return {
        type: 'column_ref',
        table: table?.value ?? null,
        column: column.value,
        collate: null,
        loc: this.loc(first, last),
      };
    }
    const expr = { type: column.quoted ? 'double_quote_string' : 'default', value: column.value };
    const loc = this.loc(first, last);
    // The PostgreSQL grammar gives an unqualified quoted column no `collate` key.
    if (column.quoted && table === null && !inColumnList)
      return { type: 'column_ref', table: null, column: { expr }, loc };
    return { type: 'column_ref', table: table?.value ?? null, column: { expr }, collate: null, loc };
  }

  private call(): Spanned {
    const first = this.pos;
    const token = this.next();
    this.expectSymbol('(');
    const upper = token.upper;
    if (aggregates.has(upper)) return this.aggregate(upper, first);
    if (rankings.has(upper)) return this.ranking(token.text, first);
    if (!plainFunctions.has(upper)) throw new NotCovered(`function ${upper}`);
    const value: AstNode[] = [];
    // The PostgreSQL grammar gives SUBSTRING of a literal or quoted name a name node of another kind.
    if (!this.mysql && upper === 'SUBSTRING' && !this.isSymbol(')') && this.peek()?.kind !== 'word') {
      throw new NotCovered('SUBSTRING of a literal');
    }
    if (!this.isSymbol(')')) {
      if (this.isWord('DISTINCT') || this.isWord('ALL')) throw new NotCovered('DISTINCT in a function');
      do value.push(this.listExpression().node);
      while (this.acceptSymbol(','));
    }
    this.expectSymbol(')');
    if (this.isWord('OVER') || this.isWord('FILTER') || this.isWord('WITHIN')) throw new NotCovered('window or filter');
    const node = {
      type: 'function',
      name: { name: [{ type: 'default', value: token.text }] },
      args: { type: 'expr_list', value },
    };
    return this.located(this.withOver(node), first, this.pos - 1);
  }

  /** `RANK() OVER (...)`: a call in the MySQL grammar, a `window_func` without location in PostgreSQL's. */
  private ranking(name: string, first: number): Spanned {
    this.expectSymbol(')');
    const over = this.over();
    if (!over) throw new NotCovered('ranking function without OVER');
    if (!this.mysql) return { node: { type: 'window_func', name, over }, first, last: this.pos - 1 };
    const node = {
      type: 'function',
      name: { name: [{ type: 'default', value: name }] },
      args: { type: 'expr_list', value: [] },
      over,
    };
    return this.located(node, first, this.pos - 1);
  }

  /** `OVER ([PARTITION BY ...] [ORDER BY ...])`, or null without OVER; frames and named windows are left out. */
  private over(): AstNode | null {
    if (this.isWord('FILTER') || this.isWord('WITHIN')) throw new NotCovered('FILTER or WITHIN GROUP');
    if (!this.acceptWord('OVER')) return null;
    this.expectSymbol('(');
    let partitionby: AstNode[] | null = null;
    if (this.acceptWord('PARTITION')) {
      this.expectWord('BY');
      partitionby = this.list(() => {
        const expr = this.listExpression().node;
        if (this.mysql) return { expr, as: null };
        // The PostgreSQL grammar takes names only there (expressions are the preparation's, see grammar-gaps.ts)
        // and reads a string as a name.
        const quoted = expr.type === 'column_ref' && !('collate' in expr);
        if (quoted || ['single_quote_string', 'number', 'null', 'bool', 'date'].includes(String(expr.type))) {
          throw new NotCovered('literal or quoted name in PARTITION BY');
        }
        return { type: 'expr', expr };
      });
    }
    const orderby = this.acceptWord('ORDER') ? this.orderBy() : null;
    const window_frame_clause = this.isWord('ROWS') || this.isWord('RANGE') ? this.frame() : null;
    this.expectSymbol(')');
    const window_specification = { name: null, partitionby, orderby, window_frame_clause };
    return { type: 'window', as_window_specification: { window_specification, parentheses: true } };
  }

  /** node-sql-parser's MySQL grammar gives calls `over: null`, its PostgreSQL grammar leaves the key out. */
  private withOver(node: AstNode): AstNode {
    return this.mysql ? { ...node, over: null } : node;
  }

  private aggregate(name: string, first: number): Spanned {
    let args: AstNode;
    if (name === 'COUNT' && this.isSymbol('*')) {
      const star = this.pos;
      this.pos++;
      args = this.mysql
        ? { expr: { type: 'star', value: '*' }, loc: this.loc(star, star) }
        : { expr: { type: 'star', value: '*' } };
    } else if (name === 'COUNT') {
      const argFirst = this.pos;
      const distinct = this.acceptWord('DISTINCT') ? 'DISTINCT' : null;
      const expr = this.expression();
      if (this.isSymbol(',')) throw new NotCovered('COUNT of several expressions');
      if (isCondition(expr.node)) throw new NotCovered('condition as an aggregate argument');
      args = { distinct, expr: expr.node, orderby: null, separator: null };
      if (this.mysql) args.loc = this.loc(argFirst, expr.last);
    } else {
      if (this.isWord('DISTINCT') || this.isWord('ALL')) throw new NotCovered(`${name}(DISTINCT ...)`);
      const expr = this.expression();
      // `SUM(a AND b)`: the grammars give a condition argument another shape.
      if (isCondition(expr.node)) throw new NotCovered('condition as an aggregate argument');
      args = { expr: expr.node };
    }
    this.expectSymbol(')');
    const node = { type: 'aggr_func', name, args, over: this.over() };
    return this.located(node, first, this.pos - 1);
  }

  private caseExpression(): Spanned {
    const first = this.pos;
    this.pos++;
    const subject = this.isWord('WHEN') ? null : this.expression().node;
    const args: AstNode[] = [];
    while (this.acceptWord('WHEN')) {
      const cond = this.expression().node;
      this.expectWord('THEN');
      args.push({ type: 'when', cond, result: this.caseResult() });
    }
    if (args.length === 0) throw new NotCovered('CASE without WHEN');
    if (this.acceptWord('ELSE')) args.push({ type: 'else', result: this.caseResult() });
    this.expectWord('END');
    return { node: { type: 'case', expr: subject, args }, first, last: this.pos - 1 };
  }

  /**
   * `ROWS BETWEEN <bound> AND <bound>` with UNBOUNDED PRECEDING, CURRENT ROW or UNBOUNDED FOLLOWING, in
   * node-sql-parser's spelling (the MySQL grammar locates UNBOUNDED alone). RANGE, offsets and single bounds are
   * left to it.
   */
  private frame(): AstNode {
    const first = this.pos;
    if (!this.acceptWord('ROWS') || !this.acceptWord('BETWEEN')) throw new NotCovered('frame form');
    const low = this.frameBound();
    this.expectWord('AND');
    const high = this.frameBound();
    const right = { type: 'expr_list', value: [low, high] };
    return {
      type: 'binary_expr',
      operator: 'BETWEEN',
      left: { type: 'origin', value: 'rows' },
      right,
      loc: this.loc(first, this.pos - 1),
    };
  }

  private frameBound(): AstNode {
    const first = this.pos;
    let value: string;
    if (this.acceptWord('UNBOUNDED')) {
      if (this.acceptWord('PRECEDING')) value = 'UNBOUNDED PRECEDING';
      else if (this.acceptWord('FOLLOWING')) value = 'UNBOUNDED FOLLOWING';
      else throw new NotCovered('frame bound');
      return this.mysql ? { type: 'origin', value, loc: this.loc(first, first) } : { type: 'origin', value };
    }
    if (!this.acceptWord('CURRENT') || !this.acceptWord('ROW')) throw new NotCovered('frame bound');
    value = 'current row';
    return this.mysql ? { type: 'origin', value, loc: this.loc(first, this.pos - 1) } : { type: 'origin', value };
  }

  /** A THEN or ELSE result; the MySQL grammar refuses an unparenthesized AND or OR there. */
  private caseResult(): AstNode {
    const result = this.expression().node;
    if (this.mysql && isLogical(result)) throw new NotCovered('AND or OR as a CASE result in MySQL');
    return result;
  }

  private cast(): Spanned {
    const first = this.pos;
    this.pos++;
    this.expectSymbol('(');
    const expr = this.expression().node;
    this.expectWord('AS');
    const target = this.dataType();
    this.expectSymbol(')');
    return { node: { type: 'cast', keyword: 'cast', expr, symbol: 'as', target: [target] }, first, last: this.pos - 1 };
  }

  /**
   * The types casts use most, in node-sql-parser's shape for each: numeric types carry `suffix: []`, text and date
   * types none (MySQL's sized CHAR/VARCHAR `suffix: null`). Anything else (arrays, character sets, time zones,
   * MySQL's REAL, which its grammar refuses) goes to the parser.
   */
  private dataType(): AstNode {
    const token = this.peek();
    if (token?.kind !== 'word') throw new NotCovered('type name');
    // DEC(p, s), the standard's short name, as the preparation spells it for node-sql-parser (grammar-gaps.ts).
    if (token.upper === 'DEC' && !this.isSymbolAt(this.pos + 1, '(')) throw new NotCovered('DEC without a size');
    const type = token.upper === 'DEC' ? 'DECIMAL' : token.upper;
    const numeric = ['INT', 'INTEGER', 'BIGINT', 'SMALLINT', 'DECIMAL', 'NUMERIC', ...(this.mysql ? [] : ['REAL'])];
    const textual = ['DATE', 'TEXT', 'CHAR', 'VARCHAR', ...(this.mysql ? [] : ['BOOLEAN'])];
    const sized = ['DECIMAL', 'NUMERIC', 'CHAR', 'VARCHAR'];
    if (!numeric.includes(type) && !textual.includes(type)) throw new NotCovered(`type ${type}`);
    this.pos++;
    const isNumeric = numeric.includes(type);
    if (!this.isSymbol('(')) {
      if (type === 'VARCHAR') throw new NotCovered('VARCHAR without a length');
      return isNumeric ? { dataType: type, suffix: [] } : { dataType: type };
    }
    if (!sized.includes(type)) throw new NotCovered('size on an unsized type');
    this.pos++;
    const length = this.sizeNumber();
    if (!isNumeric) {
      this.expectSymbol(')');
      return this.mysql
        ? { dataType: type, length, parentheses: true, suffix: null }
        : { dataType: type, length, parentheses: true };
    }
    const scale = this.acceptSymbol(',') ? this.sizeNumber() : null;
    this.expectSymbol(')');
    return { dataType: type, length, scale, parentheses: true, suffix: [] };
  }

  private sizeNumber(): number {
    const token = this.next();
    if (token.kind !== 'number' || token.text.includes('.')) throw new NotCovered('type size');
    return Number(token.text);
  }

  private extract(): Spanned {
    const first = this.pos;
    this.pos++;
    this.expectSymbol('(');
    const field = this.next();
    if (field.kind !== 'word' || !['YEAR', 'MONTH', 'DAY'].includes(field.upper)) throw new NotCovered('EXTRACT field');
    this.expectWord('FROM');
    const source = this.expression().node;
    this.expectSymbol(')');
    const args = this.mysql ? { field: field.text, source } : { field: field.text, cast_type: null, source };
    return this.located({ type: 'extract', args }, first, this.pos - 1);
  }

  private interval(): Spanned {
    const first = this.pos;
    this.pos++;
    const value = this.peek();
    if (value?.kind !== 'string' && value?.kind !== 'number') throw new NotCovered('INTERVAL value');
    this.pos++;
    const unit = this.next();
    if (unit.kind !== 'word' || !['DAY', 'MONTH', 'YEAR'].includes(unit.upper)) throw new NotCovered('INTERVAL unit');
    const expr =
      value.kind === 'string'
        ? { type: 'single_quote_string', value: value.text.slice(1, -1) }
        : this.numberNode(value.text, false);
    return { node: { type: 'interval', expr, unit: unit.text.toLowerCase() }, first, last: this.pos - 1 };
  }

  // ---- node helpers

  private binary(operator: string, left: Spanned, right: Spanned): Spanned {
    const node: AstNode = { type: 'binary_expr', operator: operator.toUpperCase(), left: left.node, right: right.node };
    return this.located(node, left.first, right.last);
  }

  /** Sets `loc` over tokens first..last and returns the spanned node. */
  private located(node: AstNode, first: number, last: number): Spanned {
    node.loc = this.loc(first, last);
    return { node, first, last };
  }

  private numberNode(text: string, negative: boolean): AstNode {
    // node-sql-parser keeps a decimal as text, through a double with as many decimals as written.
    if (text.includes('.')) {
      const decimals = text.length - text.indexOf('.') - 1;
      if (decimals > 100) throw new NotCovered('decimal places');
      const value = Number(text).toFixed(decimals);
      return { type: 'number', value: negative ? `-${value}` : value };
    }
    const value = Number(text);
    if (!Number.isSafeInteger(value)) throw new NotCovered('integer beyond 2^53');
    return { type: 'number', value: negative ? -value : value };
  }

  private loc(first: number, last: number): AstNode['loc'] & object {
    return { start: this.position(this.tokens[first]!.start), end: this.position(this.tokens[last]!.end) };
  }

  private position(offset: number): { offset: number; line: number; column: number } {
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
    }
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { offset, line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }

  // ---- token helpers

  /**
   * A table, column or alias name: a word that is not reserved, or a quoted name (PostgreSQL's "name", MySQL's
   * `name`; MySQL's "text" is a string, left to the parser).
   */
  private name(): { value: string; quoted: string | null } {
    const token = this.next();
    if (token.kind === 'quoted') {
      if (this.mysql && token.text[0] === '"') throw new NotCovered('double quotes in MySQL');
      return { value: token.text.slice(1, -1), quoted: token.text[0]! };
    }
    if (token.kind !== 'word' || this.isReserved(token)) throw new NotCovered(`expected a name, found ${token.text}`);
    return { value: token.text, quoted: null };
  }

  private isReserved(token: ReaderToken): boolean {
    return reserved.has(token.upper) || (this.mysql ? mysqlReserved : postgresqlReserved).has(token.upper);
  }

  private plainName(): string {
    return this.name().value;
  }

  /**
   * An item of a list node-sql-parser reads with a narrower expression rule (IN lists, GROUP BY, ORDER BY,
   * PARTITION BY, function arguments): an unparenthesized AND or OR there is left to it (it refuses most of them,
   * and locates the others its own way).
   */
  private listExpression(): Spanned {
    const item = this.expression();
    if (isLogical(item.node)) throw new NotCovered('AND or OR in a list item');
    return item;
  }

  /** `a .b` (a blank before the point) is left to node-sql-parser, which refuses it; `a. b` it reads. */
  private tightDot(): void {
    const dot = this.tokens[this.pos]!;
    const before = this.tokens[this.pos - 1];
    const after = this.tokens[this.pos + 1];
    const gap = after ? this.text.slice(dot.end, after.start) : '';
    if (before?.end !== dot.start || !/^\s*$/.test(gap)) throw new NotCovered('blank before a point');
  }

  private list<T>(item: () => T): T[] {
    const items = [item()];
    while (this.acceptSymbol(',')) items.push(item());
    return items;
  }

  private peek(): ReaderToken {
    return this.tokens[this.pos]!;
  }

  private peekAt(index: number): ReaderToken | undefined {
    return this.tokens[index];
  }

  private next(): ReaderToken {
    const token = this.tokens[this.pos];
    if (!token) throw new NotCovered('unexpected end');
    this.pos++;
    return token;
  }

  private isWord(word: string): boolean {
    return this.isWordAt(this.pos, word);
  }

  private isWordAt(index: number, word: string): boolean {
    const token = this.tokens[index];
    return token?.kind === 'word' && token.upper === word;
  }

  private isName(): boolean {
    const token = this.peek();
    return token?.kind === 'word' && !this.isReserved(token);
  }

  private isSymbol(symbol: string): boolean {
    return this.isSymbolAt(this.pos, symbol);
  }

  private isSymbolAt(index: number, symbol: string): boolean {
    const token = this.tokens[index];
    return token?.kind === 'symbol' && token.text === symbol;
  }

  private acceptWord(word: string): boolean {
    if (!this.isWord(word)) return false;
    this.pos++;
    return true;
  }

  private acceptSymbol(symbol: string): boolean {
    if (!this.isSymbol(symbol)) return false;
    this.pos++;
    return true;
  }

  private expectWord(word: string): void {
    if (!this.acceptWord(word)) throw new NotCovered(`expected ${word}`);
  }

  private expectSymbol(symbol: string): void {
    if (!this.acceptSymbol(symbol)) throw new NotCovered(`expected ${symbol}`);
  }
}

/** An ORDER BY item: its `type` is the direction (ASC, DESC or null), not a node type. */
function orderItem(fields: { expr: AstNode; type: string | null; nulls?: string | null }): AstNode {
  return fields as unknown as AstNode;
}

function isLogical(node: AstNode): boolean {
  return node.type === 'binary_expr' && !node.parentheses && (node.operator === 'AND' || node.operator === 'OR');
}

const predicateOperators = new Set([
  ...comparisons,
  'IS',
  'IS NOT',
  'IN',
  'NOT IN',
  'BETWEEN',
  'NOT BETWEEN',
  'LIKE',
  'NOT LIKE',
]);

/** `a < b`, `a IN (...)`, `a AND b` without parentheses: node-sql-parser refuses most of them as an aggregate's argument. */
function isCondition(node: AstNode): boolean {
  if (node.parentheses) return false;
  if (node.type === 'unary_expr' && String(node.operator).startsWith('NOT')) return true;
  return isLogical(node) || (node.type === 'binary_expr' && predicateOperators.has(String(node.operator)));
}

function hasLimit(select: AstNode): boolean {
  const limit = select.limit as AstNode | null;
  return limit !== null && Array.isArray(limit.value) && limit.value.length > 0;
}
