import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { parseStatements } from '../../src/dialect/parse.ts';
import { analyzeMapper } from '../../src/mybatis/analyze-mapper.ts';
import type { Framework } from '../../src/mybatis/model.ts';
import { frameworkOfRoot, readMapperFile } from '../../src/mybatis/read-mapper.ts';
import { sourceFile } from '../../src/mybatis/source.ts';
import { readXml, type XmlElement } from '../../src/mybatis/xml.ts';

/**
 * The mapper corpus written for SQLTune (test/mybatis/corpus): MyBatis 3 mappers for MySQL and PostgreSQL, iBatis 2
 * sqlMaps, with the shapes projects have (pagination, search forms, batch inserts, joins). Every file reads, every
 * statement expands, and every variant parses in the engine, with parameters kept and with typed values bound.
 */
const corpus = join(import.meta.dirname, 'corpus');

interface Directory {
  readonly dir: string;
  readonly dialect: Dialect;
  readonly framework: Framework;
}

const directories: Directory[] = [
  { dir: 'mybatis', dialect: 'mysql', framework: 'mybatis' },
  { dir: 'mybatis-postgresql', dialect: 'postgresql', framework: 'mybatis' },
  { dir: 'ibatis', dialect: 'mysql', framework: 'ibatis' },
];

function filesOf(dir: string) {
  return readdirSync(join(corpus, dir))
    .filter((name) => name.endsWith('.xml'))
    .map((name) => ({ name: `${dir}/${name}`, text: readFileSync(join(corpus, dir, name), 'utf8') }));
}

const all = directories.flatMap((d) => filesOf(d.dir).map((file) => ({ ...d, file })));

describe('the mapper corpus', () => {
  it('has at least 40 files of both frameworks', () => {
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(all.filter((f) => f.framework === 'ibatis').length).toBeGreaterThanOrEqual(10);
    expect(all.filter((f) => f.dialect === 'postgresql').length).toBeGreaterThanOrEqual(4);
  });

  it('every file reads, and its root element says its framework', () => {
    for (const { file, framework } of all) {
      const source = sourceFile(file.name, file.text);
      expect(frameworkOfRoot(readXml(source).name), file.name).toBe(framework);
      const mapper = readMapperFile(source);
      // A file of shared `<sql>` fragments only is a mapper too.
      expect(mapper.statements.length + mapper.fragments.length, file.name).toBeGreaterThan(0);
    }
  });

  it('uses every tag and parameter form both frameworks have', () => {
    const elements = new Map<Framework, Set<string>>([
      ['mybatis', new Set()],
      ['ibatis', new Set()],
    ]);
    const cdata = new Set<Framework>();
    const walk = (element: XmlElement, framework: Framework) => {
      elements.get(framework)!.add(element.name);
      for (const child of element.children) {
        if (child.kind === 'element') walk(child, framework);
        else if (child.cdata) cdata.add(framework);
      }
    };
    for (const { file, framework } of all) walk(readXml(sourceFile(file.name, file.text)), framework);
    const mybatisTags = ['select', 'insert', 'update', 'delete', 'sql', 'include', 'property', 'if', 'choose', 'when'];
    mybatisTags.push('otherwise', 'where', 'set', 'trim', 'foreach', 'bind', 'selectKey', 'resultMap');
    expect([...elements.get('mybatis')!]).toEqual(expect.arrayContaining(mybatisTags));
    const ibatisTags = ['select', 'insert', 'update', 'delete', 'statement', 'sql', 'include', 'dynamic', 'iterate'];
    ibatisTags.push('selectKey', 'isNull', 'isNotNull', 'isEmpty', 'isNotEmpty', 'isEqual', 'isNotEqual');
    ibatisTags.push('isGreaterThan', 'isGreaterEqual', 'isLessThan', 'isLessEqual', 'isPropertyAvailable');
    ibatisTags.push('isNotPropertyAvailable', 'isParameterPresent', 'isNotParameterPresent');
    expect([...elements.get('ibatis')!]).toEqual(expect.arrayContaining(ibatisTags));
    expect([...cdata].sort()).toEqual(['ibatis', 'mybatis']);
    const texts = (framework: Framework) =>
      all
        .filter((f) => f.framework === framework)
        .map((f) => f.file.text)
        .join('\n');
    const mybatis = texts('mybatis');
    const ibatis = texts('ibatis');
    for (const form of [/#\{\w+,\s*jdbcType=\w+\}/, /\$\{\w+\}/, /<!--/, /prefixOverrides=/, /suffixOverrides=/]) {
      expect(mybatis).toMatch(form);
    }
    for (const form of [/<foreach[^>]*\bindex=/, /<foreach[^>]*\bopen=/, /<foreach[^>]*\bseparator=/]) {
      expect(mybatis).toMatch(form);
    }
    for (const form of [/#\w+#/, /\$\w+\$/, /#\w+\[\]#|#\w+\[\]\.\w+#/, /removeFirstPrepend=/, /conjunction=/]) {
      expect(ibatis).toMatch(form);
    }
  });

  for (const { dir, dialect, framework } of directories) {
    it(`${dir}: every statement expands and every variant parses in the engine (parse_failures=0)`, () => {
      const schemaText = readFileSync(join(corpus, `schema-${dialect}.sql`), 'utf8');
      const analysis = analyzeMapper({ files: filesOf(dir), dialect, framework, schemaText });
      const failures: string[] = [];
      let variants = 0;
      for (const statement of analysis.statements) {
        if (statement.error) failures.push(`${statement.key}: ${statement.error.detail.message.en}`);
        for (const variant of statement.variants) {
          variants++;
          if (variant.error) failures.push(`${statement.key}: ${variant.error.detail.message.en}`);
          // What an optimizer is given: the parameters bound to typed values.
          try {
            parseStatements(variant.bound.sql.text, dialect);
          } catch (error) {
            failures.push(`${statement.key} #${variant.variant.number} bound: ${(error as Error).message}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(variants).toBeGreaterThan(analysis.statements.length);
      // The bound was not hit on the corpus: every scenario was expanded.
      expect(analysis.statements.flatMap((s) => s.leftOut)).toEqual([]);
    });
  }
});
