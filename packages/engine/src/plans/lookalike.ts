import type { Localized } from '@sqltune/contracts';

/**
 * What a line of pasted plan text looks like when it is not the plan the reader expected: another database's plan,
 * another of our formats met in the middle of a plan, the statement itself or an error message. Said next to the
 * 4204 reason, so the user learns what was pasted as well as what is expected. Undefined when it looks like nothing
 * we know.
 */
export function lookalike(text: string): Localized | undefined {
  const line = text.trim();
  for (const shape of shapes) if (shape.test.test(line)) return shape.says;
  return undefined;
}

const shapes: Array<{ test: RegExp; says: Localized }> = [
  {
    test: /^-> \S.*\((?:cost=[\d.e+]+ rows=[\d.e+]+|actual time=[^)]*)\)$/,
    says: {
      zh: '这一行像 MySQL 的 EXPLAIN FORMAT=TREE 节点（"-> ... (cost=N rows=N)"）',
      en: 'this line looks like a node of MySQL EXPLAIN FORMAT=TREE ("-> ... (cost=N rows=N)")',
    },
  },
  {
    test: /(?:^|\|)\s*id\s*\|\s*select_type\s*\||^\|?\s*\d+\s*\|\s*(?:SIMPLE|PRIMARY|SUBQUERY|DERIVED|UNION|DEPENDENT)\b|^\+-[-+]*\+$/i,
    says: {
      zh: '这一行像 MySQL/MariaDB 表格形式 EXPLAIN 的一行或表格边框（id | select_type | table ...）',
      en: "this line looks like a row or border of MySQL/MariaDB's tabular EXPLAIN (id | select_type | table ...)",
    },
  },
  {
    test: /\(cost=[\d.]+\.\.[\d.]+ rows=\d+ width=\d+\)/,
    says: {
      zh: '这一行像 PostgreSQL 的 EXPLAIN 节点（"(cost=a..b rows=n width=w)"）',
      en: 'this line looks like a node of PostgreSQL EXPLAIN ("(cost=a..b rows=n width=w)")',
    },
  },
  {
    test: /^Plan hash value:|\|\s*Id\s*\|\s*Operation\s*\|/,
    says: {
      zh: '这一行像 Oracle 的执行计划（DBMS_XPLAN），SQLTune 不读取 Oracle 的计划',
      en: "this line looks like Oracle's plan (DBMS_XPLAN), which SQLTune does not read",
    },
  },
  {
    test: /^StmtText\b|^\|--\s*[A-Z][\w ]*\((?:OBJECT|DEFINE|WHERE|OUTER REFERENCES):/,
    says: {
      zh: '这一行像 SQL Server 的执行计划（SHOWPLAN_TEXT），SQLTune 不读取 SQL Server 的计划',
      en: "this line looks like SQL Server's plan (SHOWPLAN_TEXT), which SQLTune does not read",
    },
  },
  {
    test: /^[|`]--\s*(?:SCAN|SEARCH|USE TEMP|CO-ROUTINE|MATERIALIZE|COMPOUND|MERGE|LIST|CORRELATED|SCALAR)\b/,
    says: {
      zh: '这一行像 SQLite 的 EXPLAIN QUERY PLAN 输出，SQLTune 不读取 SQLite 的计划',
      en: "this line looks like SQLite's EXPLAIN QUERY PLAN, which SQLTune does not read",
    },
  },
  {
    test: /^(?:ERROR\b|ERROR \d+|psql:|FATAL:|Warning:|Unknown column|You have an error in your SQL syntax)/i,
    says: {
      zh: '这一行像客户端给出的错误信息，而不是计划；请粘贴 EXPLAIN 成功执行后的输出',
      en: 'this line looks like an error message from the client, not a plan; paste the output of an EXPLAIN that ran',
    },
  },
  {
    test: /^(?:EXPLAIN\s+\S|SELECT|WITH|INSERT|UPDATE|DELETE|REPLACE)\b/i,
    says: {
      zh: '这一行像 SQL 语句本身；请粘贴 EXPLAIN 的输出结果，而不是语句',
      en: 'this line looks like the SQL statement itself; paste the output of EXPLAIN, not the statement',
    },
  },
];
