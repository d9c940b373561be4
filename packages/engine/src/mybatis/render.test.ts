import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { fragmentLookup } from './analyze-mapper.ts';
import type { Framework, SqlNode } from './model.ts';
import { readMapperFile } from './read-mapper.ts';
import { type Rendered, renderStatement, type Scenario } from './render.ts';
import { sourceFile } from './source.ts';
import { GENERATED, PARAMETER, STATIC } from './traced.ts';

const mybatis = (body: string) => `<mapper namespace="t">${body}</mapper>`;
const ibatis = (body: string) => `<sqlMap namespace="t">${body}</sqlMap>`;

const allSet: Scenario = { set: true, items: 3, forced: new Map() };
const noneSet: Scenario = { set: false, items: 1, forced: new Map() };

/** Renders statement `id` of the files (the first file's framework) and returns its SQL on one line. */
function render(
  files: string | Record<string, string>,
  id: string,
  scenario: Scenario = allSet,
  dialect: Dialect = 'mysql',
): string {
  return renderFull(files, id, scenario, dialect).sql.text.replace(/\s+/g, ' ');
}

function renderFull(
  files: string | Record<string, string>,
  id: string,
  scenario: Scenario = allSet,
  dialect: Dialect = 'mysql',
): Rendered {
  const texts = typeof files === 'string' ? { 'm.xml': files } : files;
  const mappers = Object.entries(texts).map(([name, text]) => readMapperFile(sourceFile(name, text)));
  const statement = mappers.flatMap((m) => m.statements).find((s) => s.id === id)!;
  return renderStatement(statement, scenario, fragmentLookup(mappers), dialect);
}

function frameworkOf(text: string): Framework {
  return readMapperFile(sourceFile('m.xml', text)).framework;
}

describe('MyBatis 3 tags', () => {
  it('<if>: its body when the test holds, with null guards and string tests read', () => {
    const xml = mybatis(`<select id="s">SELECT id FROM users WHERE deleted = 0
      <if test="name != null and name != ''">AND name = #{name}</if>
      <if test="name == null">AND name IS NULL</if></select>`);
    expect(render(xml, 's')).toBe('SELECT id FROM users WHERE deleted = 0 AND name = #{name}');
    expect(render(xml, 's', noneSet)).toBe('SELECT id FROM users WHERE deleted = 0 AND name IS NULL');
  });

  it('<choose>/<when>/<otherwise>: the first branch that holds, else otherwise; a branch can be forced', () => {
    const xml = mybatis(`<select id="s">SELECT id FROM orders WHERE user_id = #{u}
      <choose><when test="tab == 'paid'">AND status = 20</when><when test="tab != null">AND status = 10</when>
      <otherwise>AND status &lt;&gt; 99</otherwise></choose></select>`);
    expect(render(xml, 's')).toBe('SELECT id FROM orders WHERE user_id = #{u} AND status = 20');
    expect(render(xml, 's', noneSet)).toBe('SELECT id FROM orders WHERE user_id = #{u} AND status <> 99');
    const mapper = readMapperFile(sourceFile('m.xml', xml));
    const statement = mapper.statements[0]!;
    const choose = statement.body.find((n) => n.kind === 'choose')!;
    const forced: Scenario = { ...allSet, forced: new Map<SqlNode, number>([[choose, 1]]) };
    const rendered = renderStatement(statement, forced, fragmentLookup([mapper]), 'mysql');
    expect(rendered.sql.text.replace(/\s+/g, ' ')).toBe('SELECT id FROM orders WHERE user_id = #{u} AND status = 10');
    expect(rendered.choices.get(choose)).toBe(1);
  });

  it('<where>: WHERE only when a condition renders, the first AND/OR cut', () => {
    const xml = mybatis(`<select id="s">SELECT id FROM users <where>
      <if test="a != null">AND a = #{a}</if><if test="b != null">OR b = #{b}</if></where> ORDER BY id</select>`);
    expect(render(xml, 's')).toBe('SELECT id FROM users WHERE a = #{a} OR b = #{b} ORDER BY id');
    expect(render(xml, 's', noneSet)).toBe('SELECT id FROM users ORDER BY id');
  });

  it('<set>: SET with the trailing comma cut; an empty one is recorded', () => {
    const xml = mybatis(`<update id="u">UPDATE users <set><if test="a != null">a = #{a},</if>
      <if test="b != null">b = #{b},</if></set> WHERE id = #{id}</update>`);
    expect(render(xml, 'u')).toBe('UPDATE users SET a = #{a}, b = #{b} WHERE id = #{id}');
    const empty = renderFull(xml, 'u', noneSet);
    expect(empty.emptyClauses.map((c) => c.written)).toEqual(['<set>']);
    expect(renderFull(xml, 'u').emptyClauses).toEqual([]);
  });

  it('a SET written before <if>s that all render nothing is recorded at the word; one followed by text is not', () => {
    const xml = mybatis(`<update id="u">UPDATE users SET
      <if test="a != null">a = #{a},</if><if test="b != null">b = #{b}</if> WHERE id = #{id}</update>
      <update id="last">UPDATE users SET <if test="a != null">a = #{a}</if></update>
      <update id="fixed">UPDATE users SET updated_at = NOW() <if test="a != null">, a = #{a}</if> WHERE id = #{id}</update>
      <select id="s">SELECT id FROM users WHERE name = 'SET' <if test="a != null">AND a = #{a}</if></select>`);
    const empty = renderFull(xml, 'u', noneSet);
    expect(empty.sql.text.replace(/\s+/g, ' ')).toBe('UPDATE users SET WHERE id = #{id}');
    expect(
      empty.emptyClauses.map(({ offset, length, written }) => [xml.slice(offset, offset + length), written]),
    ).toEqual([['SET', 'SET']]);
    expect(renderFull(xml, 'last', noneSet).emptyClauses.map((c) => c.written)).toEqual(['SET']);
    expect(renderFull(xml, 'u').emptyClauses).toEqual([]);
    expect(renderFull(xml, 'fixed', noneSet).emptyClauses).toEqual([]);
    expect(renderFull(xml, 's', noneSet).emptyClauses).toEqual([]);
    // Written empty, with no condition left out: a syntax error as written, not one the parameters make.
    const written = mybatis('<update id="u">UPDATE users SET WHERE id = #{id}</update>');
    expect(renderFull(written, 'u', noneSet).emptyClauses).toEqual([]);
  });

  // MyBatis joins what each node renders, and a trim's prefix and suffix, with a blank: `( a, b )`.
  it('<trim>: prefix, suffix, prefixOverrides and suffixOverrides', () => {
    const xml = mybatis(`<insert id="i">INSERT INTO t <trim prefix="(" suffix=")" suffixOverrides=",">
      <if test="a != null">a,</if><if test="b != null">b,</if></trim>
      <trim prefix="VALUES (" suffix=")" suffixOverrides=","><if test="a != null">#{a},</if><if test="b != null">#{b},</if></trim>
      </insert><select id="s">SELECT 1 FROM t <trim prefix="WHERE" prefixOverrides="AND |OR ">
      <if test="x != null">OR x = 1</if></trim></select>`);
    expect(render(xml, 'i')).toBe('INSERT INTO t ( a, b ) VALUES ( #{a}, #{b} )');
    expect(render(xml, 's')).toBe('SELECT 1 FROM t WHERE x = 1');
  });

  it('<foreach>: collection, item, index, open, close and separator; three items, or one', () => {
    const xml = mybatis(`<select id="s">SELECT id FROM users WHERE id IN
      <foreach collection="ids" item="id" index="i" open="(" separator="," close=")">#{id}</foreach></select>
      <insert id="b">INSERT INTO t (a, b) VALUES <foreach collection="rows" item="r" separator=",">(#{r.a}, #{r.b})</foreach></insert>
      <select id="o">SELECT 1 FROM t WHERE <foreach collection="c" item="x" separator="OR">x = #{x}</foreach></select>`);
    expect(render(xml, 's')).toBe('SELECT id FROM users WHERE id IN (#{id}, #{id}, #{id})');
    expect(render(xml, 's', noneSet)).toBe('SELECT id FROM users WHERE id IN (#{id})');
    expect(render(xml, 'b')).toBe('INSERT INTO t (a, b) VALUES (#{r.a}, #{r.b}), (#{r.a}, #{r.b}), (#{r.a}, #{r.b})');
    expect(render(xml, 'o', noneSet)).toBe('SELECT 1 FROM t WHERE x = #{x}');
    expect(render(xml, 'o')).toBe('SELECT 1 FROM t WHERE x = #{x} OR x = #{x} OR x = #{x}');
  });

  it('<foreach>: a word in open or close is kept apart from the items, punctuation is not', () => {
    const xml = mybatis(`<update id="u">UPDATE dept SET ancestors =
      <foreach collection="depts" item="d" separator=" " open="case dept_id" close="end">when #{d.id} then #{d.a}</foreach>
      WHERE dept_id IN <foreach collection="depts" item="d" open="(" separator="," close=")">#{d.id}</foreach></update>`);
    expect(render(xml, 'u', { ...allSet, items: 2 })).toBe(
      'UPDATE dept SET ancestors = case dept_id when #{d.id} then #{d.a} when #{d.id} then #{d.a} end WHERE dept_id IN (#{d.id}, #{d.id})',
    );
  });

  it('<foreach index>: `${i}` inside a parameter is the iteration', () => {
    const xml = mybatis(`<insert id="b">INSERT INTO t (a) VALUES
      <foreach collection="rows" item="r" index="i" separator=",">(#{ids[\${i}]})</foreach></insert>`);
    expect(render(xml, 'b')).toBe('INSERT INTO t (a) VALUES (#{ids[0]}), (#{ids[1]}), (#{ids[2]})');
  });

  it('<bind>: its value in tests, and `<if>`s that read it', () => {
    const xml = mybatis(`<select id="s"><bind name="p" value="'%' + q + '%'"/>SELECT 1 FROM t
      <if test="p != null">WHERE a LIKE #{p}</if></select>`);
    const rendered = renderFull(xml, 's');
    expect(rendered.sql.text.replace(/\s+/g, ' ')).toBe('SELECT 1 FROM t WHERE a LIKE #{p}');
    expect(rendered.binds.get('p')).toEqual({ kind: 'known', value: '%a%' });
  });

  it('<include> with <property>, across the files of one upload, by qualified and bare refid', () => {
    const files = {
      'common.xml': mybatis(`<sql id="cols">\${alias}.id, \${alias}.name</sql>`).replace('"t"', '"common"'),
      'm.xml':
        mybatis(`<sql id="where">WHERE <include refid="common.cols"><property name="alias" value="\${a}"/></include> IS NOT NULL</sql>
        <select id="s">SELECT <include refid="common.cols"><property name="alias" value="u"/></include> FROM users u</select>
        <select id="n">SELECT 1 FROM users v <include refid="where"><property name="a" value="v"/></include></select>`),
    };
    expect(render(files, 's')).toBe('SELECT u.id, u.name FROM users u');
    expect(render(files, 'n')).toBe('SELECT 1 FROM users v WHERE v.id, v.name IS NOT NULL');
  });

  it('an include that names nothing, or itself, is the statement’s error at the include', () => {
    const xml = mybatis(`<sql id="loop"><include refid="loop"/></sql>
      <select id="a">SELECT 1 <include refid="nowhere"/></select><select id="b">SELECT 1 <include refid="loop"/></select>`);
    expect(() => render(xml, 'a')).toThrow(/names a <sql> fragment that is not in the files given/);
    expect(() => render(xml, 'b')).toThrow(/includes itself/);
  });

  it('<selectKey> and <resultMap> are not SQL of the statement; comments and CDATA are read as text', () => {
    const xml = mybatis(`<resultMap id="r" type="User"><id property="id" column="id"/></resultMap>
      <insert id="i"><selectKey keyProperty="id" order="AFTER" resultType="long">SELECT LAST_INSERT_ID()</selectKey>
      INSERT INTO t (a) <!-- the value --> VALUES (<![CDATA[#{a}]]>)</insert>`);
    expect(render(xml, 'i')).toBe('INSERT INTO t (a) VALUES ( #{a} )');
  });

  it('`#{prop,jdbcType=...}` and `${}` stay in the text as parameters; `_databaseId` reads the dialect', () => {
    const xml = mybatis(`<select id="s">SELECT 1 FROM t WHERE a = #{a,jdbcType=INTEGER} ORDER BY \${col}
      <if test="_databaseId == 'postgresql'">NULLS LAST</if></select>`);
    const rendered = renderFull(xml, 's', allSet, 'postgresql');
    expect(rendered.sql.text.replace(/\s+/g, ' ')).toBe(
      'SELECT 1 FROM t WHERE a = #{a,jdbcType=INTEGER} ORDER BY ${col} NULLS LAST',
    );
    expect(render(xml, 's', allSet, 'mysql')).toBe('SELECT 1 FROM t WHERE a = #{a,jdbcType=INTEGER} ORDER BY ${col}');
    const at = rendered.sql.text.indexOf('#{a');
    expect(rendered.sql.originAt(at)!.kind).toBe(PARAMETER);
    expect(rendered.sql.originAt(0)!.kind).toBe(STATIC);
  });

  it('text a tag adds is GENERATED and placed at the tag', () => {
    const xml = mybatis(`<select id="s">SELECT 1 FROM t <where><if test="a != null">a = 1</if></where></select>`);
    const rendered = renderFull(xml, 's');
    const where = rendered.sql.originAt(rendered.sql.text.indexOf('WHERE'))!;
    expect(where.kind).toBe(GENERATED);
    expect(xml.slice(where.offset, where.offset + 7)).toBe('<where>');
  });

  it('refuses an element no statement may hold, at its position', () => {
    expect(() =>
      readMapperFile(sourceFile('m.xml', mybatis('<select id="s">SELECT <iff test="a">1</iff></select>'))),
    ).toThrow(/m\.xml:1:45: <iff> is not an element of a SQL statement/);
  });
});

describe('iBatis 2 tags', () => {
  it('is read from <sqlMap>', () => {
    expect(frameworkOf(ibatis('<select id="s">SELECT 1</select>'))).toBe('ibatis');
  });

  it('<dynamic prepend="WHERE">: the first rendered tag gives up its prepend', () => {
    const xml = ibatis(`<select id="s">SELECT id FROM a <dynamic prepend="WHERE">
      <isNotEmpty prepend="AND" property="name">name = #name#</isNotEmpty>
      <isNotNull prepend="AND" property="status">status = #status:INTEGER#</isNotNull></dynamic></select>`);
    expect(render(xml, 's')).toBe('SELECT id FROM a WHERE name = #{name} AND status = #{status,jdbcType=INTEGER}');
    expect(render(xml, 's', noneSet)).toBe('SELECT id FROM a');
    // An empty WHERE is a valid statement: not recorded.
    expect(renderFull(xml, 's', noneSet).emptyClauses).toEqual([]);
  });

  it('<dynamic prepend="SET"> that renders nothing is recorded', () => {
    const xml = ibatis(`<update id="u">UPDATE a <dynamic prepend="SET">
      <isNotNull prepend="," property="name">name = #name#</isNotNull></dynamic> WHERE id = #id#</update>`);
    expect(render(xml, 'u')).toBe('UPDATE a SET name = #{name} WHERE id = #{id}');
    expect(renderFull(xml, 'u').emptyClauses).toEqual([]);
    const empty = renderFull(xml, 'u', noneSet);
    expect(empty.sql.text.replace(/\s+/g, ' ')).toBe('UPDATE a WHERE id = #{id}');
    expect(empty.emptyClauses.map((c) => c.written)).toEqual(['<dynamic prepend="SET">']);
  });

  it('the first prepend is found through tags without a prepend of their own', () => {
    const xml = ibatis(`<select id="s">SELECT id FROM a <dynamic prepend="WHERE"><isParameterPresent>
      <isNotEmpty prepend="AND" property="sku">sku = #sku#</isNotEmpty></isParameterPresent></dynamic></select>`);
    expect(render(xml, 's')).toBe('SELECT id FROM a WHERE sku = #{sku}');
  });

  it('every conditional tag', () => {
    const xml = ibatis(`<select id="s">SELECT 1 FROM a WHERE 1 = 1
      <isNull prepend="AND" property="a">a IS NULL</isNull>
      <isNotNull prepend="AND" property="b">b = #b#</isNotNull>
      <isEmpty prepend="AND" property="c">c = ''</isEmpty>
      <isNotEmpty prepend="AND" property="d">d = #d#</isNotEmpty>
      <isEqual prepend="AND" property="e" compareValue="1">e = 1</isEqual>
      <isNotEqual prepend="AND" property="f" compareValue="1">f = 2</isNotEqual>
      <isGreaterThan prepend="AND" property="g" compareValue="1">g &gt; 1</isGreaterThan>
      <isGreaterEqual prepend="AND" property="h" compareValue="1">h &gt;= 1</isGreaterEqual>
      <isLessThan prepend="AND" property="i" compareValue="1">i &lt; 1</isLessThan>
      <isLessEqual prepend="AND" property="j" compareValue="1">j &lt;= 1</isLessEqual>
      <isPropertyAvailable prepend="AND" property="k">k = 1</isPropertyAvailable>
      <isNotPropertyAvailable prepend="AND" property="l">l = 1</isNotPropertyAvailable>
      <isParameterPresent prepend="AND">m = 1</isParameterPresent>
      <isNotParameterPresent prepend="AND">n = 1</isNotParameterPresent></select>`);
    expect(render(xml, 's')).toBe(
      'SELECT 1 FROM a WHERE 1 = 1 AND b = #{b} AND d = #{d} AND e = 1 AND f = 2 AND g > 1 AND h >= 1 AND i < 1 AND j <= 1 AND k = 1 AND m = 1',
    );
    expect(render(xml, 's', noneSet)).toBe("SELECT 1 FROM a WHERE 1 = 1 AND a IS NULL AND c = '' AND k = 1 AND m = 1");
  });

  it('<iterate>: open, close, conjunction and `#list[]#`; `$x$` stays a substitution', () => {
    const xml = ibatis(`<select id="s">SELECT 1 FROM a WHERE id IN
      <iterate property="ids" open="(" close=")" conjunction=",">#ids[]#</iterate> ORDER BY $col$</select>`);
    expect(render(xml, 's')).toBe('SELECT 1 FROM a WHERE id IN (#{ids[]}, #{ids[]}, #{ids[]}) ORDER BY ${col}');
  });

  it('<iterate removeFirstPrepend>: `true` drops the first prepend of the loop, `iterate` the first of each item', () => {
    const xml = (removal: string, conjunction: string, prepend: string) =>
      ibatis(`<select id="s">SELECT 1 FROM a <dynamic prepend="WHERE">
      <iterate property="ids" open="(" close=")" conjunction="${conjunction}" removeFirstPrepend="${removal}">
        <isNotNull property="ids[]" prepend="${prepend}">x = #ids[]#</isNotNull><isNotNull property="ids[]" prepend="AND">y = 1</isNotNull>
      </iterate></dynamic></select>`);
    const two = { ...allSet, items: 2 };
    expect(render(xml('true', '', 'OR'), 's', two)).toBe(
      'SELECT 1 FROM a WHERE (x = #{ids[]} AND y = 1 OR x = #{ids[]} AND y = 1)',
    );
    expect(render(xml('iterate', 'OR', 'AND'), 's', two)).toBe(
      'SELECT 1 FROM a WHERE (x = #{ids[]} AND y = 1 OR x = #{ids[]} AND y = 1)',
    );
  });

  it('<iterate> inside <iterate>: each outer item renders the inner loop, prepends and conjunctions in place', () => {
    const xml = ibatis(`<select id="s">SELECT id FROM t WHERE status = 1
      <iterate property="groups" prepend="AND" open="(" close=")" conjunction="OR">
        <iterate property="groups[]" open="(" close=")" conjunction="AND">tag = #groups[][]#</iterate>
      </iterate></select>`);
    expect(render(xml, 's', { ...allSet, items: 2 })).toBe(
      'SELECT id FROM t WHERE status = 1 AND ((tag = #{groups[][]} AND tag = #{groups[][]}) OR (tag = #{groups[][]} AND tag = #{groups[][]}))',
    );
    expect(render(xml, 's', { ...allSet, items: 1 })).toBe(
      'SELECT id FROM t WHERE status = 1 AND ((tag = #{groups[][]}))',
    );
    // An inner loop with a prepend of its own, after text of the outer item: its prepend before its open.
    const lines = ibatis(`<select id="s">SELECT id FROM t WHERE a = 1
      <iterate property="orders" prepend="AND" open="(" close=")" conjunction="OR">id = #orders[].id#
        <iterate property="orders[].lines" prepend="AND" open="line IN (" close=")" conjunction=",">#orders[].lines[]#</iterate>
      </iterate></select>`);
    expect(render(lines, 's', { ...allSet, items: 2 })).toBe(
      'SELECT id FROM t WHERE a = 1 AND (id = #{orders[].id} AND line IN (#{orders[].lines[]}, #{orders[].lines[]}) OR id = #{orders[].id} AND line IN (#{orders[].lines[]}, #{orders[].lines[]}))',
    );
  });

  it('<iterate> without a prepend passes the <dynamic> removal to the first prepend its items render, once', () => {
    const xml = (outer: string) =>
      ibatis(`<select id="s">SELECT id FROM t <dynamic prepend="WHERE">
      <iterate property="orders" open="(" close=")" conjunction="OR"${outer}>
        <iterate property="orders[].lines" prepend="AND" open="(" close=")" conjunction="OR">line = #orders[].lines[]#</iterate>
      </iterate><isNotNull property="y" prepend="AND">y = #y#</isNotNull></dynamic></select>`);
    const two = { ...allSet, items: 2 };
    // iBatis' SqlTagContext: the loop, without a prepend, leaves the <dynamic>'s marker to the inner loop, whose
    // first prepend the WHERE replaces; the next item's is kept, and so is the prepend of the tag after the loop.
    expect(render(xml(''), 's', two)).toBe(
      'SELECT id FROM t WHERE ((line = #{orders[].lines[]} OR line = #{orders[].lines[]}) OR AND (line = #{orders[].lines[]} OR line = #{orders[].lines[]})) AND y = #{y}',
    );
    // With removeFirstPrepend="iterate" the loop removes the first prepend of each item itself.
    expect(render(xml(' removeFirstPrepend="iterate"'), 's', two)).toMatch(
      /^SELECT id FROM t WHERE \(\(line = #\{orders\[\]\.lines\[\]\} OR line = #\{orders\[\]\.lines\[\]\}\) OR \(line = /,
    );
  });

  it('<iterate> whose items all render nothing adds nothing, its open, close and prepend included', () => {
    const xml = ibatis(`<select id="s">SELECT 1 FROM a
      <iterate property="ids" prepend="WHERE" open="(" close=")" conjunction="OR">
        <isNull property="ids[]">x = #ids[]#</isNull></iterate> ORDER BY id</select>`);
    expect(render(xml, 's')).toBe('SELECT 1 FROM a ORDER BY id');
  });

  it('comparisons that cannot hold together render one: isEqual to two values, isEqual and isNotEqual to one', () => {
    const xml = ibatis(`<select id="s">SELECT 1 FROM a WHERE id IN <iterate open="(" close=")" conjunction=",">
      <isEqual property="[]" compareValue="1">#[]#</isEqual><isEqual property="[]" compareValue="3">#[]#</isEqual>
      </iterate>
      <isNotEmpty prepend="AND" property="mail"><isEqual property="mail" compareValue="c">m = 'c'</isEqual>
      <isNotEqual property="mail" compareValue="c">m = #mail#</isNotEqual></isNotEmpty>
      <isEqual prepend="AND" property="k" compareValue="1">k = 1</isEqual><isNotEqual prepend="AND" property="k" compareValue="2">k = 3</isNotEqual>
      </select>`);
    expect(render(xml, 's', { ...allSet, items: 2 })).toBe(
      "SELECT 1 FROM a WHERE id IN (#{[]}, #{[]}) AND m = 'c' AND k = 1 AND k = 3",
    );
    const mapper = readMapperFile(sourceFile('m.xml', xml));
    const iterate = mapper.statements[0]!.body.find((n) => n.kind === 'iterate')!;
    const second = iterate.kind === 'iterate' ? iterate.body.filter((n) => n.kind === 'condition')[1]! : iterate;
    expect(render(xml, 's', { ...allSet, items: 1, forced: new Map<SqlNode, boolean>([[second, true]]) })).toMatch(
      /^SELECT 1 FROM a WHERE id IN \(#\{\[\]\}\) /,
    );
  });

  it('<include> and <statement>, whose kind is its first keyword', () => {
    const text = ibatis(`<sql id="cols">id, name</sql><statement id="u">UPDATE a SET n = #n# WHERE id = #id#</statement>
      <select id="s">SELECT <include refid="cols"/> FROM a</select>`);
    const mapper = readMapperFile(sourceFile('m.xml', text));
    expect(mapper.statements.map((s) => s.kind)).toEqual(['update', 'select']);
    expect(render(text, 's')).toBe('SELECT id, name FROM a');
  });

  it('the framework chosen must be the file’s', () => {
    expect(() => readMapperFile(sourceFile('m.xml', ibatis('<select id="s">SELECT 1</select>')), 'mybatis')).toThrow(
      /choose the iBatis framework/,
    );
    expect(() => readMapperFile(sourceFile('m.xml', '<beans/>'))).toThrow(/not a MyBatis <mapper> nor an iBatis/);
  });
});
