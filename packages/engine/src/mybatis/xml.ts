import { AppError, ErrorCode } from '@sqltune/contracts';
import { SaxesParser } from 'saxes';
import { mapperContentError, type SourceFile, sourcePosition } from './source.ts';

/**
 * The XML of a mapper file as a tree whose every node knows where it sits in the file. Read with saxes, which checks
 * well-formedness, never fetches anything and never expands an entity other than XML's five predefined ones and
 * character references: a DOCTYPE's internal subset is not read at all, so an external entity (XXE) or a chain of
 * entities (billion laughs) is only an undefined entity, refused with 4202 at its position.
 */

export interface XmlElement {
  readonly kind: 'element';
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
  /** Offset of the `<` that opens the element. */
  readonly start: number;
  /** Offset just after the `>` that closes it (the start tag's for an empty element). */
  readonly end: number;
}

/** Character data: text or a CDATA section, decoded, with the file offset each character was read from. */
export interface XmlText {
  readonly kind: 'text';
  readonly text: string;
  readonly cdata: boolean;
  /** `offsets[i]` is where `text[i]` starts in the file; `offsets[text.length]` is where the node's data ends. */
  readonly offsets: Int32Array;
}

export type XmlNode = XmlElement | XmlText;

/** Deeper element nesting is refused: the readers after this one walk the tree recursively. */
export const MAX_XML_DEPTH = 200;

interface OpenElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  start: number;
}

/** Reads one file into its root element; malformed XML throws 4202 with the file, line and column. */
export function readXml(file: SourceFile): XmlElement {
  const parser = new SaxesParser({ position: true });
  const { text } = file;
  const stack: OpenElement[] = [{ name: '#document', attributes: {}, children: [], start: 0 }];
  let root: XmlElement | undefined;
  // Where the node after the last one read starts: saxes reports positions where an event ends.
  let cursor = 0;
  const top = () => stack[stack.length - 1]!;
  parser.on('text', (data) => {
    const end = parser.position - 1; // the event fires on the `<` after the text
    if (stack.length > 1) top().children.push(textNode(text, cursor, end, data, false));
    cursor = end;
  });
  parser.on('cdata', (data) => {
    const end = parser.position;
    top().children.push(textNode(text, cursor + '<![CDATA['.length, end - ']]>'.length, data, true));
    cursor = end;
  });
  parser.on('opentag', (tag) => {
    if (stack.length > MAX_XML_DEPTH) throw tooDeep(file, cursor);
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attributes[name] = String(value);
    const open: OpenElement = { name: tag.name, attributes, children: [], start: cursor };
    stack.push(open);
    cursor = parser.position;
  });
  parser.on('closetag', () => {
    const open = stack.pop()!;
    const element: XmlElement = { kind: 'element', ...open, end: parser.position };
    if (stack.length === 1) root = element;
    else top().children.push(element);
    cursor = parser.position;
  });
  for (const event of ['processinginstruction', 'doctype', 'xmldecl'] as const) {
    parser.on(event, () => {
      cursor = parser.position;
    });
  }
  // A comment is reported after its `--`, before its `>` is read.
  parser.on('comment', () => {
    cursor = text.startsWith('>', parser.position) ? parser.position + 1 : parser.position;
  });
  parser.on('error', (error) => {
    throw malformed(file, parser.line, parser.column, error.message);
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw malformed(file, parser.line, parser.column, error instanceof Error ? error.message : String(error));
  }
  if (!root) throw malformed(file, parser.line, parser.column, 'no root element');
  return root;
}

/**
 * A text node's decoded data mapped back to the file: the raw text between `start` and `end` is decoded again here
 * (the five predefined entities and character references are all saxes lets through), character by character.
 */
function textNode(source: string, start: number, end: number, data: string, cdata: boolean): XmlText {
  const offsets = new Int32Array(data.length + 1);
  let written = 0;
  let i = start;
  while (i < end && written < data.length) {
    if (!cdata && source[i] === '&') {
      const close = source.indexOf(';', i);
      const decoded = decodeReference(source.slice(i + 1, close));
      for (let k = 0; k < decoded.length; k++) offsets[written++] = i;
      i = close + 1;
    } else {
      offsets[written++] = i++;
    }
  }
  // Should the decoding ever disagree with saxes, every remaining character points at the node's end.
  while (written < data.length) offsets[written++] = end;
  offsets[data.length] = end;
  return { kind: 'text', text: data, cdata, offsets };
}

const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeReference(name: string): string {
  if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
  if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
  return predefined[name] ?? '';
}

function malformed(file: SourceFile, line: number, column: number, detail: string): AppError {
  // saxes prefixes its messages with "line:column: " and counts columns from 0 (after the character it read).
  const reason = detail.replace(/^\d+:\d+:\s*/, '').replace(/\.$/, '');
  const entity = /undefined entity/.test(reason);
  return mapperContentError({ file: file.name, line, column: Math.max(column, 1) }, (where) =>
    entity
      ? {
          zh: `XML 格式错误（${where}）：未定义的实体。SQLTune 不读取 DTD，只认 XML 预定义的五个实体（&lt; &gt; &amp; &quot; &apos;）和字符引用`,
          en: `Malformed XML (${where}): undefined entity. SQLTune reads no DTD: only XML's five predefined entities (&lt; &gt; &amp; &quot; &apos;) and character references`,
        }
      : {
          zh: `XML 格式错误（${where}）：${reason}`,
          en: `Malformed XML (${where}): ${reason}`,
        },
  );
}

function tooDeep(file: SourceFile, offset: number): AppError {
  const { line, column } = sourcePosition(file, offset);
  return mapperContentError({ file: file.name, line, column }, (where) => ({
    zh: `XML 元素嵌套过深（${where}，超过 ${MAX_XML_DEPTH} 层）`,
    en: `XML elements are nested too deeply (${where}, over ${MAX_XML_DEPTH} levels)`,
  }));
}

/** The element children of an element, optionally only those with one of the given names. */
export function elementsOf(element: XmlElement, ...names: string[]): XmlElement[] {
  return element.children.filter(
    (c): c is XmlElement => c.kind === 'element' && (names.length === 0 || names.includes(c.name)),
  );
}
