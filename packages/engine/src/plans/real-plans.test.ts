import { readdirSync, readFileSync } from 'node:fs';
import { AppError, type Dialect, type PlanNode, type PlanTree } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { diagnosePlan, tablesAnIndexMayHelp } from './hotspots/index.ts';
import { parseUserPlan } from './parse.ts';
import { nodesOf } from './test-support.ts';

/**
 * Plans as users paste them (fixtures/real: written after what psql, pgAdmin, DBeaver, DataGrip, Navicat, the mysql
 * client, MySQL Workbench and blog posts print, for PostgreSQL 12-17, MySQL 5.7/8.0 and MariaDB 10.x): each is read,
 * and its hotspots are the ones a DBA would name, no more. `pg*` files are PostgreSQL plans, the others MySQL-family.
 */
const dir = new URL('./fixtures/real/', import.meta.url);
const text = (file: string) => readFileSync(new URL(file, dir), 'utf8');
const dialectOf = (file: string): Dialect => (file.startsWith('pg') ? 'postgresql' : 'mysql');
const read = (file: string) => parseUserPlan(text(file), dialectOf(file));
const findingsOf = (file: string) => diagnosePlan(read(file)).findings;
const find = (tree: PlanTree, name: string, relation?: string): PlanNode => {
  const found = nodesOf(tree.root).find((n) => n.node === name && (relation === undefined || n.relation === relation));
  if (!found) throw new Error(`no ${name} ${relation ?? ''}`);
  return found;
};

/** Per fixture: the format read, the nodes in the tree, and the findings (id without `plan-`, severity) in order. */
const expected: Record<string, { format: string; nodes: number; findings: string[] }> = {
  'my80-tree-variety.txt': {
    format: 'mysql-tree',
    nodes: 9,
    findings: ['full-scan-large-table:info', 'row-misestimate:warning'],
  },
  'my-mycli.txt': { format: 'mysql-table', nodes: 1, findings: ['full-scan-large-table:warning'] },
  'pg-pgcli.txt': { format: 'postgresql-text', nodes: 1, findings: [] },
  'pg-psql-border2.txt': {
    format: 'postgresql-text',
    nodes: 2,
    findings: ['full-scan-large-table:warning', 'filesort:warning'],
  },
  'pg-psql-unicode.txt': { format: 'postgresql-text', nodes: 4, findings: ['full-scan-large-table:warning'] },
  'my-navicat-copy-no-header.txt': { format: 'mysql-table', nodes: 3, findings: ['full-scan-large-table:warning'] },
  'maria-dbeaver-copy-analyze.txt': { format: 'mysql-table', nodes: 3, findings: ['full-scan-large-table:info'] },
  'maria-analyze-dependent.txt': { format: 'mysql-table', nodes: 5, findings: ['full-scan-large-table:info'] },
  'my57-union-dependent.txt': { format: 'mysql-table', nodes: 5, findings: ['full-scan-large-table:warning'] },
  'my80-batch-tree.txt': { format: 'mysql-tree', nodes: 2, findings: [] },
  'my80-json-union-window.txt': { format: 'mysql-json', nodes: 4, findings: [] },
  'my80-semijoin-strategies.txt': { format: 'mysql-table', nodes: 5, findings: [] },
  'my80-tree-analyze-semijoin.txt': { format: 'mysql-tree', nodes: 6, findings: [] },
  'my80-tree-derived-window.txt': {
    format: 'mysql-tree',
    nodes: 7,
    findings: ['full-scan-large-table:info', 'temporary-table:warning'],
  },
  'pg12-hash-batches-originally.txt': {
    format: 'postgresql-text',
    nodes: 4,
    findings: ['full-scan-large-table:info', 'full-scan-large-table:info', 'temporary-table:warning'],
  },
  'pg14-psql-expanded.txt': { format: 'postgresql-text', nodes: 2, findings: [] },
  'pg15-hash-anti-bitmap-or.txt': { format: 'postgresql-text', nodes: 7, findings: ['full-scan-large-table:info'] },
  'pg15-merge-join-setop-recursive.txt': {
    format: 'postgresql-text',
    nodes: 18,
    findings: ['row-misestimate:warning'],
  },
  'pg16-foreign-async-append.txt': { format: 'postgresql-text', nodes: 4, findings: [] },
  'pg17-initplan-no-returns.txt': {
    format: 'postgresql-text',
    nodes: 3,
    findings: ['full-scan-large-table:warning', 'row-misestimate:warning'],
  },
  'maria-analyze-json.txt': {
    format: 'mariadb-json',
    nodes: 5,
    findings: [
      'full-scan-large-table:info',
      'full-scan-large-table:warning',
      'nested-loop-large-input:warning',
      'temporary-table:warning',
      'row-misestimate:warning',
    ],
  },
  'maria-analyze-table.txt': {
    format: 'mysql-table',
    nodes: 3,
    findings: ['full-scan-large-table:warning', 'row-misestimate:warning'],
  },
  'maria-explain-derived.txt': { format: 'mysql-table', nodes: 7, findings: [] },
  'maria-explain-json.txt': {
    format: 'mariadb-json',
    nodes: 7,
    findings: ['filesort:warning', 'temporary-table:warning'],
  },
  'my-datagrip-csv.txt': { format: 'mysql-table', nodes: 3, findings: ['full-scan-large-table:warning'] },
  'my-navicat-csv.txt': { format: 'mysql-table', nodes: 3, findings: ['full-scan-large-table:warning'] },
  'my-workbench-copy-row.txt': { format: 'mysql-table', nodes: 3, findings: ['full-scan-large-table:warning'] },
  'my57-boxed-temp-filesort.txt': {
    format: 'mysql-table',
    nodes: 5,
    findings: ['nested-loop-large-input:info', 'filesort:warning', 'temporary-table:warning'],
  },
  'my57-optimized-away.txt': { format: 'mysql-table', nodes: 1, findings: [] },
  'my57-small-temp.txt': { format: 'mysql-table', nodes: 3, findings: [] },
  'my80-batch-tabs-derived.txt': { format: 'mysql-table', nodes: 5, findings: [] },
  'my80-boxed-hash-join.txt': {
    format: 'mysql-table',
    nodes: 3,
    findings: ['full-scan-large-table:warning', 'full-scan-large-table:critical'],
  },
  'my80-explain-analyze.txt': {
    format: 'mysql-tree',
    nodes: 4,
    findings: ['full-scan-large-table:warning', 'row-misestimate:warning'],
  },
  'my80-impossible-where.txt': { format: 'mysql-table', nodes: 1, findings: [] },
  'my80-json-derived-semijoin.txt': { format: 'mysql-json', nodes: 5, findings: [] },
  'my80-json-subqueries.txt': { format: 'mysql-json', nodes: 3, findings: [] },
  'my80-json.txt': {
    format: 'mysql-json',
    nodes: 5,
    findings: ['full-scan-large-table:warning', 'filesort:warning', 'temporary-table:warning'],
  },
  'my80-tree-hash-analyze.txt': {
    format: 'mysql-tree',
    nodes: 4,
    findings: ['full-scan-large-table:info', 'full-scan-large-table:info', 'row-misestimate:warning'],
  },
  'my80-tree-vertical.txt': { format: 'mysql-tree', nodes: 2, findings: ['full-scan-large-table:warning'] },
  'my80-tree.txt': { format: 'mysql-tree', nodes: 8, findings: ['filesort:warning'] },
  'my80-vertical.txt': {
    format: 'mysql-table',
    nodes: 2,
    findings: ['full-scan-large-table:warning', 'filesort:warning'],
  },
  'pg-blog-zh-nbsp.txt': { format: 'postgresql-text', nodes: 2, findings: ['full-scan-large-table:critical'] },
  'pg-costs-off.txt': { format: 'postgresql-text', nodes: 4, findings: [] },
  'pg-datagrip-csv.txt': {
    format: 'postgresql-text',
    nodes: 2,
    findings: ['full-scan-large-table:warning', 'filesort:warning'],
  },
  'pg-dbeaver-crlf.txt': { format: 'postgresql-text', nodes: 2, findings: [] },
  'pg-json-no-brackets-parallel.txt': {
    format: 'postgresql-json',
    nodes: 2,
    findings: ['full-scan-large-table:critical'],
  },
  'pg-pgadmin-json-cell.txt': { format: 'postgresql-json', nodes: 1, findings: ['full-scan-large-table:warning'] },
  'pg-pgadmin-quoted.txt': { format: 'postgresql-text', nodes: 4, findings: ['full-scan-large-table:warning'] },
  'pg-psql-json-plus.txt': { format: 'postgresql-json', nodes: 2, findings: [] },
  'pg-tabs-indent.txt': {
    format: 'postgresql-text',
    nodes: 2,
    findings: ['full-scan-large-table:warning', 'filesort:warning'],
  },
  'pg-timing-off.txt': { format: 'postgresql-text', nodes: 2, findings: ['full-scan-large-table:info'] },
  'pg12-initplan-subplan.txt': {
    format: 'postgresql-text',
    nodes: 5,
    findings: ['full-scan-large-table:warning', 'full-scan-large-table:warning'],
  },
  'pg12-psql-bitmap-and.txt': { format: 'postgresql-text', nodes: 4, findings: ['lossy-bitmap:warning'] },
  'pg13-function-scan-result.txt': { format: 'postgresql-text', nodes: 2, findings: [] },
  'pg13-gather-merge-external-sort.txt': {
    format: 'postgresql-text',
    nodes: 3,
    findings: ['full-scan-large-table:info', 'filesort:warning'],
  },
  'pg13-lockrows-skip-locked.txt': { format: 'postgresql-text', nodes: 3, findings: [] },
  'pg14-incremental-sort.txt': { format: 'postgresql-text', nodes: 3, findings: [] },
  'pg14-nested-loop-join-filter.txt': {
    format: 'postgresql-text',
    nodes: 4,
    findings: ['full-scan-large-table:info', 'nested-loop-large-input:warning'],
  },
  'pg14-window-cte.txt': { format: 'postgresql-text', nodes: 5, findings: ['full-scan-large-table:info'] },
  'pg15-hashagg-spill.txt': {
    format: 'postgresql-text',
    nodes: 2,
    findings: ['full-scan-large-table:info', 'temporary-table:warning'],
  },
  'pg15-insert-on-conflict.txt': { format: 'postgresql-text', nodes: 3, findings: ['full-scan-large-table:info'] },
  'pg15-memoize.txt': { format: 'postgresql-text', nodes: 4, findings: ['full-scan-large-table:info'] },
  'pg15-projectset-function-values.txt': { format: 'postgresql-text', nodes: 5, findings: ['row-misestimate:warning'] },
  'pg16-buffers-index-only.txt': { format: 'postgresql-text', nodes: 2, findings: [] },
  'pg16-delete-semi.txt': {
    format: 'postgresql-text',
    nodes: 4,
    findings: ['full-scan-large-table:warning', 'row-misestimate:warning'],
  },
  'pg16-parallel-hash-join.txt': {
    format: 'postgresql-text',
    nodes: 7,
    findings: ['full-scan-large-table:info', 'full-scan-large-table:critical'],
  },
  'pg16-partition-append.txt': { format: 'postgresql-text', nodes: 3, findings: [] },
  'pg16-update-partitioned-wal-trigger.txt': { format: 'postgresql-text', nodes: 4, findings: [] },
  'pg16-verbose-workers.txt': { format: 'postgresql-text', nodes: 2, findings: ['full-scan-large-table:warning'] },
  'pg17-merge-append.txt': { format: 'postgresql-text', nodes: 4, findings: [] },
  'pg17-verbose-settings-jit.txt': { format: 'postgresql-text', nodes: 3, findings: ['full-scan-large-table:info'] },
};

describe('real pasted plans (fixtures/real)', () => {
  it('has an expectation for every fixture but the refused YAML', () => {
    const files = readdirSync(dir).filter((f) => f !== 'pg-yaml.txt');
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [file, want] of Object.entries(expected)) {
    it(`reads ${file} with the hotspots a DBA would name`, () => {
      const tree = read(file);
      expect(tree.format).toBe(want.format);
      expect(nodesOf(tree.root)).toHaveLength(want.nodes);
      const findings = diagnosePlan(tree).findings;
      expect(findings.map((f) => `${f.id.replace('plan-', '')}:${f.severity}`)).toEqual(want.findings);
      for (const f of findings) expect(f.message.zh).not.toBe(f.message.en);
    });
  }

  it("refuses YAML saying which formats are read, at psql's first content line", () => {
    try {
      read('pg-yaml.txt');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const e = error as AppError;
      expect(e.code).toBe(4204);
      expect(e.detail.line).toBe(3);
      expect(e.message).toContain('YAML');
    }
  });
});

/** A tree of one plan text, for the checks below that change one line of a fixture. */
const plan = (dialect: Dialect, lines: string[]) => parseUserPlan(lines.join('\n'), dialect);
const ids = (tree: PlanTree) => diagnosePlan(tree).findings.map((f) => f.id);

describe('what the sweep of real plans fixed in the readers', () => {
  it("reads a partitioned write's target tables as details of its ModifyTable, not as lines out of place", () => {
    const tree = read('pg16-update-partitioned-wal-trigger.txt');
    expect(tree.root).toMatchObject({ node: 'ModifyTable', relation: 'measurement', actualRows: 0, loops: 1 });
    expect(tree.root.details).toEqual(
      expect.arrayContaining(['Update on measurement_y2024m01 measurement_1', 'WAL: records=12 fpi=2 bytes=6348']),
    );
    expect(find(tree, 'Seq Scan', 'measurement_y2024m02').filter).toBe('(city_id = 7)');
    expect(tree.executionTimeMs).toBe(0.856);
    // Such a line under any other node is still out of place.
    expect(() =>
      plan('postgresql', ['Append  (cost=0.00..49.64 rows=12 width=38)', '  Update on measurement_y2024m01 m_1']),
    ).toThrow(AppError);
  });

  it("reads CSV exports that quote only the lines holding a comma, and pgAdmin's quoted JSON cell", () => {
    const csv = read('pg-datagrip-csv.txt');
    expect(csv.root.details).toContain('Sort Key: c.region, c.name');
    expect(find(csv, 'Seq Scan', 'customers').filter).toBe("(region = ANY ('{north,south}'::text[]))");
    expect(read('pg-pgadmin-json-cell.txt').root).toMatchObject({ node: 'Seq Scan', relation: 'orders', rows: 16667 });
    // A lone quoted line that needs no quoting is not a CSV cell: it stays, and is refused.
    expect(() =>
      plan('postgresql', ['Seq Scan on orders  (cost=0.00..1637.00 rows=50000 width=36)', '"  Filter: (a = 1)"']),
    ).toThrow(AppError);
  });

  it("keeps only psql's output of a blog's paste, from the QUERY PLAN header to the (N rows) footer", () => {
    const tree = read('pg-blog-zh-nbsp.txt');
    expect(tree.root.node).toBe('Gather');
    expect(find(tree, 'Seq Scan', 't_user').loops).toBe(3);
    expect(tree.executionTimeMs).toBe(331.24);
    // Prose without psql's frame is not taken for a plan.
    expect(() => plan('postgresql', ['执行计划如下：', 'Seq Scan on t  (cost=0.00..1.00 rows=1 width=4)'])).toThrow(
      AppError,
    );
  });

  it('reads a \\G record copied from its EXPLAIN: field on', () => {
    expect(read('my80-json-subqueries.txt').root.children[0]).toMatchObject({ node: 'Dependent subquery' });
    const framed = text('my80-tree-vertical.txt');
    const copied = framed.slice(framed.indexOf('EXPLAIN: '));
    expect(parseUserPlan(copied, 'mysql').root).toEqual(read('my80-tree-vertical.txt').root);
    expect(() => plan('mysql', ['EXPLAIN: see below'])).toThrow(AppError);
  });

  it('reads tabular EXPLAIN exported as CSV (DataGrip, Navicat) or copied by MySQL Workbench', () => {
    for (const file of ['my-datagrip-csv.txt', 'my-navicat-csv.txt', 'my-workbench-copy-row.txt']) {
      const tree = read(file);
      const scan = find(tree, 'Table scan', 'o');
      expect(scan.rows, file).toBe(198432);
      expect(scan.details, file).toEqual(
        expect.arrayContaining(['Using where', 'possible_keys: idx_customer,idx_status']),
      );
      expect(find(tree, 'Unique index lookup (eq_ref)', 'c')).toMatchObject({ index: 'PRIMARY' });
    }
    expect(() => plan('mysql', ['id,select_type,table,type', '1,SIMPLE,o,ALL'])).toThrow(/rows/);
  });

  it("reads grid rows copied without their header (Navicat, DBeaver) by their columns' count", () => {
    const navicat = read('my-navicat-copy-no-header.txt');
    expect(find(navicat, 'Table scan', 'o')).toMatchObject({
      rows: 198432,
      details: expect.arrayContaining(['filtered: 5.00']),
    });
    expect(find(navicat, 'Unique index lookup (eq_ref)', 'c').details).not.toContain('(Null)');
    const analyze = read('maria-dbeaver-copy-analyze.txt');
    expect(find(analyze, 'Index lookup (ref)', 'o')).toMatchObject({ actualRows: 19.98, index: 'idx_customer' });
    // 12 cells, the second row's empty Extra lost with its tab: still MySQL 8's layout.
    const trimmed = plan('mysql', [
      '1\tSIMPLE\to\tNULL\tALL\tNULL\tNULL\tNULL\tNULL\t5000\t100.00\tUsing where',
      '1\tSIMPLE\tc\tNULL\teq_ref\tPRIMARY\tPRIMARY\t4\tshop.o.customer_id\t1\t100.00',
    ]);
    expect(find(trimmed, 'Unique index lookup (eq_ref)', 'c').rows).toBe(1);
    // A second cell that is no select_type: not a grid row of EXPLAIN.
    expect(() => plan('mysql', ['1\tSELECT\to\tNULL\tALL\tNULL\tNULL\tNULL\tNULL\t5000\t100.00\tx'])).toThrow(AppError);
  });

  it("reads psql's boxes (border 2, unicode lines) and pgcli's / mycli's, with their header rule and trailers", () => {
    const ascii = read('pg-psql-border2.txt');
    const unicode = read('pg-psql-unicode.txt');
    expect(find(ascii, 'Seq Scan', 'customers').details).toContain('Rows Removed by Filter: 90000');
    expect(ascii.executionTimeMs).toBe(13.3);
    expect(unicode.root.children.map((c) => c.node)).toEqual(['Seq Scan', 'Hash']);
    expect(find(unicode, 'Seq Scan', 'customers').relation).toBe('customers');
    expect(read('pg-pgcli.txt').root).toMatchObject({ node: 'Index Scan', index: 'orders_customer_id_idx', rows: 25 });
    expect(find(read('my-mycli.txt'), 'Table scan', 'users').details).toContain('filtered: 10.0');
    // A box line inside a plan's text (a string literal) is left as it is.
    const literal = plan('postgresql', [
      'Seq Scan on notes  (cost=0.00..25.00 rows=6 width=32)',
      "  Filter: (body = '│ x │'::text)",
    ]);
    expect(literal.root.filter).toBe("(body = '│ x │'::text)");
  });

  it("keeps MySQL TREE's top-N limit out of the sort key", () => {
    const sort = find(read('my80-tree.txt'), 'Filesort');
    expect(sort.filter).toBe('sort key: total DESC');
    expect(sort.details).toContain('limit input to 10 row(s) per chunk');
  });
});

describe('what the sweep of real plans fixed in the hotspots', () => {
  it('counts the rows a MySQL-family table passes on (rows x filtered), not the rows it reads', () => {
    // 198,432 rows at 5%: c is looked up 9,922 times, too few for a finding.
    expect(findingsOf('my-datagrip-csv.txt').map((f) => f.id)).not.toContain('plan-nested-loop-large-input');
    // 241,020 rows at 100%: 241,020 lookups.
    const lookups = findingsOf('my57-boxed-temp-filesort.txt').find((f) => f.id === 'plan-nested-loop-large-input');
    expect(lookups?.message.en).toContain('about 241,020 times');
  });

  it("does not call MySQL 8's hash join a join buffer comparing every row, and still does a block nested loop", () => {
    expect(ids(read('my80-boxed-hash-join.txt'))).not.toContain('plan-nested-loop-large-input');
    const bnl = findingsOf('maria-analyze-json.txt').find((f) => f.id === 'plan-nested-loop-large-input');
    expect(bnl?.message.en).toContain('compares each of about 10,000 outer rows with every row');
  });

  it("counts Memoize's misses as the inner side's runs, not its lookups", () => {
    expect(ids(read('pg15-memoize.txt'))).not.toContain('plan-nested-loop-large-input');
    const missing = text('pg15-memoize.txt')
      .replace('rows=1 loops=1000)', 'rows=1 loops=200000)')
      .replace('loops=100000)', 'loops=300000)');
    const findings = diagnosePlan(parseUserPlan(missing, 'postgresql')).findings;
    expect(findings.find((f) => f.id === 'plan-nested-loop-large-input')?.message.en).toContain('about 200,000 times');
  });

  it("does not take a block's subquery for an input of its join", () => {
    expect(ids(read('maria-explain-json.txt'))).not.toContain('plan-nested-loop-large-input');
  });

  it('sorts the rows measured going in: all processes of a parallel sort, the groups MariaDB sorted', () => {
    const parallel = findingsOf('pg13-gather-merge-external-sort.txt').find((f) => f.id === 'plan-filesort');
    expect(parallel?.message.en).toContain('sorts about 2,000,001 rows by amount DESC, spilling to disk');
    // MariaDB's filesort of 48 groups (estimated at 1,995,000,000) is no large sort.
    expect(ids(read('maria-analyze-json.txt'))).not.toContain('plan-filesort');
  });

  it("multiplies a parallel sort's estimate by the processes sharing it", () => {
    const estimated = plan('postgresql', [
      'Gather Merge  (cost=262411.98..359641.47 rows=833334 width=44)',
      '  Workers Planned: 2',
      '  ->  Sort  (cost=261411.96..263495.29 rows=4200 width=44)',
      '        Sort Key: amount DESC',
      '        ->  Parallel Seq Scan on payments  (cost=0.00..36205.34 rows=4200 width=44)',
    ]);
    // 4,200 rows in each of 2.4 processes' shares: 10,080 rows sorted.
    expect(diagnosePlan(estimated).findings.find((f) => f.id === 'plan-filesort')?.message.en).toContain(
      'sorts about 10,080 rows',
    );
    const serial = plan('postgresql', [
      'Sort  (cost=261411.96..263495.29 rows=4200 width=44)',
      '  Sort Key: amount DESC',
      '  ->  Seq Scan on payments  (cost=0.00..36205.34 rows=4200 width=44)',
    ]);
    expect(ids(serial)).not.toContain('plan-filesort');
  });

  it('does not call an Incremental Sort under a Limit a large sort, and does without the Limit', () => {
    expect(ids(read('pg14-incremental-sort.txt'))).not.toContain('plan-filesort');
    const whole = plan('postgresql', [
      'Incremental Sort  (cost=0.75..2801002.11 rows=100000 width=48)',
      '  Sort Key: created_at, id',
      '  Presorted Key: created_at',
      '  ->  Index Scan using events_created_at_idx on events  (cost=0.42..2796502.11 rows=100000 width=48)',
    ]);
    expect(ids(whole)).toContain('plan-filesort');
  });

  it('says nothing of a temporary table of a dozen rows, and still of a large one', () => {
    expect(ids(read('my57-small-temp.txt'))).toEqual([]);
    expect(ids(read('my57-boxed-temp-filesort.txt'))).toContain('plan-temporary-table');
  });

  it("takes no BitmapAnd's zero actual rows for a misestimate, and still finds a Bitmap Index Scan's", () => {
    expect(ids(read('pg12-psql-bitmap-and.txt'))).not.toContain('plan-row-misestimate');
    const wrong = text('pg12-psql-bitmap-and.txt').replace('rows=15402 loops=1', 'rows=154020 loops=1');
    const findings = diagnosePlan(parseUserPlan(wrong, 'postgresql')).findings;
    expect(findings.find((f) => f.id === 'plan-row-misestimate')?.message.en).toMatch(
      /^Bitmap Index Scan was estimated at 15,113 rows but returned 154,020/,
    );
  });

  it("finds MariaDB ANALYZE's misjudged condition share (filtered vs r_filtered), not when the shares agree", () => {
    const found = findingsOf('maria-analyze-table.txt').find((f) => f.id === 'plan-row-misestimate');
    expect(found?.message.en).toBe(
      'Table scan on o was expected to keep 50% of the rows it read (about 99,216 rows) but kept 2.1% (4,200; about 24x off): refresh the statistics of o (ANALYZE / ANALYZE TABLE) or check conditions on correlated columns',
    );
    expect(found?.message.zh).toContain('预计条件保留读取行的 50%');
    const agreeing = text('maria-analyze-table.txt').replace('|      2.10 |', '|     50.00 |');
    expect(ids(parseUserPlan(agreeing, 'mysql'))).not.toContain('plan-row-misestimate');
  });

  it("advises a set-returning function's ROWS, not ANALYZE, for its misestimate", () => {
    const found = findingsOf('pg15-projectset-function-values.txt').find((f) => f.id === 'plan-row-misestimate');
    expect(found?.message.en).toContain('ALTER FUNCTION ... ROWS n');
    expect(found?.message.zh).toContain('ALTER FUNCTION ... ROWS n');
    const table = findingsOf('pg16-delete-semi.txt').find((f) => f.id === 'plan-row-misestimate');
    expect(table?.message.en).toContain('refresh the statistics');
    const [worktable] = findingsOf('pg15-merge-join-setop-recursive.txt');
    expect(worktable?.message.en).toMatch(/^WorkTable Scan was estimated at 10 rows .*fixed rule/);
    expect(worktable?.message.zh).toContain('固定规则');
  });

  it("takes MySQL's rows=0 on a derived table for no estimate, and its scan for no table of the schema", () => {
    const tree = read('my80-tree-derived-window.txt');
    expect(ids(tree)).not.toContain('plan-row-misestimate');
    const estimated = text('my80-tree-derived-window.txt').replace(
      '(cost=0.00..0.00 rows=0)',
      '(cost=0.00..0.00 rows=90)',
    );
    const found = diagnosePlan(parseUserPlan(estimated, 'mysql')).findings.find((f) => f.id === 'plan-row-misestimate');
    expect(found?.message.en).toMatch(/^Materialize was estimated at 90 rows but returned 9,960/);
    const derived = plan('mysql', [
      '-> Table scan on t  (cost=2.5..2.5 rows=500000)',
      '    -> Materialize  (cost=0..0 rows=500000)',
      '        -> Table scan on orders  (cost=502000 rows=4986112)',
    ]);
    const scans = diagnosePlan(derived).findings.filter((f) => f.id === 'plan-full-scan-large-table');
    expect(scans.map((f) => f.message.en)).toEqual([
      'Table scan reads all of table orders (about 4,986,112 rows): add a condition or a LIMIT if not every row is needed',
    ]);
  });

  it('advises no index for a condition the run shows keeps most of the table, and does for one that keeps little', () => {
    const tree = read('pg16-parallel-hash-join.txt');
    const [orders, customers] = diagnosePlan(tree).findings;
    // orders: 1,333,333 kept and 333,334 removed per process, 80%; customers: 333,333 of 1,333,333, 25%.
    expect(orders?.message.en).toBe(
      "Seq Scan reads all of table orders (about 5,000,001 rows) and keeps about 80% of it after (created_at >= '2023-01-01'::date): an index on the filtered columns would not be faster than reading the table",
    );
    expect(orders?.message.zh).toContain('仍保留约 80% 的行');
    expect(customers?.message.en).toContain('reads all of table customers (about 3,999,999 rows) to filter');
    expect(tablesAnIndexMayHelp(tree)).toEqual(['customers']);
    // MySQL EXPLAIN ANALYZE: the Filter kept 21,540 of the 100,000 rows scanned, an index may help.
    expect(findingsOf('my80-explain-analyze.txt')[0]).toMatchObject({ severity: 'warning' });
    // A join buffer's condition is the join's: the table's r_filtered of 100% does not say it keeps its rows.
    const bnl = findingsOf('maria-analyze-json.txt').filter((f) => f.id === 'plan-full-scan-large-table');
    expect(bnl[1]).toMatchObject({ severity: 'warning' });
  });

  it("sizes an unfiltered Seq Scan by its estimate (the table's rows), a filtered one by its cost", () => {
    const [customers] = findingsOf('pg15-hash-anti-bitmap-or.txt');
    expect(customers?.message.en).toBe(
      'Seq Scan reads all of table customers (about 100,000 rows): add a condition or a LIMIT if not every row is needed',
    );
    const parallel = plan('postgresql', [
      'Gather  (cost=1000.00..66539.67 rows=1000000 width=36)',
      '  Workers Planned: 2',
      '  ->  Parallel Seq Scan on events  (cost=0.00..65539.67 rows=416667 width=36)',
    ]);
    expect(diagnosePlan(parallel).findings[0]?.message.en).toContain(
      'reads all of table events (about 1,000,001 rows)',
    );
    const [filtered] = findingsOf('pg-tabs-indent.txt');
    expect(filtered?.message.en).toContain('(estimated cost 1,425) to filter');
  });

  it('finds a bitmap that outgrew work_mem (lossy heap blocks), in text and JSON, and not an exact one', () => {
    const [lossy] = findingsOf('pg12-psql-bitmap-and.txt');
    expect(lossy?.message.en).toBe(
      'Bitmap Heap Scan on orders: the bitmap outgrew work_mem and kept 8,113 of 10,323 heap blocks lossy (whole pages), and 120,344 rows were rechecked and removed: a larger work_mem keeps it exact',
    );
    expect(lossy?.message.zh).toContain('8,113 个只记到页');
    const json = JSON.stringify([
      {
        Plan: {
          'Node Type': 'Bitmap Heap Scan',
          'Relation Name': 'orders',
          'Total Cost': 14512.88,
          'Plan Rows': 4876,
          'Actual Rows': 5012,
          'Actual Loops': 1,
          'Exact Heap Blocks': 0,
          'Lossy Heap Blocks': 640,
        },
      },
    ]);
    expect(diagnosePlan(parseUserPlan(json, 'postgresql')).findings[0]?.message.en).toContain(
      'kept 640 of 640 heap blocks lossy (whole pages): a larger work_mem',
    );
    const exact = text('pg12-psql-bitmap-and.txt').replace('exact=2210 lossy=8113', 'exact=10323');
    expect(ids(parseUserPlan(exact, 'postgresql'))).not.toContain('plan-lossy-bitmap');
  });

  it('takes no empty table planned at 10 pages for a misestimate, and does a filter that removed every row', () => {
    const plans = findingsOf('pg15-merge-join-setop-recursive.txt').map((f) => f.message.en);
    expect(plans.some((m) => m.includes('archived_categories'))).toBe(false);
    const removed = text('pg15-merge-join-setop-recursive.txt').replace(
      /(Seq Scan on archived_categories .*loops=1\))/,
      '$1\n                                             Filter: (active)\n                                             Rows Removed by Filter: 1000',
    );
    const found = diagnosePlan(parseUserPlan(removed, 'postgresql')).findings.map((f) => f.message.en);
    expect(found.some((m) => m.startsWith('Seq Scan on archived_categories was estimated at 1,000 rows'))).toBe(true);
  });

  it('counts the rows of one run of a sort repeated by a nested loop, and of all processes of a parallel one', () => {
    const repeated = plan('postgresql', [
      'Nested Loop  (cost=0.00..52000.00 rows=20000 width=16) (actual time=0.1..90.0 rows=20000 loops=1)',
      '  ->  Seq Scan on customers c  (cost=0.00..15.00 rows=1000 width=4) (actual time=0.01..0.2 rows=1000 loops=1)',
      '  ->  Sort  (cost=51.00..51.05 rows=20 width=12) (actual time=0.05..0.06 rows=20 loops=1000)',
      '        Sort Key: o.created_at',
      '        Sort Method: quicksort  Memory: 26kB',
      '        ->  Index Scan using orders_customer_id_idx on orders o  (cost=0.29..50.50 rows=20 width=12) (actual time=0.01..0.03 rows=20 loops=1000)',
      '              Index Cond: (customer_id = c.id)',
    ]);
    expect(ids(repeated)).not.toContain('plan-filesort');
    const parallel = findingsOf('pg13-gather-merge-external-sort.txt').find((f) => f.id === 'plan-filesort');
    expect(parallel?.message.en).toContain('sorts about 2,000,001 rows');
  });
});
