import type { Localized } from '@sqltune/contracts';
import { createTwoFilesPatch, diffWordsWithSpace } from 'diff';
import { codeTokens, lex } from '../text/lexer.ts';
import type { MapperStatement } from './model.ts';
import { BOUND, STATIC, type Traced } from './traced.ts';

/**
 * Carrying a rewrite of a variant's SQL back into the mapper: each change of the text is made where its characters
 * were written, and only when they were all written in one text node (or CDATA section) of the statement itself. A
 * change that touches a tag's output, a parameter's stand-in value, or a `<sql>` fragment other statements include
 * stays advice.
 */

export interface XmlEdit {
  readonly file: string;
  /** Offsets in the file's text (LF newlines). */
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
}

export type CarriedRewrite = { readonly edits: readonly XmlEdit[] } | { readonly advice: Localized };

interface TextChange {
  start: number;
  end: number;
  replacement: string;
}

/**
 * The edits that make the statement's text in the file read as `optimized`. They must all fall in one text node:
 * edits in two nodes could move a condition from one into the other (a word diff aligns an inserted `AND` with one
 * an `<if>` starts with), and the node that receives it may not render when the other does. The word-by-word changes
 * are tried first (the smallest diff of the file), then the one region between the common start and end of both texts.
 */
export function carryRewrite(bound: Traced, optimized: string, statement: MapperStatement): CarriedRewrite {
  const byWords = editsFor(textChanges(bound.text, optimized), bound, statement);
  if ('advice' in byWords || oneSegment(byWords.segments)) return byWords;
  // Every word-by-word change falls in written text, in several nodes: one region is only as good if it stays in one.
  const whole = editsFor([changedRegion(bound.text, optimized)], bound, statement);
  return 'edits' in whole && oneSegment(whole.segments) ? whole : { advice: severalNodes };
}

function editsFor(
  changes: readonly TextChange[],
  bound: Traced,
  statement: MapperStatement,
): { edits: XmlEdit[]; segments: Set<string> } | { advice: Localized } {
  const edits: XmlEdit[] = [];
  const segments = new Set<string>();
  for (const change of changes) {
    const edit = editFor(change, bound, statement);
    if ('advice' in edit) return edit;
    edits.push(edit.edit);
    segments.add(`${edit.edit.file}:${edit.segment}`);
  }
  return { edits, segments };
}

function oneSegment(segments: ReadonlySet<string>): boolean {
  return segments.size <= 1;
}

/** The single change between two texts: what lies between their common beginning and their common end. */
function changedRegion(before: string, after: string): TextChange {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end++;
  }
  return { start, end: before.length - end, replacement: after.slice(start, after.length - end) };
}

/** The changes between two texts, word by word (blanks kept), as replacements of ranges of the first. */
function textChanges(before: string, after: string): TextChange[] {
  const changes: TextChange[] = [];
  let at = 0;
  let open: TextChange | undefined;
  for (const part of diffWordsWithSpace(before, after)) {
    if (!part.added && !part.removed) {
      if (open) changes.push(open);
      open = undefined;
      at += part.value.length;
      continue;
    }
    open ??= { start: at, end: at, replacement: '' };
    if (part.removed) {
      at += part.value.length;
      open.end = at;
    } else open.replacement += part.value;
  }
  if (open) changes.push(open);
  return changes;
}

function editFor(
  change: TextChange,
  bound: Traced,
  statement: MapperStatement,
): { edit: XmlEdit; segment: number } | { advice: Localized } {
  const { file } = statement.site;
  if (copiesStandIn(change, bound)) return { advice: copiesValue };
  const place = change.end > change.start ? replacedRange(change, bound) : insertionPoint(change.start, bound);
  if (!place) return { advice: outsideStaticText };
  if (place.file !== file.name || place.start < statement.site.start || place.end > statement.site.end) {
    return { advice: outsideStatement };
  }
  const cdata = file.text.slice(place.segment - '<![CDATA['.length, place.segment) === '<![CDATA[';
  if (cdata && change.replacement.includes(']]>')) return { advice: outsideStaticText };
  const replacement = cdata ? change.replacement : escapeText(change.replacement);
  const start = replacement === '' ? wholeLineStart(file.text, place.start, place.end, place.segment) : place.start;
  return { edit: { file: place.file, start, end: place.end, replacement }, segment: place.segment };
}

/**
 * A deletion of whole lines (`left join sys_role ro on ...` and its line break) takes the blanks that indent the first
 * one too, so the next line keeps its own indentation instead of adding the deleted line's; within the text node.
 */
function wholeLineStart(text: string, start: number, end: number, segment: number): number {
  if (text[end - 1] !== '\n') return start;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  return lineStart >= segment && /^[ \t]*$/.test(text.slice(lineStart, start)) ? lineStart : start;
}

/** The file range of replaced characters: all written, in one text node. */
function replacedRange(change: TextChange, bound: Traced) {
  const first = bound.originAt(change.start)!;
  const last = bound.originAt(change.end - 1)!;
  for (let i = change.start; i < change.end; i++) {
    const origin = bound.originAt(i)!;
    if (origin.kind !== STATIC || origin.segment !== first.segment || origin.file !== first.file) return undefined;
  }
  return {
    file: first.file.name,
    segment: first.segment,
    start: first.offset,
    end: rawEnd(last.file.text, last.offset),
  };
}

/** Where inserted text goes: after a written character, or before one. */
function insertionPoint(at: number, bound: Traced) {
  const before = at > 0 ? bound.originAt(at - 1) : undefined;
  if (before?.kind === STATIC) {
    const end = rawEnd(before.file.text, before.offset);
    return { file: before.file.name, segment: before.segment, start: end, end };
  }
  const after = at < bound.length ? bound.originAt(at) : undefined;
  if (after?.kind === STATIC) {
    return { file: after.file.name, segment: after.segment, start: after.offset, end: after.offset };
  }
  return undefined;
}

/** Where a character written at `offset` ends: after its entity reference (`&lt;`) or the character itself. */
function rawEnd(text: string, offset: number): number {
  if (text[offset] === '&') {
    const close = text.indexOf(';', offset);
    if (close > offset && close - offset <= 10) return close + 1;
  }
  return offset + 1;
}

/**
 * Whether the new text holds a value we made up for a parameter (`'a'`, `3`) that the replaced text did not: such
 * a rewrite copied the stand-in, and in the mapper it must stay the parameter.
 */
function copiesStandIn(change: TextChange, bound: Traced): boolean {
  const standIns = new Set<string>();
  for (let i = 0; i < bound.length; ) {
    if (bound.originAt(i)!.kind !== BOUND) {
      i++;
      continue;
    }
    let end = i;
    while (end < bound.length && bound.originAt(end)!.kind === BOUND) end++;
    standIns.add(bound.text.slice(i, end));
    i = end;
  }
  if (standIns.size === 0) return false;
  const replaced = bound.text.slice(change.start, change.end);
  const tokens = codeTokens(lex(change.replacement, { mysql: true })).map((t) => t.text);
  return tokens.some((token) => standIns.has(token) && !replaced.includes(token));
}

/** What character data needs escaped: `&`, `<`, and the `>` of a `]]>`; the rest is left as SQL writers read it. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\]\]>/g, ']]&gt;');
}

/** The file with the edits made (edits never overlap; they are applied from the end). */
export function applyXmlEdits(text: string, edits: readonly XmlEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.replacement + result.slice(edit.end);
  }
  return result;
}

/** A unified diff of a mapper file and its patched text. */
export function mapperDiff(name: string, before: string, after: string): string {
  if (before === after) return '';
  return createTwoFilesPatch(name, name, before, after, '', '', { context: 3 });
}

const copiesValue: Localized = {
  zh: '改写把参数的示例值复制进了 SQL，映射文件中需要保留参数，因此只作为建议。',
  en: 'The rewrite copies a parameter’s stand-in value into the SQL; in the mapper it must stay the parameter, so it is advice only.',
};
const outsideStaticText: Localized = {
  zh: '改写涉及标签生成的文本或参数（而不只是语句中写出的文本），无法直接写回映射文件，仅作为建议。',
  en: 'The rewrite touches text a tag generates, or a parameter, not only text written in the statement: it cannot be written back into the mapper, so it is advice only.',
};
const severalNodes: Localized = {
  zh: '改写同时修改了语句中多个标签内的文本，写回后条件可能从一个标签移到另一个标签，因此仅作为建议。',
  en: 'The rewrite changes text in the bodies of several tags of the statement: written back, a condition could move from one tag into another, so it is advice only.',
};
const outsideStatement: Localized = {
  zh: '改写涉及被多条语句引用的 <sql> 片段，写回会影响其他语句，仅作为建议。',
  en: 'The rewrite touches a <sql> fragment other statements include: writing it back would change them too, so it is advice only.',
};
