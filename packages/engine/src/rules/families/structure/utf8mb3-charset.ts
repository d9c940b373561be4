import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children } from '../../../model/ast.ts';
import { isCreate } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import {
  alterActions,
  columnDefinitions,
  columnSpan,
  isCreateTable,
  keywordSpan,
  matchIn,
  optionValue,
  targetTable,
} from './ddl.ts';

/** `utf8` is an alias of `utf8mb3` in MySQL 8.0; collations are named after their character set. */
function isUtf8mb3(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === 'utf8' || lower === 'utf8mb3' || lower.startsWith('utf8_') || lower.startsWith('utf8mb3_');
}

/** Table options (CREATE TABLE, ALTER TABLE, CREATE DATABASE) that set a character set or a collation. */
function tableLevelSettings(ast: AstNode): string[] {
  const isCharsetOption = (keyword: unknown) => /charset|character set|collate/i.test(String(keyword ?? ''));
  if (isCreateTable(ast)) {
    return children(ast, 'table_options')
      .filter((option) => isCharsetOption(option.keyword))
      .map((option) => optionValue(option.value));
  }
  if (isCreate(ast) && (ast.keyword === 'database' || ast.keyword === 'schema')) {
    return children(ast, 'create_definitions')
      .filter((option) => isCharsetOption(option.keyword))
      .map((option) => optionValue(option.value));
  }
  return alterActions(ast)
    .filter((action) => !action.action && isCharsetOption(action.resource))
    .map((action) => optionValue(action[String(action.resource)]));
}

/** A column's own CHARACTER SET or COLLATE. */
function columnSettings(definition: AstNode): string[] {
  const charset = optionValue(child(definition, 'character_set')?.value);
  const collation = child(child(definition, 'collate') ?? {}, 'collate')?.name;
  return [charset, typeof collation === 'string' ? collation : ''];
}

function objectName(statement: ParsedStatement): Localized {
  const ast = statement.ast;
  if (isCreate(ast) && (ast.keyword === 'database' || ast.keyword === 'schema')) {
    const name = optionValue(children(child(ast, 'database') ?? {}, 'schema')[0]);
    return { zh: `库 ${name}`, en: `database ${name}` };
  }
  const table = targetTable(ast) ?? '';
  return { zh: `表 ${table}`, en: `table ${table}` };
}

/** `CHARSET=utf8` (an alias of utf8mb3): three bytes a character at most, so emoji and rarer CJK characters do not fit. */
export const utf8mb3Charset: Rule = {
  id: 'utf8mb3-charset',
  category: 'Other',
  severity: 'warning',
  dialects: ['mysql'],
  example: {
    bad: 'CREATE TABLE comment_post (id BIGINT PRIMARY KEY, body VARCHAR(2000) NOT NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8',
    good: 'CREATE TABLE comment_post (id BIGINT PRIMARY KEY, body VARCHAR(2000) NOT NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4',
  },
  rewrites: false,
  title: { zh: '字符集使用 utf8（utf8mb3）', en: 'Character set utf8 (utf8mb3) instead of utf8mb4' },
  rationale: {
    zh: 'MySQL 的 utf8 是 utf8mb3 的别名，每个字符最多 3 字节，只覆盖基本多文种平面：emoji、部分生僻汉字（扩展 B 区及以后）等 4 字节字符在严格模式下写入报错（Incorrect string value），非严格模式下被截断。utf8mb3 已被官方标记为弃用。请使用 utf8mb4（MySQL 8.0 的默认字符集）及其排序规则，如 utf8mb4_0900_ai_ci。',
    en: "MySQL's utf8 is an alias of utf8mb3: at most 3 bytes a character, the Basic Multilingual Plane only. Emoji, rarer CJK characters (Extension B onwards) and other 4-byte characters fail with 'Incorrect string value' in strict mode and are cut off otherwise. utf8mb3 is deprecated. Use utf8mb4, the MySQL 8.0 default, with a utf8mb4 collation such as utf8mb4_0900_ai_ci.",
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    const tableSetting = tableLevelSettings(statement.ast).find(isUtf8mb3);
    if (tableSetting) {
      const where = objectName(statement);
      matches.push(
        matchIn(keywordSpan(statement, [tableSetting.toUpperCase()]), {
          zh: `${where.zh} 使用 ${tableSetting}（3 字节 UTF-8）；请改为 utf8mb4。`,
          en: `The ${where.en} uses ${tableSetting} (3-byte UTF-8); use utf8mb4.`,
        }),
      );
    }
    for (const column of columnDefinitions(statement.ast, statement.dialect)) {
      const setting = columnSettings(column.node).find(isUtf8mb3);
      if (!setting) continue;
      matches.push(
        matchIn(columnSpan(statement, column), {
          zh: `列 ${column.name} 使用 ${setting}（3 字节 UTF-8）；请改为 utf8mb4。`,
          en: `Column ${column.name} uses ${setting} (3-byte UTF-8); use utf8mb4.`,
        }),
      );
    }
    return matches;
  },
};
