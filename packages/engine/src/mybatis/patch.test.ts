import { describe, expect, it } from 'vitest';
import { analyzeMapper, type MapperAnalysis } from './analyze-mapper.ts';
import { applyXmlEdits, carryRewrite, mapperDiff } from './patch.ts';
import { readMapperFile } from './read-mapper.ts';
import { sourceFile } from './source.ts';

/**
 * Rewrites carried back into the XML, and findings placed in it: the engine's own rewrite chain of a variant (what
 * the optimizer verifies) applied to the file where its characters were written.
 */
const schema =
  'CREATE TABLE orders (id BIGINT PRIMARY KEY, created_at TIMESTAMP NOT NULL, total NUMERIC NOT NULL, user_id BIGINT);';

function analysisOf(files: Array<{ name: string; text: string }>): MapperAnalysis {
  return analyzeMapper({ files, framework: 'mybatis', dialect: 'postgresql', schemaText: schema });
}

/** The first variant of the first statement, and the text its rule chain ends with. */
function rewritten(analysis: MapperAnalysis, statement = 0) {
  const item = analysis.statements[statement]!;
  const variant = item.variants[0]!;
  const after = variant.analyses[0]!.steps.at(-1)!.after;
  return { item, variant, after, carried: carryRewrite(variant.template, after, item.statement) };
}

describe('rewrites carried back into the mapper', () => {
  it('edits static text of the statement, escaping what XML needs, keeping #{} and the layout', () => {
    const text = [
      '<mapper namespace="m">',
      '  <select id="a">SELECT id FROM orders',
      '    WHERE YEAR(created_at) = 2024',
      '    <if test="min != null">AND total &gt; #{min}</if>',
      '    AND user_id = #{userId}',
      '  </select>',
      '</mapper>',
    ].join('\n');
    const { after, carried } = rewritten(analysisOf([{ name: 'm.xml', text }]));
    expect(after).toContain("created_at >= '2024-01-01'");
    if (!('edits' in carried)) throw new Error(carried.advice.en);
    const patched = applyXmlEdits(text, carried.edits);
    expect(patched).toBe(
      text.replace('YEAR(created_at) = 2024', "created_at >= '2024-01-01' AND created_at &lt; '2025-01-01'"),
    );
    // The patched file reads, and its variant is the optimized text.
    const again = analysisOf([{ name: 'm.xml', text: patched }]);
    expect(again.statements[0]!.variants[0]!.template.text).toBe(after);
    const diff = mapperDiff('m.xml', text, patched);
    expect(diff).toMatch(/^-\s+WHERE YEAR\(created_at\) = 2024$/m);
    expect(diff).toMatch(/^\+\s+WHERE created_at >= '2024-01-01' AND created_at &lt; '2025-01-01'$/m);
  });

  it('deletes a whole line with its indentation, and a word inside a line without touching the line', () => {
    const tables = [
      'CREATE TABLE orders (id BIGINT PRIMARY KEY, total NUMERIC NOT NULL, user_id BIGINT);',
      'CREATE TABLE users (id BIGINT PRIMARY KEY, name TEXT);',
    ].join('\n');
    const patchedOf = (text: string) => {
      const analysis = analyzeMapper({ files: [{ name: 'm.xml', text }], dialect: 'postgresql', schemaText: tables });
      const { carried } = rewritten(analysis);
      if (!('edits' in carried)) throw new Error(carried.advice.en);
      return applyXmlEdits(text, carried.edits);
    };
    const joined = [
      '<mapper namespace="m">',
      '  <select id="a">SELECT o.id FROM orders o',
      '    LEFT JOIN users u ON u.id = o.user_id',
      '    WHERE o.total > 1',
      '  </select>',
      '</mapper>',
    ].join('\n');
    // RuoYi's SysMenuMapper: the next line had kept the deleted line's indentation on top of its own.
    expect(patchedOf(joined)).toBe(joined.replace('    LEFT JOIN users u ON u.id = o.user_id\n', ''));
    const distinct = joined
      .replace('SELECT o.id', 'SELECT DISTINCT o.id')
      .replace('    LEFT JOIN users u ON u.id = o.user_id\n', '');
    expect(patchedOf(distinct)).toBe(distinct.replace('DISTINCT ', ''));
  });

  it('edits the text inside an <if>, its entity references kept', () => {
    const text = [
      '<mapper namespace="m">',
      '  <select id="a">SELECT id FROM orders WHERE user_id = #{userId}',
      '    <if test="big">AND total + 10 &gt; 100</if>',
      '  </select>',
      '</mapper>',
    ].join('\n');
    const { carried } = rewritten(analysisOf([{ name: 'm.xml', text }]));
    if (!('edits' in carried)) throw new Error(carried.advice.en);
    expect(applyXmlEdits(text, carried.edits)).toBe(text.replace('total + 10 &gt; 100', 'total &gt; 90'));
  });

  it('keeps a rewrite that changes the text of several tags as advice: a condition could change tags', () => {
    const text = [
      '<mapper namespace="m">',
      '  <select id="a">SELECT id FROM orders',
      '    WHERE YEAR(created_at) = 2024',
      '    <if test="big">AND total + 10 &gt; 100</if>',
      '  </select>',
      '</mapper>',
    ].join('\n');
    const { after, carried } = rewritten(analysisOf([{ name: 'm.xml', text }]));
    expect(after).toMatch(/created_at < '2025-01-01'\nAND total > 90$/);
    expect('advice' in carried && carried.advice.en).toMatch(/several tags/);
  });

  it('writes into a CDATA section as it is, without escaping', () => {
    const text =
      '<mapper namespace="m">\n  <select id="a"><![CDATA[SELECT id FROM orders WHERE YEAR(created_at) = 2024]]></select>\n</mapper>';
    const { carried } = rewritten(analysisOf([{ name: 'm.xml', text }]));
    if (!('edits' in carried)) throw new Error(carried.advice.en);
    const patched = applyXmlEdits(text, carried.edits);
    expect(patched).toContain(
      "<![CDATA[SELECT id FROM orders WHERE created_at >= '2024-01-01' AND created_at < '2025-01-01']]>",
    );
    expect(() => readMapperFile(sourceFile('m.xml', patched))).not.toThrow();
  });

  it('keeps a rewrite of a <sql> fragment other statements include as advice', () => {
    const text = [
      '<mapper namespace="m">',
      '  <sql id="thisYear">YEAR(created_at) = 2024</sql>',
      '  <select id="a">SELECT id FROM orders WHERE <include refid="thisYear"/></select>',
      '  <select id="b">SELECT total FROM orders WHERE <include refid="thisYear"/></select>',
      '</mapper>',
    ].join('\n');
    const { carried } = rewritten(analysisOf([{ name: 'm.xml', text }]));
    expect('advice' in carried && carried.advice.en).toMatch(/<sql> fragment/);
  });

  it('keeps a change of text a tag generates, or of text across two tags, as advice', () => {
    const text = [
      '<mapper namespace="m">',
      '  <select id="a">SELECT id FROM orders <where>total > 0 <if test="id != null">AND id = #{id}</if></where></select>',
      '</mapper>',
    ].join('\n');
    const analysis = analysisOf([{ name: 'm.xml', text }]);
    const item = analysis.statements[0]!;
    const { template } = item.variants[0]!;
    expect(template.text).toBe('SELECT id FROM orders WHERE total > 0 AND id = #{id}');
    // `WHERE` is <where>'s output; `0 AND id` is written partly in <where>, partly in <if>.
    const generated = carryRewrite(template, template.text.replace('WHERE', 'where'), item.statement);
    expect('advice' in generated && generated.advice.en).toMatch(/text a tag generates/);
    const across = carryRewrite(template, template.text.replace('0 AND id', '1 AND pk'), item.statement);
    expect('advice' in across && across.advice.en).toMatch(/several tags/);
    // Each change within one text node: written back, word by word.
    const within = carryRewrite(template, template.text.replace('total > 0', 'total >= 1'), item.statement);
    if (!('edits' in within)) throw new Error(within.advice.en);
    expect(applyXmlEdits(text, within.edits)).toContain('<where>total >= 1 <if test="id != null">');
  });
});

describe('findings placed in the XML', () => {
  it('a finding in an included fragment of another file points at that file, line and column', () => {
    const common = {
      name: 'CommonMapper.xml',
      text: '<mapper namespace="common">\n  <sql id="byYear">\n    YEAR(created_at) = #{year}\n  </sql>\n</mapper>',
    };
    const orders = {
      name: 'OrderMapper.xml',
      text: [
        '<mapper namespace="orders">',
        '  <select id="all">',
        '    SELECT *',
        '    FROM orders',
        '    WHERE <include refid="common.byYear"/>',
        '  </select>',
        '</mapper>',
      ].join('\n'),
    };
    const [statement] = analysisOf([common, orders]).statements;
    const where = (id: string) => statement!.findings.find((f) => f.id === id)?.span;
    expect(where('select-star')).toMatchObject({ file: 'OrderMapper.xml', line: 3, column: 12 });
    expect(where('function-on-column')).toMatchObject({ file: 'CommonMapper.xml', line: 3, column: 5 });
  });
});
