import { describe, expect, it } from 'vitest';
import { exampleWhereClause } from '../../../../test-support/mybatis-generator.ts';
import { analyzeMapper } from './analyze-mapper.ts';
import { MAX_VARIANTS } from './variants.ts';

/** Variant expansion (its order, coverage and bound) and the values bound for the optimizer. */
function statementOf(body: string, schemaText?: string, dialect: 'mysql' | 'postgresql' = 'mysql') {
  const text = `<mapper namespace="m">\n${body}\n</mapper>`;
  const analysis = analyzeMapper({ files: [{ name: 'm.xml', text }], dialect, schemaText });
  return analysis.statements[0]!;
}

/** The variants' texts of two sibling `<if>`s in a `<where>`, rendering `a = 1` and `b = 2`. */
function siblingTexts(testA: string, testB: string): string[] {
  const statement = statementOf(
    `  <select id="s">SELECT id FROM users <where><if test="${testA}">AND a = 1</if><if test="${testB}">AND b = 2</if></where></select>`,
  );
  return statement.variants.map((v) => v.template.text.replace(/\s+/g, ' ').trim());
}

describe('variants', () => {
  it('every parameter set, every parameter null, one-item loops, and each <if> body seen at least once', () => {
    const statement = statementOf(
      [
        '  <select id="s">SELECT id FROM users',
        '    <where>',
        '      <if test="name != null">AND name = #{name}</if>',
        '      <if test="name == null and email != null">AND email = #{email}</if>',
        '      <if test="ids != null">AND id IN <foreach collection="ids" item="i" open="(" separator="," close=")">#{i}</foreach></if>',
        '    </where>',
        '  </select>',
      ].join('\n'),
    );
    const texts = statement.variants.map((v) => v.template.text.replace(/\s+/g, ' '));
    expect(texts[0]).toBe('SELECT id FROM users WHERE name = #{name} AND id IN (#{i}, #{i}, #{i})');
    expect(texts[1]).toBe('SELECT id FROM users');
    expect(texts[2]).toBe('SELECT id FROM users WHERE name = #{name} AND id IN (#{i})');
    // `name == null and email != null` is false when every parameter is set and when none is: forced on.
    expect(texts[3]).toBe('SELECT id FROM users WHERE email = #{email}');
    expect(statement.variants[3]!.variant.label.en).toMatch(
      /only <if test="name == null and email != null"> \(line 5\)/,
    );
    expect(texts).toHaveLength(4);
    expect(statement.leftOut).toEqual([]);
  });

  it('siblings comparing one parameter with different values never render together: the first compared decides', () => {
    const statement = statementOf(
      [
        '  <update id="s">UPDATE users',
        `    <if test="field == 'email'">SET email = NULL WHERE email = ''<if test="level == 2"> AND level = 2</if></if>`,
        `    <if test="field != null and field == 'phone'">SET phone = NULL WHERE phone = ''</if>`,
        '  </update>',
      ].join('\n'),
    );
    const texts = statement.variants.map((v) => v.template.text.replace(/\s+/g, ' ').trim());
    // Every parameter set: field is 'email' from its first comparison on, so the second <if> does not hold too.
    expect(texts[0]).toBe("UPDATE users SET email = NULL WHERE email = '' AND level = 2");
    expect(texts).toContain("UPDATE users SET phone = NULL WHERE phone = ''");
    expect(texts.filter((t) => t.includes('email') && t.includes('phone'))).toEqual([]);
    // As mappers write a string for OGNL: `.toString()`, equals either way round.
    for (const [a, b] of [
      ["type == '1'.toString()", "type == '2'.toString()"],
      ["'1'.equals(type)", "type.equals('2')"],
    ]) {
      const sorted = statementOf(
        `  <select id="s">SELECT id FROM users <where><if test="${a}">AND a = 1</if><if test="${b}">AND b = 2</if></where></select>`,
      );
      expect(sorted.variants[0]!.template.text.replace(/\s+/g, ' '), a).toBe('SELECT id FROM users WHERE a = 1');
    }
  });

  it('siblings comparing one nested property (q.type == 1 / q.type == 2) never render together either', () => {
    for (const [a, b] of [
      ['q.type == 1', 'q.type == 2'],
      ["q.type != null and q.type == 'a'", "q.type == 'b'"],
      ["q.type.equals('1')", "'2'.equals(q.type)"],
    ]) {
      const texts = siblingTexts(a, b);
      expect(texts[0], a).toBe('SELECT id FROM users WHERE a = 1');
      expect(texts, a).toContain('SELECT id FROM users WHERE b = 2');
      expect(
        texts.filter((t) => t.includes('a = 1') && t.includes('b = 2')),
        a,
      ).toEqual([]);
    }
    // Other properties of one object, and one path against a longer one, are not the same parameter.
    for (const [a, b] of [
      ['q.type == 1', 'q.kind == 2'],
      ['q.type == 1', 'p.type == 2'],
      ['q.type == 1', 'q.type.code == 2'],
    ]) {
      expect(siblingTexts(a, b)[0], `${a} / ${b}`).toBe('SELECT id FROM users WHERE a = 1 AND b = 2');
    }
  });

  it('pastes the ${} of a <bind> of a literal as known text; a bind of a parameter stays a ${}', () => {
    const constant = statementOf(
      `  <select id="s"><bind name="col" value="'created_at'"/><bind name="n" value="'a' + 'b'"/>SELECT id FROM users WHERE \${n} = #{n} ORDER BY \${col} DESC LIMIT 10</select>`,
    );
    expect(constant.variants.map((v) => v.template.text.trim())).toEqual([
      'SELECT id FROM users WHERE ab = #{n} ORDER BY created_at DESC LIMIT 10',
    ]);
    // Planned with its sort and LIMIT: nothing is left to run time.
    expect(constant.variants[0]!.bound).toMatchObject({ substitutions: 0, emptied: [] });
    expect(constant.variants[0]!.bound.withoutSort).toBeUndefined();
    expect(constant.variants[0]!.bound.sql.text).toMatch(/ORDER BY created_at DESC LIMIT 10$/);
    // An include's property of the same name is pasted first, as MyBatis does when it reads the mapper.
    const property = statementOf(
      [
        '  <sql id="f">ORDER BY ${col}</sql>',
        `  <select id="s"><bind name="col" value="'created_at'"/>SELECT id FROM users <include refid="f"><property name="col" value="id"/></include></select>`,
      ].join('\n'),
    );
    expect(property.variants[0]!.template.text.trim()).toBe('SELECT id FROM users ORDER BY id');
    for (const value of ['orderBy', "'%' + name + '%'", '@com.x.Constants@FIELD', 'col']) {
      const runTime = statementOf(
        `  <select id="s"><bind name="col" value="${value}"/>SELECT id FROM users ORDER BY \${col}</select>`,
      );
      expect(runTime.variants[0]!.template.text.trim(), value).toBe('SELECT id FROM users ORDER BY ${col}');
    }
    // A later bind of a parameter under the same name is a run-time value again.
    const rebound = statementOf(
      `  <select id="s"><bind name="col" value="'a'"/><bind name="col" value="sort"/>SELECT id FROM users ORDER BY \${col}</select>`,
    );
    expect(rebound.variants[0]!.template.text.trim()).toBe('SELECT id FROM users ORDER BY ${col}');
  });

  it('a fragment included at several places renders at each, and its <if> is a decision point once', () => {
    const statement = statementOf(
      [
        '  <sql id="c"><if test="x != null">x</if> y</sql>',
        '  <select id="s">SELECT <include refid="c"/>, <include refid="c"/>, <include refid="c"/> FROM t</select>',
      ].join('\n'),
    );
    const texts = statement.variants.map((v) => v.template.text.replace(/\s+/g, ' '));
    expect(texts).toEqual(['SELECT x y , x y , x y FROM t', 'SELECT y , y , y FROM t']);
    expect(statement.error).toBeUndefined();
  });

  it('refuses a statement whose includes or loops multiply without growing its text, at once', () => {
    // Each fragment includes the next twice, 32 deep: 2^32 renderings of nothing, which used to run for hours.
    const chain = Array.from(
      { length: 32 },
      (_, i) => `  <sql id="f${i}">${i < 31 ? `<include refid="f${i + 1}"/><include refid="f${i + 1}"/>` : ''}</sql>`,
    );
    const included = statementOf([...chain, '  <select id="s">SELECT 1 <include refid="f0"/></select>'].join('\n'));
    expect(included.error?.detail.message.en).toMatch(/statement s expands through more than 200000 elements/);
    const loops = statementOf(
      `  <select id="s">SELECT 1 ${'<foreach collection="l" item="i">'.repeat(40)}${'</foreach>'.repeat(40)}</select>`,
    );
    expect(loops.error?.detail).toMatchObject({ code: 4202, line: 2 });
  });

  it('each <choose> branch, and no branch without <otherwise>', () => {
    const statement = statementOf(
      '  <select id="s">SELECT id FROM users WHERE <choose><when test="id != null">id = #{id}</when><when test="email != null">email = #{email}</when><otherwise>1 = 0</otherwise></choose></select>',
    );
    const texts = statement.variants.map((v) => v.template.text);
    expect(texts).toEqual([
      'SELECT id FROM users WHERE id = #{id}',
      'SELECT id FROM users WHERE 1 = 0',
      'SELECT id FROM users WHERE email = #{email}',
    ]);
  });

  it("plans mybatis-generator's Example with no criteria: the whole table, with and without its ${} <if>s", () => {
    const statement = statementOf(
      [
        '  <select id="selectByExample">select <if test="distinct">distinct</if> id, name from users',
        '    <if test="_parameter != null">',
        ...exampleWhereClause('oredCriteria'),
        '    </if>',
        '    <if test="orderByClause != null">order by ${orderByClause}</if>',
        '  </select>',
      ].join('\n'),
      'CREATE TABLE users (id BIGINT PRIMARY KEY, name VARCHAR(20));',
    );
    const empty = statement.variants.filter((v) => v.variant.label.en.includes('with no items'));
    expect(empty.map((v) => v.bound.sql.text.replace(/\s+/g, ' ').trim())).toEqual([
      'select id, name from users',
      'select distinct id, name from users',
    ]);
    expect(empty.map((v) => v.bound.substitutions)).toEqual([0, 0]);
    expect(empty[0]!.variant.label).toEqual({
      zh: '第 5 行的 <foreach collection="oredCriteria"> 没有项（Example 没有任何条件，WHERE 消失：整张表），其余参数为空',
      en: '<foreach collection="oredCriteria"> (line 5) with no items (an Example with no criteria, no WHERE: the whole table), every other parameter null',
    });
    expect(empty[1]!.variant.label.en).toMatch(/every other parameter set, <if test="orderByClause != null"> false$/);
    expect(empty[1]!.variant.label.zh).toMatch(/<if test="orderByClause != null"> 不成立$/);
    // Every variant with a criterion keeps its ${criterion.condition}: no column is made up for it.
    for (const v of statement.variants.filter((v) => v.template.text.includes('criterion'))) {
      expect(v.bound.substitutions).toBeGreaterThan(0);
    }
  });

  it('gives no empty-loop variant to a loop that is not the whole of a <where>, nor to one that pastes nothing', () => {
    const inList = statementOf(
      '  <select id="s">SELECT id FROM users WHERE id IN <foreach collection="ids" item="i" open="(" separator="," close=")">${i}</foreach></select>',
    );
    const bound = statementOf(
      '  <select id="s">SELECT id FROM users <where><foreach collection="ids" item="i" separator="or">id = #{i}</foreach></where></select>',
    );
    for (const statement of [inList, bound]) {
      expect(statement.variants.map((v) => v.variant.label.en).join('\n')).not.toMatch(/with no items/);
    }
  });

  it(`stops at ${MAX_VARIANTS} variants and lists what it left out`, () => {
    const choose = (n: number) =>
      `<choose>${[1, 2, 3, 4].map((k) => `<when test="p${n} == ${k}">AND c${n} = ${k} </when>`).join('')}</choose>`;
    const statement = statementOf(
      `  <select id="s">SELECT id FROM t <where>${[1, 2, 3, 4, 5, 6].map(choose).join('\n')}</where></select>`,
    );
    expect(statement.variants).toHaveLength(MAX_VARIANTS);
    expect(statement.leftOut.length).toBeGreaterThan(0);
    expect(statement.leftOut[0]!.en).toMatch(/<choose> \(line \d\) takes <when test="p\d == \d">/);
    expect(statement.leftOut[0]!.zh).toMatch(/第 \d 行的 <choose>/);
    expect(new Set(statement.variants.map((v) => v.template.text)).size).toBe(MAX_VARIANTS);
  });
});

describe('parameters bound for the optimizer', () => {
  const schema = [
    'CREATE TABLE users (id BIGINT PRIMARY KEY, name VARCHAR(64), born DATE, score DECIMAL(5,2), active TINYINT);',
  ].join('\n');

  it('typed from the column they meet, else from jdbcType; LIMIT a page; each loop item its own value', () => {
    const statement = statementOf(
      [
        '  <select id="s">SELECT id FROM users',
        '    WHERE id = #{id} AND name = #{name} AND born &gt; #{since} AND #{score} &lt; score',
        '    AND created = #{created,jdbcType=TIMESTAMP}',
        '    AND id IN <foreach collection="ids" item="i" open="(" separator="," close=")">#{i}</foreach>',
        '    LIMIT #{offset}, #{size}',
        '  </select>',
      ].join('\n'),
      schema,
    );
    const bound = statement.variants[0]!.bound.sql.text.replace(/\s+/g, ' ');
    expect(bound).toBe(
      "SELECT id FROM users WHERE id = 1 AND name = 'b' AND born > '2024-01-03' AND 4.5 < score AND created = '2024-01-05 00:00:00' AND id IN (6, 7, 8) LIMIT 0, 10",
    );
    // Every position of the bound text still points at the XML: the stand-in for #{id} at the #{id}.
    const at = statement.variants[0]!.bound.sql.text.indexOf('= 1') + 2;
    const origin = statement.variants[0]!.bound.sql.originAt(at)!;
    expect(origin.file.text.slice(origin.offset, origin.offset + 5)).toBe('#{id}');
  });

  it("types an INSERT's values by their columns past the jdbcType options' commas (mybatis-generator's insert)", () => {
    const statement = statementOf(
      '  <insert id="i">insert into users (name, status, age) values (#{name,jdbcType=VARCHAR}, #{status,jdbcType=VARCHAR}, #{age})</insert>',
      'CREATE TABLE users (id BIGINT PRIMARY KEY, name VARCHAR(20), status INT, age INT);',
    );
    // The column decides over jdbcType; each value takes the type of its own column.
    expect(statement.variants[0]!.bound.sql.text).toMatch(/values \('a', 2, 3\)/);
  });

  it('types a parameter from the column its own query reads, not from a table a CTE shadows', () => {
    const twoCodes = [
      'CREATE TABLE users (id BIGINT PRIMARY KEY, code VARCHAR(8), born DATE, note VARCHAR(20));',
      'CREATE TABLE codes (code INT);',
    ].join('\n');
    const bound = (sql: string) =>
      statementOf(`  <select id="s">${sql}</select>`, twoCodes).variants[0]!.bound.sql.text;
    // Two tables have a code column: the statement's own table decides.
    expect(bound('SELECT id FROM users WHERE code = #{code}')).toBe("SELECT id FROM users WHERE code = 'a'");
    expect(bound('SELECT 1 FROM codes WHERE code = #{code}')).toBe('SELECT 1 FROM codes WHERE code = 1');
    // The CTE's born is the table's note (text), not the table's DATE born.
    expect(bound('WITH users AS (SELECT id, note AS born FROM users) SELECT id FROM users WHERE born = #{d}')).toBe(
      "WITH users AS (SELECT id, note AS born FROM users) SELECT id FROM users WHERE born = 'a'",
    );
    expect(bound('SELECT id FROM users WHERE born = #{d}')).toBe("SELECT id FROM users WHERE born = '2024-01-01'");
  });

  it('gives a second loop over the same items the values of the first, in order', () => {
    const loop = (column: string) =>
      `${column} IN <foreach collection="ids" item="i" open="(" separator="," close=")">#{i}</foreach>`;
    const statement = statementOf(
      `  <select id="s">SELECT id FROM users WHERE ${loop('id')} OR ${loop('score')} OR name = #{name}</select>`,
      schema,
    );
    expect(statement.variants[0]!.bound.sql.text.replace(/\s+/g, ' ')).toBe(
      "SELECT id FROM users WHERE id IN (1, 2, 3) OR score IN (1, 2, 3) OR name = 'd'",
    );
    // A property written twice outside any loop keeps one value.
    const twice = statementOf(
      '  <select id="t">SELECT id FROM users WHERE id = #{id} OR score = #{id}</select>',
      schema,
    );
    expect(twice.variants[0]!.bound.sql.text).toBe('SELECT id FROM users WHERE id = 1 OR score = 1');
  });

  it('types a parameter compared with != from its column, on either side (RuoYi: r.role_id != #{roleId})', () => {
    const levels = 'CREATE TABLE users (id BIGINT PRIMARY KEY, level INT, name VARCHAR(9));';
    const bound = (sql: string) => statementOf(`  <select id="s">${sql}</select>`, levels).variants[0]!.bound.sql.text;
    expect(bound('SELECT id FROM users WHERE level != #{a} OR #{b} != level OR level &lt;&gt; #{c}')).toBe(
      'SELECT id FROM users WHERE level != 1 OR 2 != level OR level <> 3',
    );
    // A text column keeps its quoted value.
    expect(bound('SELECT id FROM users WHERE name != #{n}')).toBe("SELECT id FROM users WHERE name != 'a'");
  });

  it('types a parameter the statement casts by the cast, not by the column its expression meets', () => {
    const jobs = 'CREATE TABLE jobs (id BIGINT PRIMARY KEY, updated_time TIMESTAMP, day DATE, note TEXT);';
    const bound = (sql: string, dialect: 'mysql' | 'postgresql' = 'postgresql') =>
      statementOf(`  <update id="u">${sql}</update>`, jobs, dialect).variants[0]!.bound.sql.text;
    // Linkis: milliseconds cast to bigint inside to_timestamp() (a timestamp stand-in was a 4202 on valid input).
    expect(bound('UPDATE jobs SET updated_time = to_timestamp(#{millis}::bigint / 1000) WHERE id = #{id}')).toBe(
      'UPDATE jobs SET updated_time = to_timestamp(1::bigint / 1000) WHERE id = 2',
    );
    expect(bound('UPDATE jobs SET note = #{n} WHERE id = ANY(#{ids}::bigint[])')).toBe(
      "UPDATE jobs SET note = 'a' WHERE id = ANY('{2}'::bigint[])",
    );
    expect(bound('UPDATE jobs SET note = #{n} WHERE day = CAST(#{d} AS DATE)', 'mysql')).toBe(
      "UPDATE jobs SET note = 'a' WHERE day = CAST('2024-01-02' AS DATE)",
    );
    // Without a cast the column types it; a type the families do not know leaves it to the column.
    expect(bound('UPDATE jobs SET updated_time = #{t} WHERE id = #{id}')).toBe(
      "UPDATE jobs SET updated_time = '2024-01-01 00:00:00' WHERE id = 2",
    );
    expect(bound('UPDATE jobs SET note = #{n}::mood WHERE id = #{id}')).toBe(
      "UPDATE jobs SET note = 'a'::mood WHERE id = 2",
    );
  });

  it("gives a loop's item named as a property outside the loop values of its own (RuoYi's businessType)", () => {
    const shadowed = statementOf(
      [
        '  <select id="s">SELECT id FROM users WHERE level = #{level}',
        '    OR level IN <foreach collection="levels" item="level" open="(" separator="," close=")">#{level}</foreach>',
        '  </select>',
      ].join('\n'),
      'CREATE TABLE users (id BIGINT PRIMARY KEY, level INT);',
    );
    // Every parameter set: the list holds three distinct values, none of them the property's.
    expect(shadowed.variants[0]!.bound.sql.text.replace(/\s+/g, ' ')).toBe(
      'SELECT id FROM users WHERE level = 1 OR level IN (2, 3, 4)',
    );
  });

  it('plans a ${} appended after a finished condition as empty, and names it', () => {
    const scoped = statementOf(
      '  <select id="s">SELECT id FROM users WHERE score = #{score} ${params.dataScope} ORDER BY id</select>',
      schema,
    );
    expect(scoped.variants[0]!.bound).toMatchObject({ substitutions: 0, emptied: ['${params.dataScope}'] });
    // The column still types the parameter: the text parsed with the piece left out.
    expect(scoped.variants[0]!.bound.sql.text.replace(/\s+/g, ' ')).toBe(
      'SELECT id FROM users WHERE score = 1.5 ORDER BY id',
    );
    // Where the statement without it would not be whole, or a name stands: left as written.
    // MyBatis-Plus' `FROM t ${ew.customSqlSegment}` (its `WHERE ...` or nothing) is planned as empty too.
    const wrapped = statementOf('  <select id="s">SELECT id FROM users ${ew.customSqlSegment}</select>', schema);
    expect(wrapped.variants[0]!.bound).toMatchObject({ substitutions: 0, emptied: ['${ew.customSqlSegment}'] });
    expect(wrapped.variants[0]!.bound.sql.text.trim()).toBe('SELECT id FROM users');
    // Flowable's `${prefix}ACT_RU_TASK`: a prefix of a table the structure has is planned empty, typing from it.
    const prefixed = statementOf('  <select id="s">SELECT id FROM ${prefix}users WHERE score = #{s}</select>', schema);
    expect(prefixed.variants[0]!.bound).toMatchObject({ substitutions: 0, emptied: ['${prefix}'] });
    expect(prefixed.variants[0]!.bound.sql.text).toBe('SELECT id FROM users WHERE score = 1.5');
    for (const body of [
      // A prefix of a table the structure does not have names another table.
      'SELECT id FROM ${prefix}orders',
      'SELECT id FROM users WHERE ${where}',
      // A whole condition after AND: the statement without it would end in AND.
      'SELECT id FROM users WHERE score = #{score} AND ${ew.sqlSegment}',
      'SELECT id FROM ${table}',
      'SELECT id FROM users WHERE score = #{score} AND (${ew.sqlSegment})',
    ]) {
      const kept = statementOf(`  <select id="s">${body}</select>`, schema).variants[0]!.bound;
      expect(kept).toMatchObject({ substitutions: 1, emptied: [] });
    }
  });

  it('plans a LIKE pattern MySQL joins from strings and a parameter ("%"#{title}"%"), and says it starts with %', () => {
    const statement = statementOf(
      '  <select id="s">SELECT id FROM users WHERE name LIKE "%"#{name}"%" AND score = #{s}</select>',
      schema,
    );
    const [variant] = statement.variants;
    expect(variant!.error).toBeUndefined();
    expect(variant!.bound).toMatchObject({ substitutions: 0 });
    // The value goes between the strings, which MySQL joins into one pattern.
    expect(variant!.bound.sql.text).toBe(`SELECT id FROM users WHERE name LIKE "%"'a'"%" AND score = 2.5`);
    const like = statement.findings.find((f) => f.id === 'leading-wildcard-like');
    expect(like?.message.en).toContain('The pattern "%"#{name}"%" starts with a wildcard');
  });

  it('leaves ${} as written: such a text is analyzed, not planned', () => {
    const statement = statementOf('  <select id="s">SELECT ${columns} FROM users ORDER BY id</select>', schema);
    expect(statement.variants[0]!.bound.substitutions).toBe(1);
    expect(statement.variants[0]!.bound.sql.text).toBe('SELECT ${columns} FROM users ORDER BY id');
  });

  it('plans a ${} row count with the row counts of a #{}', () => {
    const paged = statementOf(
      '  <select id="s">SELECT id FROM users WHERE score = #{s} ORDER BY id LIMIT ${offset}, ${pageSize}</select>',
      schema,
    );
    expect(paged.variants[0]!.bound).toMatchObject({ substitutions: 0, emptied: [] });
    expect(paged.variants[0]!.bound.sql.text).toBe('SELECT id FROM users WHERE score = 1.5 ORDER BY id LIMIT 0, 10');
    const offset = statementOf('  <select id="s">SELECT id FROM users ORDER BY id LIMIT ${n} OFFSET ${o}</select>');
    expect(offset.variants[0]!.bound.sql.text).toBe('SELECT id FROM users ORDER BY id LIMIT 10 OFFSET 0');
  });

  it('plans an ORDER BY with a run-time sort key without the whole sort and its LIMIT, and names them', () => {
    const cases: Array<[string, string, string]> = [
      [
        'SELECT id FROM users WHERE score = #{s} ORDER BY ${orderBy} ${direction}\n  LIMIT ${offset}, ${pageSize}',
        'SELECT id FROM users WHERE score = 1.5 ',
        'ORDER BY ${orderBy} ${direction} LIMIT ${offset}, ${pageSize}',
      ],
      ['SELECT id FROM users ORDER BY ${sort}', 'SELECT id FROM users ', 'ORDER BY ${sort}'],
      [
        'SELECT id FROM users ORDER BY ${a} DESC, ${b} LIMIT #{n} OFFSET #{o}',
        'SELECT id FROM users ',
        'ORDER BY ${a} DESC, ${b} LIMIT #{n} OFFSET #{o}',
      ],
      [
        'SELECT id FROM (SELECT id FROM users ORDER BY ${sort} LIMIT 5) t',
        'SELECT id FROM (SELECT id FROM users ) t',
        'ORDER BY ${sort} LIMIT 5',
      ],
      // Written keys beside run-time ones: the order is still only known at run time.
      ['SELECT id FROM users ORDER BY ${sort}, id', 'SELECT id FROM users ', 'ORDER BY ${sort}, id'],
      ['SELECT id FROM users ORDER BY id, ${sort}', 'SELECT id FROM users ', 'ORDER BY id, ${sort}'],
      [
        'SELECT id FROM users WHERE score = #{s} ORDER BY ${sortField} ${sortOrder}, created_at DESC LIMIT #{o}, #{n}',
        'SELECT id FROM users WHERE score = 1.5 ',
        'ORDER BY ${sortField} ${sortOrder}, created_at DESC LIMIT #{o}, #{n}',
      ],
      // A part of a key, a direction, a key inside an expression.
      [
        'SELECT u.id FROM users u WHERE u.score = #{s} ORDER BY u.${column} DESC',
        'SELECT u.id FROM users u WHERE u.score = 1.5 ',
        'ORDER BY u.${column} DESC',
      ],
      ['SELECT id FROM users ORDER BY ${prefix}score', 'SELECT id FROM users ', 'ORDER BY ${prefix}score'],
      [
        'SELECT id FROM users ORDER BY created_at ${direction} FETCH FIRST 10 ROWS ONLY',
        'SELECT id FROM users ',
        'ORDER BY created_at ${direction} FETCH FIRST 10 ROWS ONLY',
      ],
      [
        "SELECT id FROM users ORDER BY CASE WHEN ${column} = 'x' THEN 0 ELSE 1 END, id",
        'SELECT id FROM users ',
        "ORDER BY CASE WHEN ${column} = 'x' THEN 0 ELSE 1 END, id",
      ],
      // Each branch's sort, and the row lock after a LIMIT stays as today.
      [
        '(SELECT id FROM users ORDER BY ${sort}, id LIMIT 5) UNION ALL (SELECT id FROM users ORDER BY ${sort} LIMIT 5)',
        '(SELECT id FROM users ) UNION ALL (SELECT id FROM users )',
        'ORDER BY ${sort}, id LIMIT 5, ORDER BY ${sort} LIMIT 5',
      ],
      [
        'SELECT id FROM users WHERE score = #{s} ORDER BY ${sort}, id LIMIT 1 FOR UPDATE',
        'SELECT id FROM users WHERE score = 1.5  FOR UPDATE',
        'ORDER BY ${sort}, id LIMIT 1',
      ],
    ];
    for (const [body, planned, without] of cases) {
      const bound = statementOf(`  <select id="s">${body}</select>`, schema, 'postgresql').variants[0]!.bound;
      expect(bound, body).toMatchObject({ substitutions: 0, withoutSort: without });
      expect(bound.sql.text).toBe(planned);
    }
    // With MyBatis tags: the sort of an <if> with a written fallback in <choose>, and mybatis-generator's clause.
    const chosen = statementOf(
      [
        '  <select id="s">SELECT id FROM users WHERE score = #{s}',
        '    <choose>',
        '      <when test="orderBy != null">ORDER BY ${orderBy} ${direction}, id</when>',
        '      <otherwise>ORDER BY created_at DESC</otherwise>',
        '    </choose>',
        '    LIMIT #{offset}, #{pageSize}',
        '  </select>',
      ].join('\n'),
      schema,
    );
    expect(chosen.variants.map((v) => [v.bound.substitutions, v.bound.withoutSort])).toEqual([
      [0, 'ORDER BY ${orderBy} ${direction}, id LIMIT #{offset}, #{pageSize}'],
      [0, undefined],
    ]);
    expect(chosen.variants[1]!.bound.sql.text).toMatch(/ORDER BY created_at DESC\s+LIMIT 0, 10$/);
    const generated = statementOf(
      '  <select id="s">SELECT id FROM users <if test="orderByClause != null">order by ${orderByClause}</if></select>',
      schema,
    );
    expect(generated.variants[0]!.bound).toMatchObject({ substitutions: 0, withoutSort: 'order by ${orderByClause}' });
    // A sort column pasted into a quoted name: the same run-time sort.
    const quoted = statementOf(
      '  <select id="s">SELECT id FROM users ORDER BY `${sort}` DESC LIMIT 10</select>',
      schema,
    );
    expect(quoted.variants[0]!.bound).toMatchObject({
      substitutions: 0,
      withoutSort: 'ORDER BY `${sort}` DESC LIMIT 10',
    });
    expect(quoted.variants[0]!.bound.sql.text).toBe('SELECT id FROM users ');
    // The findings read a qualified `${}` as the column it names (not a column named ASC, the direction's stand-in).
    const qualified = statementOf(
      '  <select id="s">SELECT u.id FROM users u ORDER BY u.${column} ${direction}, u.id DESC LIMIT 10</select>',
      schema,
    );
    const ids = qualified.findings.map((f) => f.id);
    expect(ids).toContain('mapper-text-substitution');
    expect(ids).not.toContain('column-not-in-schema');
  });

  it('types the parameters of a text planned without its run-time sort from the columns of its own table', () => {
    // Two tables have the columns: only the statement read without its sort says which one it reads.
    const twoTables = `${schema}\nCREATE TABLE archived_users (id BIGINT PRIMARY KEY, born VARCHAR(10), score INT);`;
    const statement = statementOf(
      '  <select id="s">SELECT id FROM users WHERE born &gt;= #{since} AND score = #{s} ORDER BY ${sortField} ${sortOrder}, id</select>',
      twoTables,
    );
    expect(statement.variants[0]!.bound.sql.text).toBe(
      "SELECT id FROM users WHERE born >= '2024-01-01' AND score = 2.5 ",
    );
  });

  it('keeps a run-time sort when the text is not planned, or when the sort can not be left out alone', () => {
    const kept: Array<[string, number]> = [
      // A `${}` elsewhere keeps the text from the optimizer: it is analyzed as written, its sort too.
      ['SELECT id FROM users WHERE score = ${score} ORDER BY ${sort}, id', 2],
      ['SELECT id FROM ${table} WHERE score = #{s} ORDER BY ${sort}', 2],
      ['SELECT id FROM users WHERE ${condition} ORDER BY a.${column} DESC', 2],
      // Pasted into a quoted name: was planned as a column named `${column}` (an optimizer error).
      ['SELECT id FROM users WHERE `${column}` = #{v} ORDER BY ${sort}', 2],
      ['SELECT id FROM `${table}` ORDER BY `${sort}`', 2],
      // Something other than a row limit after the keys (a row lock, a window frame): not planned, as before.
      ['SELECT id FROM users ORDER BY ${sort} FOR UPDATE', 1],
      ['SELECT id FROM users ORDER BY ${sort}, id FOR UPDATE', 1],
      ['SELECT SUM(score) OVER (ORDER BY ${sort} ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM users', 1],
    ];
    for (const [body, substitutions] of kept) {
      const bound = statementOf(`  <select id="s">${body}</select>`, schema).variants[0]!.bound;
      expect(bound.withoutSort, body).toBeUndefined();
      expect(bound.substitutions, body).toBe(substitutions);
      expect(bound.sql.text).toContain('ORDER BY');
    }
    // A ${} named like paging after written keys is the paging, planned empty: the written sort stays.
    const flowable = statementOf('  <select id="s">SELECT id FROM users ORDER BY id ${limitAfter}</select>', schema);
    expect(flowable.variants[0]!.bound).toMatchObject({ substitutions: 0, emptied: ['${limitAfter}'] });
    expect(flowable.variants[0]!.bound.withoutSort).toBeUndefined();
    expect(flowable.variants[0]!.bound.sql.text).toBe('SELECT id FROM users ORDER BY id ');
    // A sort written in full is planned with its LIMIT.
    const written = statementOf('  <select id="s">SELECT id FROM users ORDER BY id DESC LIMIT #{n}</select>', schema);
    expect(written.variants[0]!.bound.sql.text).toBe('SELECT id FROM users ORDER BY id DESC LIMIT 10');
  });
});
