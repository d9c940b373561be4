import type { Localized } from '@sqltune/contracts';
import { codeTokens, lex, type Token } from '../../text/lexer.ts';
import { placeholderText, substitutionRole, templatePlaceholders } from '../../text/placeholders.ts';
import { xmlSpan } from '../analyze-mapper.ts';
import { PARAMETER, type Traced, writtenAt } from '../traced.ts';
import { bothFrameworks, type MapperRule, type MapperRuleMatch } from './rule.ts';

/**
 * `${name}` (iBatis `$name$`) left in the SQL at run time: MyBatis pastes the value into the statement text, so
 * whoever controls it controls the statement. A `${}` an `<include>` property fills when the file is read is not
 * reported: that text is fixed. Where the place holds a value, the `#{}` that binds it is named; a LIKE pattern
 * gets the concatenation that keeps the wildcards; a name (ORDER BY, FROM) can only be checked against a fixed list;
 * a piece of SQL (a condition after WHERE or after another condition) is written with <if> and #{}, or built only
 * from fixed text.
 */
export const textSubstitution: MapperRule = {
  id: 'mapper-text-substitution',
  severity: 'critical',
  category: 'Other',
  frameworks: bothFrameworks,
  title: {
    zh: '映射文件中的 ${} 文本替换（SQL 注入风险）',
    en: '${} text substitution in a mapper (SQL injection risk)',
  },
  rationale: {
    zh: "${...}（iBatis 中为 $...$）在运行时把参数值原样拼进 SQL：不转义、不做类型检查，能控制参数的人就能改写语句（SQL 注入），每个不同的值还会生成一条新语句，无法复用执行计划。值请用 #{...}（iBatis 为 #...#）绑定；LIKE 用 CONCAT('%', #{kw}, '%')；表名、列名、排序方向只能拼接时，先在 Java 代码中用固定的白名单校验，或用 <choose> 写出允许的几种写法。",
    en: "${...} ($...$ in iBatis) pastes the parameter into the SQL text at run time: no escaping, no type check, so whoever controls the parameter can rewrite the statement (SQL injection), and every distinct value makes a new statement whose plan cannot be reused. Bind values with #{...} (#...# in iBatis); for LIKE use CONCAT('%', #{kw}, '%'); where a table, column or sort direction must be pasted, check it against a fixed list in Java first, or spell out the allowed forms with <choose>.",
  },
  example: {
    bad: '<select id="find">SELECT id, name FROM users WHERE name = \'${name}\' ORDER BY ${sort}</select>',
    good: '<select id="find">SELECT id, name FROM users WHERE name = #{name} ORDER BY created_at</select>',
  },
  supersedes: ['template-placeholder-in-sql', 'template-placeholder-in-string'],
  detect({ statement, variants, dialect }) {
    const matches: MapperRuleMatch[] = [];
    const ibatis = statement.framework === 'ibatis';
    for (const { template } of variants) {
      const tokens = lex(template.text, { mysql: dialect === 'mysql' });
      const code = codeTokens(tokens);
      for (const placeholder of templatePlaceholders(code)) {
        const { sigil, first, last } = placeholder;
        const { start, end } = placeholderText(code, placeholder);
        if (sigil !== '$' || template.originAt(start)?.kind !== PARAMETER) continue;
        const written = writtenAt(template, start, end);
        matches.push({
          span: xmlSpan(template, spanAt(template, start, end), statement.site),
          message: codeAdvice(written, nameOf(written), code, first, last, ibatis),
        });
      }
      for (const token of tokens) {
        if (token.kind !== 'string') continue;
        for (const found of token.text.matchAll(/\$\{([^}]*)\}/g)) {
          const start = token.start + found.index;
          if (template.originAt(start)?.kind !== PARAMETER) continue;
          const end = start + found[0].length;
          matches.push({
            span: xmlSpan(template, spanAt(template, start, end), statement.site),
            message: stringAdvice(
              writtenAt(template, start, end),
              found[1]!.trim(),
              writtenAt(template, token.start, token.end),
              dialect === 'mysql',
              ibatis,
            ),
          });
        }
      }
    }
    return matches;
  },
};

function spanAt(template: Traced, start: number, end: number) {
  const before = template.text.slice(0, start);
  const line = before.split('\n').length;
  return { line, column: start - before.lastIndexOf('\n'), length: end - start };
}

function nameOf(written: string): string {
  return written
    .replace(/^\$\{?|\}?\$?$/g, '')
    .split(',')[0]!
    .trim();
}

function bindOf(name: string, ibatis: boolean): string {
  return ibatis ? `#${name}#` : `#{${name}}`;
}

/** The tags that write a condition or choose among fixed forms, as the mapper's framework spells them. */
function tagsOf(ibatis: boolean) {
  return ibatis
    ? { conditions: '<dynamic>/<isNotEmpty>', choice: '<isEqual>' }
    : { conditions: '<if>/<where>', choice: '<choose>' };
}

/**
 * `${}` among the SQL's tokens: a row count (LIMIT), a row range (paging SQL), a piece of SQL, a value (after an
 * operator), or a name.
 */
function codeAdvice(
  written: string,
  name: string,
  code: Token[],
  first: number,
  last: number,
  ibatis: boolean,
): Localized {
  const tags = tagsOf(ibatis);
  switch (substitutionRole(code, first, last)) {
    case 'row-count':
      return {
        zh: `${written} 把行数原样拼进 SQL；改用 ${bindOf(name, ibatis)}，LIMIT/OFFSET 可以绑定参数。`,
        en: `${written} pastes a row count into the SQL; use ${bindOf(name, ibatis)}: LIMIT and OFFSET take bind parameters.`,
      };
    case 'row-range':
      return {
        zh: `${written} 把分页的行范围（LIMIT/OFFSET 或数据库的分页 SQL）原样拼进语句；行数和偏移请用 ${bindOf('…', ibatis)} 参数绑定（LIMIT/OFFSET 可以绑定）；由框架拼成的分页片段（如 Flowable 的 limitBefore/limitBetween/limitAfter）只能由固定文本和数字拼成，绝不能含用户输入。`,
        en: `${written} pastes a row range (LIMIT/OFFSET or the database's paging SQL) into the statement; bind the row count and offset with ${bindOf('…', ibatis)} parameters (LIMIT and OFFSET take them), and keep a paging piece the framework builds (Flowable's limitBefore/limitBetween/limitAfter) made only of fixed text and numbers, never of user input.`,
      };
    case 'fragment':
      return {
        zh: `${written} 把一段 SQL 文本（条件或子句）原样拼进语句；能写在映射文件里的条件请用 ${tags.conditions} 加 ${bindOf('…', ibatis)} 参数写出；必须在 Java 中拼接的（如数据权限过滤），只能由固定文本和数字拼成，绝不能含用户输入。`,
        en: `${written} pastes a piece of SQL (a condition or clause) into the statement; write conditions in the mapper with ${tags.conditions} and ${bindOf('…', ibatis)} parameters, and where one must be built in Java (a data-scope filter, for example), build it only from fixed text and numbers, never from user input.`,
      };
    case 'column-operator':
      return {
        zh: `${written} 把列名和比较运算符原样拼进条件（如 mybatis-generator 的 criterion.condition，由生成的 Example 类用固定文本拼成）；只能由这类固定文本拼成，绝不能含用户输入，否则请用 ${tags.conditions} 加 ${bindOf('…', ibatis)} 参数写出条件。`,
        en: `${written} pastes a column and its operator into the condition (as mybatis-generator's criterion.condition, built by the generated Example class from fixed text); keep it built only from such fixed text, never from user input, or write the condition in the mapper with ${tags.conditions} and ${bindOf('…', ibatis)} parameters.`,
      };
    case 'value':
      return {
        zh: `${written} 把值原样拼进 SQL；改用绑定参数 ${bindOf(name, ibatis)}。`,
        en: `${written} pastes a value into the SQL; bind it with ${bindOf(name, ibatis)} instead.`,
      };
    case 'name':
      return {
        zh: `${written} 把名称原样拼进 SQL；名称无法绑定，请先在 Java 中用固定的白名单校验 ${name}，或用 ${tags.choice} 写出允许的几种写法。`,
        en: `${written} pastes a name into the SQL; names cannot be bound, so check ${name} against a fixed list in Java first, or spell out the allowed forms with ${tags.choice}.`,
      };
  }
}

/** `string` is the quoted string as written in the file (`'%$name$%'` in iBatis). */
function stringAdvice(written: string, name: string, string: string, mysql: boolean, ibatis: boolean): Localized {
  const bind = bindOf(name, ibatis);
  const pattern = /%/.test(string);
  if (pattern) {
    const rewritten = mysql ? `CONCAT('%', ${bind}, '%')` : `'%' || ${bind} || '%'`;
    return {
      zh: `字符串 ${string} 中的 ${written} 把值原样拼进 SQL；LIKE 模式请写成 ${rewritten}。`,
      en: `${written} in ${string} pastes the value into the SQL; write the LIKE pattern as ${rewritten}.`,
    };
  }
  return {
    zh: `字符串 ${string} 中的 ${written} 把值原样拼进 SQL，一个单引号就能结束字符串；改用 ${bind}（不带引号）。`,
    en: `${written} in ${string} pastes the value into the SQL, where one quote ends the string; use ${bind} (without the quotes).`,
  };
}
