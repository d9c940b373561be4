import type { Dialect } from '@sqltune/contracts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { columnDefinitions, columnSpan, identifierSpan, isCreateTable, matchIn, targetTable } from './ddl.ts';

/** Words marked (R) in the MySQL 8.0 keyword list: usable as names only between backticks. */
const mysqlReserved = `ACCESSIBLE ADD ALL ALTER ANALYZE AND AS ASC ASENSITIVE BEFORE BETWEEN BIGINT BINARY BLOB BOTH BY CALL
CASCADE CASE CHANGE CHAR CHARACTER CHECK COLLATE COLUMN CONDITION CONSTRAINT CONTINUE CONVERT CREATE CROSS CUBE CUME_DIST
CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER CURSOR DATABASE DATABASES DAY_HOUR DAY_MICROSECOND DAY_MINUTE
DAY_SECOND DEC DECIMAL DECLARE DEFAULT DELAYED DELETE DENSE_RANK DESC DESCRIBE DETERMINISTIC DISTINCT DISTINCTROW DIV
DOUBLE DROP DUAL EACH ELSE ELSEIF EMPTY ENCLOSED ESCAPED EXCEPT EXISTS EXIT EXPLAIN FALSE FETCH FIRST_VALUE FLOAT FLOAT4
FLOAT8 FOR FORCE FOREIGN FROM FULLTEXT FUNCTION GENERATED GET GRANT GROUP GROUPING GROUPS HAVING HIGH_PRIORITY
HOUR_MICROSECOND HOUR_MINUTE HOUR_SECOND IF IGNORE IN INDEX INFILE INNER INOUT INSENSITIVE INSERT INT INT1 INT2 INT3 INT4
INT8 INTEGER INTERVAL INTO IO_AFTER_GTIDS IO_BEFORE_GTIDS IS ITERATE JOIN JSON_TABLE KEY KEYS KILL LAG LAST_VALUE LATERAL
LEAD LEADING LEAVE LEFT LIKE LIMIT LINEAR LINES LOAD LOCALTIME LOCALTIMESTAMP LOCK LONG LONGBLOB LONGTEXT LOOP
LOW_PRIORITY MASTER_BIND MASTER_SSL_VERIFY_SERVER_CERT MATCH MAXVALUE MEDIUMBLOB MEDIUMINT MEDIUMTEXT MIDDLEINT
MINUTE_MICROSECOND MINUTE_SECOND MOD MODIFIES NATURAL NOT NO_WRITE_TO_BINLOG NTH_VALUE NTILE NULL NUMERIC OF ON OPTIMIZE
OPTIMIZER_COSTS OPTION OPTIONALLY OR ORDER OUT OUTER OUTFILE OVER PARTITION PERCENT_RANK PRECISION PRIMARY PROCEDURE
PURGE RANGE RANK READ READS READ_WRITE REAL RECURSIVE REFERENCES REGEXP RELEASE RENAME REPEAT REPLACE REQUIRE RESIGNAL
RESTRICT RETURN REVOKE RIGHT RLIKE ROW ROWS ROW_NUMBER SCHEMA SCHEMAS SECOND_MICROSECOND SELECT SENSITIVE SEPARATOR SET
SHOW SIGNAL SMALLINT SPATIAL SPECIFIC SQL SQLEXCEPTION SQLSTATE SQLWARNING SQL_BIG_RESULT SQL_CALC_FOUND_ROWS
SQL_SMALL_RESULT SSL STARTING STORED STRAIGHT_JOIN SYSTEM TABLE TERMINATED THEN TINYBLOB TINYINT TINYTEXT TO TRAILING
TRIGGER TRUE UNDO UNION UNIQUE UNLOCK UNSIGNED UPDATE USAGE USE USING UTC_DATE UTC_TIME UTC_TIMESTAMP VALUES VARBINARY
VARCHAR VARCHARACTER VARYING VIRTUAL WHEN WHERE WHILE WINDOW WITH WRITE XOR YEAR_MONTH ZEROFILL`;

/** PostgreSQL's reserved key words, including those allowed only as function or type names. */
const postgresqlReserved = `ALL ANALYSE ANALYZE AND ANY ARRAY AS ASC ASYMMETRIC AUTHORIZATION BINARY BOTH CASE CAST CHECK
COLLATE COLLATION COLUMN CONCURRENTLY CONSTRAINT CREATE CROSS CURRENT_CATALOG CURRENT_DATE CURRENT_ROLE CURRENT_SCHEMA
CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER DEFAULT DEFERRABLE DESC DISTINCT DO ELSE END EXCEPT FALSE FETCH FOR FOREIGN
FREEZE FROM FULL GRANT GROUP HAVING ILIKE IN INITIALLY INNER INTERSECT INTO IS ISNULL JOIN LATERAL LEADING LEFT LIKE LIMIT
LOCALTIME LOCALTIMESTAMP NATURAL NOT NOTNULL NULL OFFSET ON ONLY OR ORDER OUTER OVERLAPS PLACING PRIMARY REFERENCES
RETURNING RIGHT SELECT SESSION_USER SIMILAR SOME SYMMETRIC TABLE TABLESAMPLE THEN TO TRAILING TRUE UNION UNIQUE USER
USING VARIADIC VERBOSE WHEN WHERE WINDOW WITH`;

const reserved: Record<Dialect, Set<string>> = {
  mysql: new Set(mysqlReserved.split(/\s+/)),
  postgresql: new Set(postgresqlReserved.split(/\s+/)),
};

const dialectName: Record<Dialect, string> = { mysql: 'MySQL', postgresql: 'PostgreSQL' };
const quoted: Record<Dialect, (name: string) => string> = {
  mysql: (name) => `\`${name}\``,
  postgresql: (name) => `"${name}"`,
};

/** A table or column named with a reserved word (`order`, `group`, `rank`, `user`), in CREATE TABLE or ALTER TABLE. */
export const reservedWordIdentifier: Rule = {
  id: 'reserved-word-identifier',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'CREATE TABLE leaderboard (id BIGINT PRIMARY KEY, player_id BIGINT NOT NULL, `rank` INT NOT NULL)',
    good: 'CREATE TABLE leaderboard (id BIGINT PRIMARY KEY, player_id BIGINT NOT NULL, player_rank INT NOT NULL)',
  },
  rewrites: false,
  title: { zh: '标识符是保留字', en: 'Identifier is a reserved word' },
  rationale: {
    zh: '保留字（如 order、group、key、desc，MySQL 8.0 新增的 rank、groups、function、system，PostgreSQL 的 user、offset）作表名或列名时，每条语句都必须加引号（MySQL 用反引号，PostgreSQL 用双引号），漏掉一处就是语法错误；手写 SQL、ORM、报表和数据同步工具都容易出错，升级到新版本时新保留的词还会让原本正常的语句失效。请换一个非保留的名字，例如 order_no、sort_rank。',
    en: 'A reserved word (order, group, key, desc; rank, groups, function and system since MySQL 8.0; user and offset in PostgreSQL) used as a table or column name must be quoted in every statement (backticks in MySQL, double quotes in PostgreSQL), and one missed quote is a syntax error. Hand-written SQL, ORMs, reporting and data-sync tools all trip on it, and words reserved by a newer version break statements that used to work after an upgrade. Pick a name that is not reserved, such as order_no or sort_rank.',
  },
  detect({ statement }) {
    const words = reserved[statement.dialect];
    const matches: RuleMatch[] = [];
    const report = (kind: { zh: string; en: string }, name: string, span: ReturnType<typeof identifierSpan>) =>
      matches.push(
        matchIn(span, {
          zh: `${kind.zh} ${name} 是 ${dialectName[statement.dialect]} 的保留字，每次使用都必须写成 ${quoted[statement.dialect](name)}。`,
          en: `${kind.en} ${name} is a reserved word in ${dialectName[statement.dialect]} and must be written ${quoted[statement.dialect](name)} everywhere.`,
        }),
      );
    const table = isCreateTable(statement.ast) ? targetTable(statement.ast) : undefined;
    if (table && words.has(table.toUpperCase()))
      report({ zh: '表名', en: 'Table name' }, table, identifierSpan(statement, table));
    for (const column of columnDefinitions(statement.ast, statement.dialect)) {
      if (words.has(column.name.toUpperCase())) {
        report({ zh: '列名', en: 'Column name' }, column.name, columnSpan(statement, column));
      }
    }
    return matches;
  },
};
