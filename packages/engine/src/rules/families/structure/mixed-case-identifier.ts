import { codeTokens, lex } from '../../../text/lexer.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { isAlterTable, isCreateIndex, isCreateTable } from './ddl.ts';

/**
 * `CREATE TABLE "OrderItem" (...)` in PostgreSQL: a quoted name keeps its capitals, and every later
 * reference must quote it the same way. The parser drops the quotes of table names, so this reads tokens.
 */
export const mixedCaseIdentifier: Rule = {
  id: 'mixed-case-identifier',
  category: 'Other',
  severity: 'warning',
  dialects: ['postgresql'],
  example: {
    bad: 'CREATE TABLE "OrderItem" ("orderId" BIGINT PRIMARY KEY, quantity INT NOT NULL)',
    good: 'CREATE TABLE order_item (order_id BIGINT PRIMARY KEY, quantity INT NOT NULL)',
  },
  rewrites: false,
  title: { zh: '带引号的大小写混合标识符', en: 'Quoted mixed-case identifier' },
  rationale: {
    zh: 'PostgreSQL 把不带引号的标识符一律折叠为小写，带双引号的标识符则原样保留大小写。用 "OrderItem" 建表后，之后的每条语句、每个工具都必须写成带引号且大小写完全一致的 "OrderItem"；写成 OrderItem 或 orderitem 会报 relation "orderitem" does not exist，列名同理。这是 ORM 迁移到 PostgreSQL 时最常见的问题之一。请使用小写加下划线的名字（order_item），不要加引号。',
    en: 'PostgreSQL folds unquoted identifiers to lower case and keeps the case of quoted ones. Once a table is created as "OrderItem", every statement and every tool has to write "OrderItem", quoted and with exactly those capitals; OrderItem or orderitem fails with relation "orderitem" does not exist, and columns behave the same way. It is among the commonest problems when an ORM schema moves to PostgreSQL. Use unquoted lower-case names with underscores (order_item).',
  },
  detect({ statement }) {
    const ast = statement.ast;
    if (!isCreateTable(ast) && !isAlterTable(ast) && !isCreateIndex(ast)) return [];
    const seen = new Set<string>();
    const matches: RuleMatch[] = [];
    for (const token of codeTokens(lex(statement.text, { mysql: false }))) {
      if (token.kind !== 'quoted') continue;
      const name = token.text.slice(1, -1).replace(/""/g, '"');
      if (name === name.toLowerCase() || seen.has(name)) continue;
      seen.add(name);
      matches.push({
        span: { start: token.start, end: token.end },
        message: {
          zh: `标识符 "${name}" 含大写字母且带引号：之后每次引用都必须写成 "${name}"；不带引号会被当作 ${name.toLowerCase()}。`,
          en: `Identifier "${name}" is quoted with capitals: every reference must write "${name}"; unquoted it reads as ${name.toLowerCase()}.`,
        },
      });
    }
    return matches;
  },
};
