import type { Dialect } from '@sqltune/contracts';
import { MYSQL_RESERVED, POSTGRESQL_RESERVED } from '../../../semantics/reserved-words.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { columnDefinitions, columnSpan, identifierSpan, isCreateTable, matchIn, targetTable } from './ddl.ts';

const reserved: Record<Dialect, ReadonlySet<string>> = { mysql: MYSQL_RESERVED, postgresql: POSTGRESQL_RESERVED };

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
