import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeMapper } from './analyze-mapper.ts';
import { sourceFile, sourcePosition } from './source.ts';
import { readXml, type XmlElement, type XmlText } from './xml.ts';

function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('reading mapper XML with positions', () => {
  it('places elements, and each character of text, entities and CDATA at the offset it was written', () => {
    const text = '<mapper>\n  <select id="a">SELECT x &lt; 1 <![CDATA[AND y > 2]]> &#38; z</select>\n</mapper>';
    const file = sourceFile('m.xml', text);
    const root = readXml(file);
    const select = root.children.find((c): c is XmlElement => c.kind === 'element')!;
    expect(text.slice(select.start, select.end)).toMatch(/^<select id="a">.*<\/select>$/);
    expect(sourcePosition(file, select.start)).toEqual({ line: 2, column: 3 });
    const [plain, cdata, after] = select.children as XmlText[];
    expect(plain!.text).toBe('SELECT x < 1 ');
    // `<` was written as `&lt;`: its character points at the `&`.
    expect(text.slice(plain!.offsets[9]!, plain!.offsets[10]!)).toBe('&lt;');
    expect(cdata).toMatchObject({ text: 'AND y > 2', cdata: true });
    expect(text.slice(cdata!.offsets[0]!, cdata!.offsets[9]!)).toBe('AND y > 2');
    expect(after!.text).toBe(' & z');
    expect(text.slice(after!.offsets[1]!, after!.offsets[2]!)).toBe('&#38;');
  });

  it('places text after a comment, a processing instruction and a DOCTYPE where it was written', () => {
    // saxes reports a comment before reading its closing `>`: text after it was placed one character early, so a
    // finding on `${scope}` after `<!-- filter -->` (RuoYi's mappers) pointed at the indentation before it.
    const text =
      '<?xml version="1.0"?>\n<!DOCTYPE mapper PUBLIC "-//x//EN" "x.dtd">\n<mapper><select id="a">SELECT 1\n' +
      '  <!-- 数据范围 --><!--b-->${scope}<?pi x?>${more}</select></mapper>';
    const root = readXml(sourceFile('m.xml', text));
    const select = root.children.find((c): c is XmlElement => c.kind === 'element')!;
    const texts = select.children.filter((c): c is XmlText => c.kind === 'text');
    expect(texts.map((t) => t.text)).toEqual(['SELECT 1\n  ', '${scope}', '${more}']);
    expect(text.slice(texts[1]!.offsets[0]!, texts[1]!.offsets[8]!)).toBe('${scope}');
    expect(text.slice(texts[2]!.offsets[0]!, texts[2]!.offsets[7]!)).toBe('${more}');
  });

  it('reads CRLF files with the same lines and columns', () => {
    const file = sourceFile('m.xml', '<mapper>\r\n  <select id="a">SELECT 1</select>\r\n</mapper>');
    const select = readXml(file).children.find((c): c is XmlElement => c.kind === 'element')!;
    expect(sourcePosition(file, select.start)).toEqual({ line: 2, column: 3 });
  });

  it('refuses malformed XML with 4202, the file, line and column', () => {
    const error = thrown(() =>
      readXml(sourceFile('bad.xml', '<mapper>\n  <select id="a">SELECT 1</selec>\n</mapper>')),
    );
    expect(error.code).toBe(4202);
    expect(error.detail).toMatchObject({ line: 2, field: 'file' });
    expect(error.detail.column).toBeGreaterThan(20);
    expect(error.detail.message.en).toContain('bad.xml:2:');
    expect(error.detail.message.zh).toContain('bad.xml:2:');
  });

  it('refuses nesting deeper than it walks', () => {
    const deep = `<mapper>${'<if test="a">'.repeat(300)}${'</if>'.repeat(300)}</mapper>`;
    expect(thrown(() => readXml(sourceFile('deep.xml', deep))).detail.message.en).toMatch(/nested too deeply/);
  });
});

describe('XML attacks: entities and DTDs are never expanded or fetched', () => {
  let dir: string;
  let secretPath: string;
  const secret = 'SQLTUNE-SECRET-7f3a9c';
  let requests = 0;
  let server: ReturnType<typeof createServer>;
  let dtdUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqltune-xxe-'));
    secretPath = join(dir, 'secret.txt');
    writeFileSync(secretPath, secret);
    server = createServer((_, response) => {
      requests++;
      response.end(`<!ENTITY leak "${secret}">`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dtdUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mapper.dtd`;
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new Promise((resolve) => server.close(resolve));
  });

  const analyzeText = (text: string) =>
    analyzeMapper({ files: [{ name: 'attack.xml', text }], dialect: 'mysql', framework: 'mybatis' });

  it('an external entity naming a real local file is refused at its reference, and its content appears nowhere', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE mapper [<!ENTITY xxe SYSTEM "file://${secretPath}">]>
<mapper namespace="a">
  <select id="leak">SELECT '&xxe;' FROM users</select>
</mapper>`;
    const error = thrown(() => analyzeText(xml));
    expect(error.code).toBe(4202);
    expect(error.detail).toMatchObject({ line: 4, field: 'file' });
    expect(error.detail.message.en).toMatch(/undefined entity/);
    expect(JSON.stringify(error.detail)).not.toContain(secret);
  });

  it('an external DTD or parameter entity is never fetched', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE mapper SYSTEM "${dtdUrl}" [<!ENTITY % remote SYSTEM "${dtdUrl}"> %remote;]>
<mapper namespace="a"><select id="ok">SELECT id FROM users</select></mapper>`;
    const analysis = analyzeText(xml);
    expect(analysis.statements.map((s) => s.key)).toEqual(['a.ok']);
    expect(requests).toBe(0);
    expect(JSON.stringify(analysis.statements.map((s) => s.variants.map((v) => v.template.text)))).not.toContain(
      secret,
    );
  });

  it('billion laughs: entities defined in the DTD are not expanded, the reference is refused at once', () => {
    const levels = Array.from({ length: 10 }, (_, i) =>
      i === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
    ).join('\n');
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE mapper [\n${levels}\n]>\n<mapper namespace="a"><select id="x">SELECT '&lol9;'</select></mapper>`;
    const started = process.memoryUsage().heapUsed;
    const error = thrown(() => analyzeText(xml));
    expect(error.code).toBe(4202);
    expect(error.detail.line).toBe(14);
    // Ten levels of ten would be 10^9 copies; nothing of the sort was built.
    expect(process.memoryUsage().heapUsed - started).toBeLessThan(50 * 1024 * 1024);
  });

  it('the usual MyBatis DOCTYPE (a public DTD on the internet) is accepted and not fetched', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "${dtdUrl}">
<mapper namespace="a"><select id="ok">SELECT id FROM users</select></mapper>`;
    expect(analyzeText(xml).statements).toHaveLength(1);
    expect(requests).toBe(0);
  });
});
