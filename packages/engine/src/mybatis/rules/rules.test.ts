import type { Dialect, Finding } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { analyzeMapper } from '../analyze-mapper.ts';
import type { Framework } from '../model.ts';
import { mapperRules } from './registry.ts';

/**
 * Each mapper rule on mappers that have what it reports and on mappers that do not; positions are the XML's.
 * The rules' own examples are cases too: the bad one is reported, the good one is not.
 */
interface Case {
  readonly rule: string;
  readonly name: string;
  /** The statements, written inside `<mapper namespace="m">` (or `<sqlMap>`), starting on line 2. */
  readonly body: string;
  readonly framework?: Framework;
  readonly dialect?: Dialect;
  readonly schema?: string;
  readonly matches: number;
  /** Where the first match points: `line:column` of the XML. */
  readonly at?: string;
  /** A fragment of the first match's English message. */
  readonly says?: string;
}

const largeOrders =
  'CREATE TABLE orders (id BIGINT PRIMARY KEY, status INT, user_id BIGINT);\n-- sqltune:stats orders rows=5000000';
const smallOrders =
  'CREATE TABLE orders (id BIGINT PRIMARY KEY, status INT, user_id BIGINT);\n-- sqltune:stats orders rows=2000';

const cases: Case[] = [
  // mapper-text-substitution
  {
    rule: 'mapper-text-substitution',
    name: 'a value pasted into a string',
    body: `  <select id="a">SELECT id FROM users WHERE name = '\${name}'</select>`,
    matches: 1,
    at: '2:53',
    says: 'use #{name}',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a <bind> of a literal is known text, not a run-time value',
    body: `  <select id="a"><bind name="sort" value="'created_at'"/>SELECT id FROM users ORDER BY \${sort} DESC</select>`,
    matches: 0,
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a <bind> of a parameter is pasted at run time',
    body: `  <select id="a"><bind name="sort" value="orderBy"/>SELECT id FROM users ORDER BY \${sort} DESC</select>`,
    matches: 1,
    says: 'check sort against a fixed list',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a <bind> built from a parameter is pasted at run time',
    body: `  <select id="a"><bind name="p" value="'%' + name + '%'"/>SELECT id FROM users WHERE name LIKE '\${p}'</select>`,
    matches: 1,
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a <bind> of a static field is only known at run time',
    body: `  <select id="a"><bind name="sort" value="@com.x.Constants@FIELD"/>SELECT id FROM users ORDER BY \${sort}</select>`,
    matches: 1,
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a LIKE pattern gets the CONCAT form',
    body: `  <select id="a">SELECT id FROM users WHERE name LIKE '%\${kw}%'</select>`,
    matches: 1,
    says: "CONCAT('%', #{kw}, '%')",
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a sort column can only be checked against a list',
    body: '  <select id="a">SELECT id FROM users ORDER BY ${sort}</select>',
    matches: 1,
    at: '2:48',
    says: 'fixed list',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a sort column pasted into a quoted name is pasted all the same',
    body: '  <select id="a">SELECT id FROM users ORDER BY `${sort}` DESC, `id`</select>',
    matches: 1,
    at: '2:49',
    says: 'check sort against a fixed list',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a table pasted into a quoted name (PostgreSQL)',
    body: '  <select id="a">SELECT id FROM "${schema}_users" WHERE "id" = #{id}</select>',
    dialect: 'postgresql',
    matches: 1,
    at: '2:34',
    says: 'fixed list',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a condition built in Java, after the last one (a data-scope filter)',
    body: `  <select id="a">SELECT id FROM users WHERE del_flag = '0' \${params.dataScope}</select>`,
    matches: 1,
    says: 'a piece of SQL',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a whole condition after WHERE',
    body: '  <select id="a">SELECT id FROM users WHERE ${where}</select>',
    matches: 1,
    says: 'a piece of SQL',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a sort direction after a column is a name, not a piece of SQL',
    body: '  <select id="a">SELECT id FROM users ORDER BY created_at ${dir}</select>',
    matches: 1,
    says: 'fixed list',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a compared value is still a value',
    body: '  <select id="a">SELECT id FROM users WHERE a = 1 AND b = ${b}</select>',
    matches: 1,
    says: 'bind it with #{b}',
  },
  {
    rule: 'mapper-text-substitution',
    name: "a whole condition after AND (MyBatis-Plus' ew.sqlSegment) is a piece of SQL, not a value",
    body: '  <select id="a">SELECT id FROM users WHERE tenant_id = #{t} AND ${ew.sqlSegment}</select>',
    matches: 1,
    says: 'a piece of SQL',
  },
  {
    rule: 'mapper-text-substitution',
    name: "the wrapper's clause after the table (MyBatis-Plus' ew.customSqlSegment) is a piece of SQL, not a name",
    body: '  <select id="a">SELECT id FROM users ${ew.customSqlSegment}</select>',
    matches: 1,
    at: '2:39',
    says: 'a piece of SQL',
  },
  {
    rule: 'mapper-text-substitution',
    name: "mybatis-generator's condition before its value is a column and its operator",
    body: '  <select id="a">SELECT id FROM users WHERE (${criterion.condition} #{criterion.value})</select>',
    matches: 1,
    says: 'a column and its operator',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a value in a parenthesized list stays a value',
    body: '  <select id="a">SELECT id FROM users WHERE a = 1 AND id IN (${ids})</select>',
    matches: 1,
    says: 'bind it with #{ids}',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a column pasted before its operator is a name',
    body: '  <select id="a">SELECT id FROM users WHERE a = 1 AND ${column} = #{v}</select>',
    matches: 1,
    says: 'fixed list',
  },
  {
    rule: 'mapper-text-substitution',
    name: "BETWEEN's AND is followed by a value",
    body: '  <select id="a">SELECT id FROM users WHERE a BETWEEN #{low} AND ${high}</select>',
    matches: 1,
    says: 'bind it with #{high}',
  },
  {
    rule: 'mapper-text-substitution',
    name: "both numbers of MySQL's LIMIT offset, count are row counts, not a name or a value",
    body: '  <select id="a">SELECT id FROM users ORDER BY id LIMIT ${offset}, ${pageSize}</select>',
    matches: 2,
    says: '${offset} pastes a row count',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'the count after the offset is a row count too',
    body: '  <select id="a">SELECT id FROM users ORDER BY id LIMIT #{offset}, ${pageSize}</select>',
    matches: 1,
    says: '${pageSize} pastes a row count',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'FETCH FIRST takes a row count',
    dialect: 'postgresql',
    body: '  <select id="a">SELECT id FROM users ORDER BY id FETCH FIRST ${n} ROWS ONLY</select>',
    matches: 1,
    says: 'pastes a row count',
  },
  {
    rule: 'mapper-text-substitution',
    name: "Flowable's paging after the select list is a row range, not a name",
    body: '  <select id="a">SELECT RES.* ${limitBetween} FROM users RES WHERE RES.id = #{id}</select>',
    matches: 1,
    at: '2:31',
    says: '${limitBetween} pastes a row range',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'paging pasted last, after the order, is a row range',
    body: '  <select id="a">SELECT id FROM users WHERE a = #{a} ORDER BY id ${limitAfter}</select>',
    matches: 1,
    says: '${limitAfter} pastes a row range',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a column named like paging where a name goes is still a name',
    body: '  <select id="a">SELECT id FROM users ORDER BY ${pageSort}</select>',
    matches: 1,
    says: '${pageSort} pastes a name',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'a value named like paging is still a value',
    body: '  <select id="a">SELECT id FROM users WHERE page_id = ${pageId}</select>',
    matches: 1,
    says: '${pageId} pastes a value',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'iBatis names its own tags in the advice',
    framework: 'ibatis',
    body: '  <select id="a">SELECT id FROM users ORDER BY $orderBy$</select>',
    matches: 1,
    says: 'spell out the allowed forms with <isEqual>',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'iBatis: the string is quoted as the file writes it',
    framework: 'ibatis',
    body: '  <select id="a">SELECT id FROM users WHERE name LIKE \'%$name$%\'</select>',
    matches: 1,
    says: "$name$ in '%$name$%' pastes",
  },
  {
    rule: 'leading-wildcard-like',
    name: 'a pattern built around a parameter is quoted whole, not by its first piece',
    body: "  <select id=\"a\">SELECT id FROM users WHERE name LIKE concat('%', #{name}, '%')</select>",
    matches: 1,
    says: "The pattern concat('%', #{name}, '%') starts",
  },
  {
    rule: 'leading-wildcard-like',
    name: 'a written pattern is quoted as it is',
    body: '  <select id="a">SELECT id FROM users WHERE name LIKE \'%:code\'</select>',
    matches: 1,
    says: "The pattern '%:code' starts",
  },
  {
    rule: 'leading-wildcard-like',
    name: "iBatis: a statement rule's message quotes the parameters as the file writes them",
    framework: 'ibatis',
    body: '  <select id="a">SELECT id FROM users WHERE name LIKE \'%$name$%\'</select>',
    matches: 1,
    says: "'%$name$%'",
  },
  {
    rule: 'mapper-text-substitution',
    name: 'iBatis $value$ in code',
    framework: 'ibatis',
    body: '  <select id="a">SELECT id FROM users WHERE id = $id$</select>',
    matches: 1,
    at: '2:50',
    says: 'bind it with #id#',
  },
  {
    rule: 'mapper-text-substitution',
    name: 'an include property fills ${} when the file is read: fixed text',
    body: [
      '  <sql id="cols">${alias}.id, ${alias}.name</sql>',
      '  <select id="a">SELECT <include refid="cols"><property name="alias" value="u"/></include> FROM users u</select>',
    ].join('\n'),
    matches: 0,
  },
  {
    rule: 'mapper-text-substitution',
    name: 'bound parameters',
    body: '  <select id="a">SELECT id FROM users WHERE id = #{id}</select>',
    matches: 0,
  },

  // duplicate-predicate (a statement rule), on what can render in one run
  {
    rule: 'duplicate-predicate',
    name: 'a condition in two <if>s that can both hold is a duplicate',
    body: '  <select id="a">SELECT id FROM users <where><if test="a != null">AND status = 1</if>\n    <if test="b != null">AND status = 1</if></where></select>',
    matches: 1,
    at: '3:30',
    says: 'status = 1 appears twice',
  },
  {
    rule: 'duplicate-predicate',
    name: 'a condition written twice outside any tag is a duplicate',
    body: '  <select id="a">SELECT id FROM users WHERE status = 1 AND name = #{n} AND status = 1</select>',
    matches: 1,
  },
  {
    rule: 'duplicate-predicate',
    name: 'a condition in an <if> and again outside it is a duplicate',
    body: '  <select id="a">SELECT id FROM users WHERE a IS NULL <if test="x == 1">AND a IS NULL</if></select>',
    matches: 1,
  },
  {
    rule: 'duplicate-predicate',
    name: 'tests joined by and, one shared, can hold together',
    body: '  <select id="a">SELECT id FROM users <where><if test="x == 1 and y != null">AND a IS NULL</if><if test="x == 1">AND a IS NULL</if></where></select>',
    matches: 1,
  },
  {
    rule: 'duplicate-predicate',
    name: 'a test with or is not read as excluding another',
    body: '  <select id="a">SELECT id FROM users <where><if test="x == 1 or y == 2">AND a IS NULL</if><if test="x == 2">AND a IS NULL</if></where></select>',
    matches: 1,
  },
  {
    rule: 'duplicate-predicate',
    name: '<if>s on two values of one parameter never render together',
    body: '  <select id="a">SELECT id FROM users <where><if test="x == 1">AND a IS NULL</if><if test="x == 2">AND a IS NULL</if></where></select>',
    matches: 0,
  },
  {
    rule: 'duplicate-predicate',
    name: "<if>s on a parameter null and not null, with OGNL's words, never render together",
    // (`kind neq 'a'` alone holds for a null kind too, as `kind == null` does: OGNL's null is not 'a'.)
    body: `  <select id="a">SELECT id FROM users <where><if test="kind eq 'a'">AND status = 1</if><if test="kind != null and kind neq 'a'">AND status = 1</if><if test="kind == null">AND status = 1</if></where></select>`,
    matches: 0,
  },
  {
    rule: 'duplicate-predicate',
    name: 'two <choose> branches never render together, nested <if>s in them neither',
    body: '  <select id="a">SELECT id FROM users <where><choose><when test="t != null"><if test="u != null">AND a IS NULL</if></when><otherwise>AND a IS NULL</otherwise></choose><if test="x == 1"><choose><when test="y">AND b = 1</when><otherwise>AND b = 1</otherwise></choose></if></where></select>',
    matches: 0,
  },
  {
    rule: 'duplicate-predicate',
    name: 'iBatis: isNull and isNotNull of one property never render together',
    framework: 'ibatis',
    body: '  <select id="a">SELECT id FROM users <dynamic prepend="WHERE"><isNull property="x" prepend="AND">status = 1</isNull><isNotNull property="x" prepend="AND">status = 1</isNotNull></dynamic></select>',
    matches: 0,
  },

  // mapper-write-where-disappears
  {
    rule: 'mapper-write-where-disappears',
    name: 'not when the SET is conditional too: with every condition false the text is no statement, and changes nothing',
    body: `  <update id="a">UPDATE users <if test="field == 'email'">SET email = NULL WHERE email = ''</if><if test="field == 'phone'">SET phone = NULL WHERE phone = ''</if></update>`,
    matches: 0,
  },
  {
    rule: 'mapper-write-where-disappears',
    name: 'a DELETE whose every condition is an <if>',
    body: '  <delete id="d">DELETE FROM orders\n    <where><if test="id != null">id = #{id}</if><if test="userId != null">AND user_id = #{userId}</if></where>\n  </delete>',
    matches: 1,
    at: '3:5',
    says: 'affects every row of orders',
  },
  {
    rule: 'mapper-write-where-disappears',
    name: 'an iBatis UPDATE under <dynamic prepend="WHERE">',
    framework: 'ibatis',
    body: '  <update id="u">UPDATE orders SET status = 2\n    <dynamic prepend="WHERE"><isNotNull prepend="AND" property="id">id = #id#</isNotNull></dynamic>\n  </update>',
    matches: 1,
    at: '3:5',
  },
  {
    rule: 'mapper-write-where-disappears',
    name: 'a key written outside the conditions',
    body: '  <update id="u">UPDATE orders <set><if test="status != null">status = #{status},</if></set> WHERE id = #{id}</update>',
    matches: 0,
  },
  {
    rule: 'mapper-write-where-disappears',
    name: 'a SELECT is not a write',
    body: '  <select id="s">SELECT id FROM orders <where><if test="id != null">id = #{id}</if></where></select>',
    matches: 0,
  },

  // mapper-select-where-disappears
  {
    rule: 'mapper-select-where-disappears',
    name: 'a search form submitted empty reads a large table',
    schema: largeOrders,
    body: '  <select id="s">SELECT id, status FROM orders\n    <where><if test="status != null">status = #{status}</if></where>\n  </select>',
    matches: 1,
    at: '3:5',
    says: 'orders (5,000,000)',
  },
  {
    rule: 'mapper-select-where-disappears',
    name: 'the table is small',
    schema: smallOrders,
    body: '  <select id="s">SELECT id, status FROM orders <where><if test="status != null">status = #{status}</if></where></select>',
    matches: 0,
  },
  {
    rule: 'mapper-select-where-disappears',
    name: 'a page of a large table',
    schema: largeOrders,
    body: '  <select id="s">SELECT id FROM orders <where><if test="status != null">status = #{status}</if></where> LIMIT 20</select>',
    matches: 0,
  },

  // mapper-choose-without-otherwise
  {
    rule: 'mapper-choose-without-otherwise',
    name: "mybatis-generator's choice of the criterion's kind: one of the four always holds",
    body: '  <delete id="d">DELETE FROM orders <where><foreach collection="criteria" item="criterion"><choose><when test="criterion.noValue">and id = #{criterion.value}</when><when test="criterion.singleValue">and id = #{criterion.value}</when><when test="criterion.betweenValue">and id = #{criterion.value}</when><when test="criterion.listValue">and id = #{criterion.value}</when></choose></foreach></where></delete>',
    matches: 0,
  },
  {
    rule: 'mapper-choose-without-otherwise',
    name: 'three of the four kinds: the fourth would render no condition',
    body: '  <delete id="d">DELETE FROM orders <where><foreach collection="criteria" item="criterion"><choose><when test="criterion.noValue">and id = #{criterion.value}</when><when test="criterion.singleValue">and id = #{criterion.value}</when><when test="criterion.betweenValue">and id = #{criterion.value}</when></choose></foreach></where></delete>',
    matches: 1,
  },
  {
    rule: 'mapper-choose-without-otherwise',
    name: 'the choose holds the only conditions',
    body: '  <select id="s">SELECT id FROM users <where>\n    <choose><when test="id != null">id = #{id}</when><when test="email != null">email = #{email}</when></choose>\n  </where></select>',
    matches: 1,
    at: '3:5',
  },
  {
    rule: 'mapper-choose-without-otherwise',
    name: 'an otherwise',
    body: '  <select id="s">SELECT id FROM users <where><choose><when test="id != null">id = #{id}</when><otherwise>1 = 0</otherwise></choose></where></select>',
    matches: 0,
  },
  {
    rule: 'mapper-choose-without-otherwise',
    name: 'a condition outside the choose stays',
    body: '  <select id="s">SELECT id FROM users WHERE tenant = #{tenant} <choose><when test="id != null">AND id = #{id}</when></choose></select>',
    matches: 0,
  },

  // mapper-empty-clause
  {
    rule: 'mapper-empty-clause',
    name: 'a <set> of <if>s only',
    body: '  <update id="u">UPDATE users\n    <set><if test="name != null">name = #{name},</if></set>\n    WHERE id = #{id}</update>',
    matches: 1,
    at: '3:5',
  },
  {
    rule: 'mapper-empty-clause',
    name: 'a <set> with a fixed assignment',
    body: '  <update id="u">UPDATE users <set>updated_at = now(), <if test="name != null">name = #{name},</if></set> WHERE id = #{id}</update>',
    matches: 0,
  },
  {
    rule: 'mapper-empty-clause',
    name: 'a SET written before <if>s only',
    body: '  <update id="u">UPDATE users SET\n    <if test="name != null">name = #{name},</if>\n    <if test="email != null">email = #{email}</if>\n    WHERE id = #{id}</update>',
    matches: 1,
    at: '2:31',
    says: 'nothing follows SET',
  },
  {
    rule: 'mapper-empty-clause',
    name: 'a SET written before a fixed assignment and <if>s',
    body: '  <update id="u">UPDATE users SET updated_at = now()\n    <if test="name != null">, name = #{name}</if>\n    WHERE id = #{id}</update>',
    matches: 0,
  },
  {
    rule: 'mapper-empty-clause',
    name: 'iBatis: a <dynamic prepend="SET"> of conditions only',
    framework: 'ibatis',
    body: '  <update id="u">UPDATE users <dynamic prepend="SET"><isNotNull prepend="," property="name">name = #name#</isNotNull></dynamic> WHERE id = #id#</update>',
    matches: 1,
    at: '2:31',
    says: '<dynamic prepend="SET"> renders nothing',
  },
  {
    rule: 'mapper-empty-clause',
    name: 'iBatis: a <dynamic prepend="SET"> with a fixed assignment',
    framework: 'ibatis',
    body: '  <update id="u">UPDATE users <dynamic prepend="SET">updated_at = now()<isNotNull prepend="," property="name">name = #name#</isNotNull></dynamic> WHERE id = #id#</update>',
    matches: 0,
  },

  // mapper-foreach-unbounded-in
  {
    rule: 'mapper-foreach-unbounded-in',
    name: 'IN <foreach>',
    body: '  <select id="s">SELECT id FROM users WHERE id IN\n    <foreach collection="ids" item="i" open="(" separator="," close=")">#{i}</foreach></select>',
    matches: 1,
    at: '3:5',
    says: 'ids',
  },
  {
    rule: 'mapper-foreach-unbounded-in',
    name: 'iBatis IN <iterate>',
    framework: 'ibatis',
    body: '  <select id="s">SELECT id FROM users WHERE id IN <iterate property="ids" open="(" close=")" conjunction=",">#ids[]#</iterate></select>',
    matches: 1,
    at: '2:51',
  },
  {
    rule: 'mapper-foreach-unbounded-in',
    name: 'the size is bounded',
    body: '  <select id="s">SELECT id FROM users WHERE id IN <if test="ids.size() &lt;= 500"><foreach collection="ids" item="i" open="(" separator="," close=")">#{i}</foreach></if></select>',
    matches: 0,
  },
  {
    rule: 'mapper-foreach-unbounded-in',
    name: 'a batch insert is not an IN list',
    body: '  <insert id="i">INSERT INTO users (id, name) VALUES <foreach collection="list" item="u" separator=",">(#{u.id}, #{u.name})</foreach></insert>',
    matches: 0,
  },

  // mapper-where-1-equals-1
  {
    rule: 'mapper-where-1-equals-1',
    name: 'WHERE 1=1 before <if>s',
    body: '  <select id="s">SELECT id FROM users\n    WHERE 1=1 <if test="name != null">AND name = #{name}</if></select>',
    matches: 1,
    at: '3:5',
  },
  {
    rule: 'mapper-where-1-equals-1',
    name: 'iBatis WHERE 1 = 1',
    framework: 'ibatis',
    body: '  <select id="s">SELECT id FROM users WHERE 1 = 1 <isNotNull prepend="AND" property="name">name = #name#</isNotNull></select>',
    matches: 1,
    at: '2:39',
  },
  {
    rule: 'mapper-where-1-equals-1',
    name: '<where> does the job',
    body: '  <select id="s">SELECT id FROM users <where><if test="name != null">AND name = #{name}</if></where></select>',
    matches: 0,
  },
  {
    rule: 'mapper-where-1-equals-1',
    name: 'a column named like a condition',
    body: '  <select id="s">SELECT id FROM users WHERE 1=1.5 OR id = #{id}</select>',
    matches: 0,
  },
];

function findingsOf(xml: string, framework: Framework, dialect: Dialect, schema?: string): Finding[] {
  const analysis = analyzeMapper({ files: [{ name: 'm.xml', text: xml }], framework, dialect, schemaText: schema });
  return analysis.statements.flatMap((s) => s.findings);
}

function wrap(body: string, framework: Framework): string {
  return framework === 'ibatis'
    ? `<sqlMap namespace="m">\n${body}\n</sqlMap>`
    : `<mapper namespace="m">\n${body}\n</mapper>`;
}

describe('mapper rules', () => {
  it('every rule has both languages, a severity and a case that reports it and one that does not', () => {
    for (const rule of mapperRules) {
      for (const text of [rule.title, rule.rationale]) {
        expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
        expect(text.en).toMatch(/[a-z]/);
      }
      expect(cases.filter((c) => c.rule === rule.id && c.matches > 0).length, rule.id).toBeGreaterThan(0);
      expect(cases.filter((c) => c.rule === rule.id && c.matches === 0).length, rule.id).toBeGreaterThan(0);
    }
  });

  for (const c of cases) {
    it(`${c.rule}: ${c.name} (${c.matches})`, () => {
      const framework = c.framework ?? 'mybatis';
      const findings = findingsOf(wrap(c.body, framework), framework, c.dialect ?? 'mysql', c.schema);
      const matched = findings.filter((f) => f.id === c.rule);
      expect(matched, JSON.stringify(findings.map((f) => f.id))).toHaveLength(c.matches);
      const [first] = matched;
      if (c.at) expect(`${first!.span!.line}:${first!.span!.column}`).toBe(c.at);
      if (first) expect(first.span!.file).toBe('m.xml');
      if (c.says) expect(first!.message.en).toContain(c.says);
      if (first) expect(first.message.zh).toMatch(/[\u4e00-\u9fff]/);
    });
  }

  for (const rule of mapperRules) {
    it(`${rule.id}: its own example is reported, its fixed form is not`, () => {
      const framework = rule.frameworks.includes('mybatis') ? 'mybatis' : 'ibatis';
      const schema = rule.id === 'mapper-select-where-disappears' ? largeOrders : undefined;
      const bad = findingsOf(wrap(rule.example.bad, framework), framework, 'mysql', schema);
      expect(bad.map((f) => f.id)).toContain(rule.id);
      if (rule.example.good) {
        const good = findingsOf(wrap(rule.example.good, framework), framework, 'mysql', schema);
        expect(good.map((f) => f.id)).not.toContain(rule.id);
      }
    });
  }

  it('an UPDATE whose every assignment is conditional: the empty variant is a finding, not an error; the rest is planned', () => {
    for (const [framework, body] of [
      [
        'mybatis',
        '  <update id="u">UPDATE users SET <if test="name != null">name = #{name},</if> <if test="email != null">email = #{email}</if> WHERE id = #{id}</update>',
      ],
      [
        'mybatis',
        '  <update id="u">UPDATE users <set><if test="name != null">name = #{name},</if></set> WHERE id = #{id}</update>',
      ],
      [
        'ibatis',
        '  <update id="u">UPDATE users <dynamic prepend="SET"><isNotNull prepend="," property="name">name = #name#</isNotNull></dynamic> WHERE id = #id#</update>',
      ],
    ] as const) {
      const [statement] = analyzeMapper({
        files: [{ name: 'm.xml', text: wrap(body, framework) }],
        dialect: 'mysql',
      }).statements;
      expect(statement!.error, body).toBeUndefined();
      expect(
        statement!.variants.map((v) => [v.error, v.template.text.replace(/\s+/g, ' ').trim()]),
        body,
      ).toEqual([
        [
          undefined,
          expect.stringMatching(/^UPDATE users SET name = #\{name\},? (email = #\{email\} )?WHERE id = #\{id\}$/),
        ],
      ]);
      expect(statement!.findings.map((f) => f.id)).toContain('mapper-empty-clause');
    }
    // A statement that does not parse for another reason is still an error.
    const [broken] = analyzeMapper({
      files: [
        { name: 'm.xml', text: wrap('  <update id="u">UPDATE users SET WHERE WHERE id = #{id}</update>', 'mybatis') },
      ],
      dialect: 'mysql',
    }).statements;
    expect(broken!.variants.some((v) => v.error) || broken!.error).toBeTruthy();
  });

  it('a rule that says it more precisely leaves out the statement rule it supersedes', () => {
    const xml = wrap(
      '  <delete id="d">DELETE FROM orders <where><if test="id != null">id = #{id}</if></where></delete>',
      'mybatis',
    );
    const ids = findingsOf(xml, 'mybatis', 'mysql').map((f) => f.id);
    expect(ids).toContain('mapper-write-where-disappears');
    expect(ids).not.toContain('delete-without-where');
  });
});
