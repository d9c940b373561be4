import type { AppError, Dialect } from '@sqltune/contracts';
import type {
  ChooseNode,
  ConditionalNode,
  ConditionNode,
  DynamicNode,
  ForeachNode,
  IncludeNode,
  IterateNode,
  MapperStatement,
  Site,
  SqlFragment,
  SqlNode,
  TextNode,
  TrimNode,
} from './model.ts';
import { constantText, evaluate, evaluateTest, type Scope, testComparisons, type Value } from './ognl.ts';
import { locationAt, mapperContentError, type SourceFile } from './source.ts';
import { hasCode, joinPieces, PARAMETER, STATIC, Traced, tidy } from './traced.ts';

/**
 * One rendering of a statement: the SQL MyBatis (or iBatis) would build for a scenario of parameters. `#{...}`
 * and `${...}` stay in the text as written (iBatis `#name#` and `$name$` spelled the MyBatis way, so the engine
 * reads them as the parameters they are).
 */

/** What a variant decides: every parameter set or every one null, how many items collections have, and exceptions. */
export interface Scenario {
  readonly set: boolean;
  readonly items: number;
  /** A conditional forced on or off, a `<choose>` forced to a branch (its index; whens.length is `<otherwise>`). */
  readonly forced: ReadonlyMap<SqlNode, boolean | number>;
}

export interface Rendered {
  readonly sql: Traced;
  /** `<bind>` values by name, for the parameters that use them. */
  readonly binds: ReadonlyMap<string, Value>;
  /** Conditionals (and `<when>`s) whose body was rendered. */
  readonly reached: ReadonlySet<SqlNode>;
  /** The branch each `<choose>` took (-1: none). */
  readonly choices: ReadonlyMap<ChooseNode, number>;
  /** Whether a `<foreach>` or `<iterate>` was rendered. */
  readonly repeated: boolean;
  /**
   * `<set>`s, prefixed `<trim>`s (not `<where>`) and iBatis `<dynamic prepend="SET">`s that rendered nothing, and a
   * `SET` written as text with nothing after it: `UPDATE t WHERE ...`, `UPDATE t SET WHERE ...` or `INSERT INTO t`,
   * which MyBatis sends as they are and the database refuses.
   */
  readonly emptyClauses: readonly EmptyClause[];
}

/** A clause that rendered nothing, where it is written (its tag, or the word) and as it is named in a message. */
export interface EmptyClause {
  readonly file: SourceFile;
  readonly offset: number;
  readonly length: number;
  /** `<set>`, `<trim prefix="SET">`, `<dynamic prepend="SET">`, `SET`. */
  readonly written: string;
}

/** Finds the fragment an `<include refid>` names, seen from the namespace of the file it is written in. */
export type FragmentLookup = (refid: string, namespace: string) => SqlFragment | undefined;

/** A statement whose rendering grows past this is refused (nested loops multiply their bodies). */
const MAX_RENDERED_CHARS = 512 * 1024;
const MAX_INCLUDE_DEPTH = 32;
/**
 * A statement whose rendering visits more elements than this is refused too: includes and loops that render
 * nothing multiply their work without growing the text (two `<include>`s of the next fragment, 32 deep, are 2^32
 * visits, which held an analysis thread past its time limit).
 */
const MAX_RENDERED_ELEMENTS = 200_000;

export function renderStatement(
  statement: MapperStatement,
  scenario: Scenario,
  fragments: FragmentLookup,
  dialect: Dialect,
): Rendered {
  const context = new RenderContext(statement, scenario, fragments, dialect);
  const sql = tidy(context.nodes(statement.body), dialect === 'mysql');
  // A SET left empty as written (no condition declined) is a plain syntax error, not one the parameters make.
  const emptySet = statement.kind === 'update' && context.declined ? emptySetWord(sql) : undefined;
  return {
    sql,
    binds: context.binds,
    reached: context.reached,
    choices: context.choices,
    repeated: context.repeated,
    emptyClauses: emptySet ? [...context.emptyClauses, emptySet] : context.emptyClauses,
  };
}

/**
 * `UPDATE t SET WHERE ...` (or `SET` last): a `SET` written as text before conditional assignments that all rendered
 * nothing. Only a written `SET` counts: a `<trim prefix="SET">` that renders nothing leaves no word (emptyClauses).
 */
function emptySetWord(sql: Traced): EmptyClause | undefined {
  const match = /^\s*UPDATE\b[\s\S]*?\bSET\s*(?:\bWHERE\b|$)/i.exec(sql.text);
  if (!match) return undefined;
  const at = match.index + match[0].search(/\bSET\s*(?:\bWHERE\b|$)/i);
  const origin = sql.originAt(at);
  if (origin?.kind !== STATIC) return undefined;
  return { file: origin.file, offset: origin.offset, length: 3, written: 'SET' };
}

/** Whether the next prepend to render is to be left out (iBatis; shared down through tags without a prepend). */
interface PrependRemoval {
  pending: boolean;
}

/** Every `<sql>` include resolves in this context: where the text came from and which properties apply. */
interface Frame {
  readonly namespace: string;
  readonly properties: ReadonlyMap<string, string>;
  readonly includes: readonly string[];
  /** Names bound by the `<foreach>` or `<iterate>` being rendered (their items are set). */
  readonly loopNames: ReadonlySet<string>;
  /** A `<foreach index>` name and the iteration being rendered (`${i}` reads it). */
  readonly loopIndexes: ReadonlyMap<string, number>;
}

class RenderContext {
  readonly binds = new Map<string, Value>();
  /**
   * `<bind>`s of a literal (`value="'created_at'"`): their `${}` is known text, pasted as an include's property is
   * (no run-time value, nothing to inject). A bind of a parameter stays a `${}`.
   */
  private readonly constantBinds = new Map<string, string>();
  /** Parameters a test decided by the scenario compared with a value (see pinCompared). */
  private readonly pinned = new Map<string, Value>();
  readonly reached = new Set<SqlNode>();
  readonly choices = new Map<ChooseNode, number>();
  readonly emptyClauses: EmptyClause[] = [];
  repeated = false;
  /** Whether a condition did not hold (its body left out). */
  declined = false;
  private size = 0;
  private elements = 0;
  private frame: Frame;

  constructor(
    private readonly statement: MapperStatement,
    private readonly scenario: Scenario,
    private readonly fragments: FragmentLookup,
    private readonly dialect: Dialect,
  ) {
    this.frame = {
      namespace: statement.namespace,
      properties: new Map(),
      includes: [],
      loopNames: new Set(),
      loopIndexes: new Map(),
    };
  }

  /** Nodes in sequence, joined with a blank where MyBatis puts one. */
  nodes(nodes: readonly SqlNode[]): Traced {
    if (this.statement.framework === 'ibatis') return this.ibatisChildren(nodes, null);
    const { file, start } = this.statement.site;
    return joinPieces(
      nodes.map((node) => this.node(node)),
      file,
      start,
    );
  }

  private node(node: SqlNode): Traced {
    this.count();
    switch (node.kind) {
      case 'text':
        return this.text(node);
      case 'if':
        return this.decide(node) ? this.reach(node, this.nodes(node.body)) : Traced.empty;
      case 'choose':
        return this.choose(node);
      case 'trim':
        return this.trim(node);
      case 'foreach':
        return this.foreach(node);
      case 'bind': {
        this.binds.set(node.name, evaluate(node.value, this.scope()) ?? { kind: 'unknown' });
        const constant = constantText(node.value);
        if (constant === undefined) this.constantBinds.delete(node.name);
        else this.constantBinds.set(node.name, constant);
        return Traced.empty;
      }
      case 'include':
        return this.include(node);
      default:
        return this.ibatisPart(node, null).body;
    }
  }

  /** Counts one element rendered against MAX_RENDERED_ELEMENTS. */
  private count(): void {
    if (++this.elements > MAX_RENDERED_ELEMENTS) throw tooLarge(this.statement, 'elements');
  }

  private reach(node: SqlNode, body: Traced): Traced {
    this.reached.add(node);
    return body;
  }

  private text(node: TextNode): Traced {
    this.size += node.text.length;
    if (this.size > MAX_RENDERED_CHARS) throw tooLarge(this.statement, 'characters');
    // `${i}` of a `<foreach index="i">` is the iteration's number (MyBatis pastes it before binding `#{list[${i}]}`).
    // An include's properties are pasted when the mapper is read, before any bind: they win over a bind's name.
    const properties =
      this.frame.loopIndexes.size > 0 || this.constantBinds.size > 0
        ? new Map([
            ...this.constantBinds,
            ...this.frame.properties,
            ...[...this.frame.loopIndexes].map(([k, v]) => [k, String(v)] as const),
          ])
        : this.frame.properties;
    return scanParameters(node, properties, this.statement.framework === 'ibatis');
  }

  decide(node: ConditionalNode): boolean {
    const holds = this.test(node);
    if (!holds) this.declined = true;
    return holds;
  }

  private test(node: ConditionalNode): boolean {
    const forced = this.scenario.forced.get(node);
    if (typeof forced === 'boolean') return forced;
    if (node.kind === 'if') {
      const decided = evaluateTest(node.test, this.scope());
      if (decided !== undefined) return decided;
      if (this.scenario.set) this.pinCompared(node.test);
      return this.scenario.set;
    }
    const propertySet = this.isSet(node.property);
    // A comparison with a value is not known: it holds when its property is set (see exclusiveComparisons too).
    return ibatisTest(node, propertySet) ?? propertySet;
  }

  private choose(node: ChooseNode): Traced {
    const forced = this.scenario.forced.get(node);
    const branch =
      typeof forced === 'number'
        ? forced
        : (() => {
            const when = node.whens.findIndex((w) => this.decide(w));
            return when >= 0 ? when : node.otherwise ? node.whens.length : -1;
          })();
    this.choices.set(node, branch);
    const when = node.whens[branch];
    if (when) return this.reach(when, this.nodes(when.body));
    return branch === node.whens.length && node.otherwise ? this.nodes(node.otherwise.body) : Traced.empty;
  }

  /** MyBatis' TrimSqlNode: the body trimmed, one matching override cut at each end, prefix and suffix added. */
  private trim(node: TrimNode): Traced {
    let body = this.nodes(node.body).trim();
    if (!hasCode(body.text, this.dialect === 'mysql')) {
      const prefix = node.prefix.trim();
      if (prefix && !/^where$/i.test(prefix)) {
        this.emptyClauses.push(tagClause(node, node.site.tag === 'set' ? '<set>' : `<trim prefix="${node.prefix}">`));
      }
      return Traced.empty;
    }
    const upper = body.text.toUpperCase();
    const cutPrefix = node.prefixOverrides.find((o) => upper.startsWith(o));
    if (cutPrefix) body = body.slice(cutPrefix.trim().length);
    const cutSuffix = node.suffixOverrides.find((o) => body.text.toUpperCase().endsWith(o));
    if (cutSuffix) body = body.slice(0, body.length - cutSuffix.trim().length);
    body = body.trim();
    const { file, start } = node.site;
    return Traced.concat([
      node.prefix ? Traced.generated(`${node.prefix} `, file, start) : Traced.empty,
      body,
      node.suffix ? Traced.generated(` ${node.suffix}`, file, start) : Traced.empty,
    ]);
  }

  private foreach(node: ForeachNode): Traced {
    this.repeated = true;
    const items = this.items(node);
    if (items === 0) return Traced.empty;
    const { file, start } = node.site;
    const names = new Set([...this.frame.loopNames, node.item, node.index].filter((n) => n));
    const bodies = Array.from({ length: items }, (_, i) => {
      const loopIndexes = node.index ? new Map([...this.frame.loopIndexes, [node.index, i]]) : this.frame.loopIndexes;
      return this.withFrame({ ...this.frame, loopNames: names, loopIndexes }, () => this.nodes(node.body).trim());
    });
    const parts: Traced[] = [];
    const separator = separatorText(node.separator);
    bodies.forEach((body, i) => {
      if (i > 0) parts.push(Traced.generated(separator, file, start));
      parts.push(body);
    });
    return wrapLoop(node.open, Traced.concat(parts), node.close, file, start);
  }

  private items(node: ForeachNode | IterateNode): number {
    const forced = this.scenario.forced.get(node);
    return typeof forced === 'number' ? forced : this.scenario.items;
  }

  private include(node: IncludeNode): Traced {
    const refid = substituteProperties(node.refid, this.frame.properties);
    const fragment = this.fragments(refid, this.frame.namespace);
    if (!fragment) throw includeError(node.site, refid, 'missing');
    const key = `${fragment.namespace}.${fragment.id}`;
    if (this.frame.includes.includes(key) || this.frame.includes.length >= MAX_INCLUDE_DEPTH) {
      throw includeError(node.site, refid, 'cycle');
    }
    // Property values may use the including fragment's own properties (MyBatis' XMLIncludeTransformer).
    const properties = new Map(this.frame.properties);
    for (const property of node.properties) {
      properties.set(property.name, substituteProperties(property.value, this.frame.properties));
    }
    return this.withFrame(
      { ...this.frame, namespace: fragment.namespace, properties, includes: [...this.frame.includes, key] },
      () => this.nodes(fragment.body),
    );
  }

  private withFrame<T>(frame: Frame, render: () => T): T {
    const outer = this.frame;
    this.frame = frame;
    try {
      return render();
    } finally {
      this.frame = outer;
    }
  }

  /** Whether an iBatis property (a path, or an `<iterate>` item) has a value in this scenario. */
  private isSet(property: string): boolean {
    const name = property.split(/[.[]/)[0] ?? '';
    return this.frame.loopNames.has(name) || this.scenario.set;
  }

  /**
   * A test that holds by the scenario alone and compares a parameter with a value (`fieldName == 'email'`, `type != null
   * and type == 1`): the parameter has that value for the rest of the text, so a sibling comparing it with another
   * (`fieldName == 'phone'`) does not hold too. MyBatis renders one of them, never both.
   */
  private pinCompared(test: string): void {
    for (const { name, equal, value, quoted } of testComparisons(test)) {
      if (!equal || (!quoted && value === 'null')) continue;
      // A property path (`q.type == 1`) is pinned whole; a bind's or a loop item's stays as it is.
      const root = name.split('.')[0]!;
      if (this.binds.has(root) || this.frame.loopNames.has(root)) continue;
      this.pinned.set(name, { kind: 'known', value: quoted ? value : literalValue(value) });
    }
  }

  scope(): Scope {
    return {
      lookup: (name) => {
        const bound = this.binds.get(name) ?? this.pinned.get(name);
        if (bound) return bound;
        if (name === '_parameter' || this.frame.loopNames.has(name)) return { kind: 'set' };
        if (name === '_databaseId') return { kind: 'known', value: this.dialect };
        return this.scenario.set ? { kind: 'set' } : { kind: 'null' };
      },
      lookupPath: (path) => this.pinned.get(path),
    };
  }

  // iBatis 2: a tag's `prepend` goes before its body, except for the first tag with a prepend that renders inside a
  // `<dynamic>` (or a tag with removeFirstPrepend), at any depth through tags without a prepend of their own: the
  // enclosing tag's prepend replaces it (iBatis' SqlTagContext).

  private ibatisChildren(nodes: readonly SqlNode[], removal: PrependRemoval | null): Traced {
    const pieces: Traced[] = [];
    // Sibling comparisons that cannot hold together (see exclusiveComparisons): the first that renders, or the one a
    // scenario forces on, keeps the others out.
    const taken = nodes.filter(
      (n): n is ConditionNode => n.kind === 'condition' && this.scenario.forced.get(n) === true,
    );
    for (const node of nodes) {
      if (node.kind === 'text' || node.kind === 'include') {
        pieces.push(this.node(node));
        continue;
      }
      const free = node.kind === 'condition' && !this.scenario.forced.has(node) ? node : undefined;
      if (free && taken.some((other) => other !== free && exclusiveComparisons(other, free))) continue;
      const { prepend, body } = this.ibatisPart(node, removal);
      if (!hasCode(body.text, this.dialect === 'mysql')) continue;
      if (free) taken.push(free);
      if (prepend && removal?.pending) removal.pending = false;
      else if (prepend) pieces.push(Traced.generated(prepend, node.site.file, node.site.start));
      pieces.push(body);
    }
    const { file, start } = this.statement.site;
    return joinPieces(pieces, file, start);
  }

  private ibatisPart(node: SqlNode, removal: PrependRemoval | null): { prepend: string; body: Traced } {
    this.count();
    switch (node.kind) {
      case 'dynamic': {
        const part = this.ibatisWrapped(node, this.ibatisChildren(node.body, { pending: true }));
        if (!part.body.text && /^set$/i.test(node.prepend.trim())) {
          this.emptyClauses.push(tagClause(node, `<dynamic prepend="${node.prepend}">`));
        }
        return part;
      }
      case 'condition': {
        if (!this.decide(node)) return { prepend: '', body: Traced.empty };
        const inner = node.removeFirstPrepend ? { pending: true } : node.prepend ? null : removal;
        return this.ibatisWrapped(node, this.reach(node, this.ibatisChildren(node.body, inner)));
      }
      case 'iterate':
        return this.iterate(node, removal);
      default:
        return { prepend: '', body: this.node(node) };
    }
  }

  private ibatisWrapped(node: DynamicNode | ConditionNode, content: Traced): { prepend: string; body: Traced } {
    if (!hasCode(content.text, this.dialect === 'mysql')) return { prepend: '', body: Traced.empty };
    const { file, start } = node.site;
    return {
      prepend: node.prepend,
      body: joinPieces(
        [Traced.generated(node.open, file, start), content.trim(), Traced.generated(node.close, file, start)],
        file,
        start,
      ),
    };
  }

  private iterate(node: IterateNode, enclosing: PrependRemoval | null): { prepend: string; body: Traced } {
    this.repeated = true;
    const items = this.items(node);
    const { file, start } = node.site;
    const mysql = this.dialect === 'mysql';
    // A loop with neither a prepend nor removeFirstPrepend passes the enclosing removal through, as the other tags
    // without a prepend do: in `<dynamic prepend="WHERE">`, the first prepend its items render (an inner
    // `<iterate>`'s, a condition's) is the one the WHERE replaces, once for the whole loop.
    const passed = node.removeFirstPrepend === 'none' && !node.prepend ? enclosing : null;
    const once: PrependRemoval | null = node.removeFirstPrepend === 'once' ? { pending: true } : passed;
    const removal = () => (node.removeFirstPrepend === 'eachIteration' ? { pending: true } : once);
    // Inside the loop the iterated property's items (`list[]`) are set, whatever the scenario.
    const loopNames = new Set([...this.frame.loopNames, node.property.split(/[.[]/)[0] ?? '']);
    const bodies = this.withFrame({ ...this.frame, loopNames }, () =>
      Array.from({ length: items }, () => this.ibatisChildren(node.body, removal()).trim()),
    ).filter((body) => hasCode(body.text, mysql));
    // An item whose body renders nothing adds no conjunction; a loop with nothing rendered adds nothing at all, its
    // open, close and prepend included.
    if (bodies.length === 0) return { prepend: '', body: Traced.empty };
    const parts: Traced[] = [];
    bodies.forEach((body, i) => {
      if (i > 0) parts.push(Traced.generated(separatorText(node.conjunction), file, start));
      parts.push(body);
    });
    return { prepend: node.prepend, body: wrapLoop(node.open, Traced.concat(parts), node.close, file, start) };
  }
}

/**
 * A loop's open and close around its items. MyBatis joins the pieces it appends with a blank, which matters where a
 * word meets a word (`open="case dept_id"` before `when ...`, `end` after a value); elsewhere the text is kept tight.
 */
function wrapLoop(open: string, items: Traced, close: string, file: SourceFile, offset: number): Traced {
  const blank = (left: string, right: string) =>
    /[\w'"`)}]$/.test(left) && /^[\w'"`(#$]/.test(right) ? Traced.generated(' ', file, offset) : Traced.empty;
  return Traced.concat([
    Traced.generated(open, file, offset),
    blank(open, items.text),
    items,
    blank(items.text, close),
    Traced.generated(close, file, offset),
  ]);
}

/** A loop's separator as MyBatis' blank-joined output reads: `, ` after a comma, a word between blanks. */
function separatorText(separator: string): string {
  const written = separator.trim();
  if (written === ',') return ', ';
  return written ? ` ${written} ` : ' ';
}

/** An unquoted OGNL literal of a comparison: a number, true or false. */
function literalValue(written: string): string | number | boolean {
  if (written === 'true' || written === 'false') return written === 'true';
  const number = Number(written);
  return Number.isNaN(number) ? written : number;
}

/**
 * iBatis comparisons on one property that cannot both hold: isEqual to two different values, or isEqual and
 * isNotEqual to the same value. Each is unknown on its own (a value is compared), so without this both would render.
 */
export function exclusiveComparisons(a: ConditionNode, b: ConditionNode): boolean {
  if (a.property !== b.property) return false;
  const tests = [a.test, b.test].sort().join(' ');
  if (tests === 'isEqual isEqual') return a.compareValue !== b.compareValue;
  return tests === 'isEqual isNotEqual' && a.compareValue === b.compareValue;
}

/** iBatis 2 conditions on the scenario's parameters; comparisons with a value are not known (undefined). */
function ibatisTest(node: ConditionNode, propertySet: boolean): boolean | undefined {
  switch (node.test) {
    case 'isParameterPresent':
    case 'isPropertyAvailable':
      return true;
    case 'isNotParameterPresent':
    case 'isNotPropertyAvailable':
      return false;
    case 'isNotNull':
    case 'isNotEmpty':
      return propertySet;
    case 'isNull':
    case 'isEmpty':
      return !propertySet;
    default:
      return undefined;
  }
}

const mybatisParameter = /([#$])\{((?:[^}$]|\$\{[^}]*\})*)\}/g;
// iBatis 2: #name#, #name:JDBCTYPE#, #name,jdbcType=X#, $name$, #list[]#, #list[].id#; `##` is a literal #.
const ibatisParameter = /##|#([\w.[\]]+(?:[:,][^#\n]*)?)#|\$([\w.[\]]+)\$/g;

/**
 * A text node with its parameters made PARAMETER characters, and `${name}` replaced where an `<include>` defines the
 * property (MyBatis does that when it reads the file; the value is GENERATED text, placed at the `${`).
 */
function scanParameters(node: TextNode, properties: ReadonlyMap<string, string>, ibatis: boolean): Traced {
  const { text, offsets, site } = node;
  const segment = site.start;
  const pieces: Traced[] = [];
  let last = 0;
  const staticUpTo = (end: number) => {
    if (end > last) pieces.push(Traced.fromSource(text.slice(last, end), site.file, offsets.subarray(last), segment));
  };
  const pattern = ibatis ? ibatisParameter : mybatisParameter;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    staticUpTo(start);
    last = end;
    if (ibatis) pieces.push(ibatisPiece(match, node, start, end));
    else if (match[1] === '$' && properties.has(match[2]!.trim())) {
      pieces.push(Traced.generated(properties.get(match[2]!.trim())!, site.file, offsets[start]!));
    } else if (match[1] === '#' && match[2]!.includes('${')) {
      // `#{ids[${i}]}`: the `${}` inside is pasted first.
      const written = `#{${substituteProperties(match[2]!, properties)}}`;
      pieces.push(Traced.generated(written, site.file, offsets[start]!, PARAMETER));
    } else {
      pieces.push(Traced.fromSource(match[0], site.file, offsets.subarray(start), -1, PARAMETER));
    }
  }
  staticUpTo(text.length);
  return Traced.concat(pieces);
}

/** An iBatis parameter spelled the MyBatis way, its characters placed on the ones written. */
function ibatisPiece(match: RegExpExecArray, node: TextNode, start: number, end: number): Traced {
  const { file } = node.site;
  const at = (i: number) => node.offsets[i]!;
  if (match[0] === '##') return Traced.fromSource('#', file, [at(start)], node.site.start, STATIC);
  const sigil = match[1] !== undefined ? '#' : '$';
  const inner = match[1] ?? match[2]!;
  // #name:VARCHAR# and #name:VARCHAR:NULL# give the JDBC type inline.
  const [name, inlineType] = inner.includes(',') ? [inner, undefined] : inner.split(':');
  const spelled = `${sigil}{${name}${inlineType ? `,jdbcType=${inlineType}` : ''}}`;
  const innerOffsets = Array.from({ length: spelled.length }, (_, i) => at(Math.min(start + i, end - 1)));
  innerOffsets[spelled.length - 1] = at(end - 1);
  return Traced.fromSource(spelled, file, innerOffsets, -1, PARAMETER);
}

function tagClause(node: TrimNode | DynamicNode, written: string): EmptyClause {
  return { file: node.site.file, offset: node.site.start, length: node.site.tag.length + 1, written };
}

function substituteProperties(text: string, properties: ReadonlyMap<string, string>): string {
  return text.replace(/\$\{([^}]*)\}/g, (whole, name: string) => properties.get(name.trim()) ?? whole);
}

function includeError(site: Site, refid: string, why: 'missing' | 'cycle'): AppError {
  return mapperContentError(locationAt(site.file, site.start), (where) =>
    why === 'missing'
      ? {
          zh: `${where}：<include refid="${refid}"> 引用的 <sql> 片段不在上传的文件中`,
          en: `${where}: <include refid="${refid}"> names a <sql> fragment that is not in the files given`,
        }
      : {
          zh: `${where}：<include refid="${refid}"> 循环引用`,
          en: `${where}: <include refid="${refid}"> includes itself`,
        },
  );
}

function tooLarge(statement: MapperStatement, bound: 'characters' | 'elements'): AppError {
  return mapperContentError(locationAt(statement.site.file, statement.site.start), (where) =>
    bound === 'characters'
      ? {
          zh: `${where}：语句 ${statement.id} 展开后超过 ${MAX_RENDERED_CHARS} 个字符（嵌套的 foreach？）`,
          en: `${where}: statement ${statement.id} expands to more than ${MAX_RENDERED_CHARS} characters (nested foreach?)`,
        }
      : {
          zh: `${where}：语句 ${statement.id} 展开时要处理超过 ${MAX_RENDERED_ELEMENTS} 个元素（相互嵌套的 include 或 foreach？）`,
          en: `${where}: statement ${statement.id} expands through more than ${MAX_RENDERED_ELEMENTS} elements (includes or loops nested in each other?)`,
        },
  );
}

/** Every decision point of a statement, with the decisions that must hold for it to be rendered at all. */
export interface DecisionPoint {
  readonly node: ConditionalNode | ChooseNode | ForeachNode | IterateNode;
  readonly requires: ReadonlyMap<SqlNode, boolean | number>;
}

/** Walks the whole tree (every branch, through includes) listing its decision points. */
export function decisionPoints(statement: MapperStatement, fragments: FragmentLookup): DecisionPoint[] {
  const found: DecisionPoint[] = [];
  const seen = new Set<SqlNode>();
  const walk = (
    nodes: readonly SqlNode[],
    requires: Map<SqlNode, boolean | number>,
    namespace: string,
    depth: number,
  ) => {
    for (const node of nodes) {
      if (seen.has(node) || depth > MAX_INCLUDE_DEPTH) continue;
      switch (node.kind) {
        case 'if':
        case 'condition':
          seen.add(node);
          found.push({ node, requires });
          walk(node.body, new Map([...requires, [node, true]]), namespace, depth);
          break;
        case 'choose':
          seen.add(node);
          found.push({ node, requires });
          node.whens.forEach((when, i) => {
            found.push({ node: when, requires: new Map([...requires, [node, i]]) });
            walk(when.body, new Map([...requires, [node, i]]), namespace, depth);
          });
          if (node.otherwise)
            walk(node.otherwise.body, new Map([...requires, [node, node.whens.length]]), namespace, depth);
          break;
        case 'foreach':
        case 'iterate':
          seen.add(node);
          found.push({ node, requires });
          walk(node.body, requires, namespace, depth);
          break;
        case 'include': {
          // Once: a second walk of the same fragment finds only nodes already seen, and fragments that include the
          // next one twice would be walked 2^depth times.
          seen.add(node);
          const fragment = fragments(node.refid, namespace);
          if (fragment) walk(fragment.body, requires, fragment.namespace, depth + 1);
          break;
        }
        case 'trim':
        case 'dynamic':
          walk(node.body, requires, namespace, depth);
          break;
        default:
          break;
      }
    }
  };
  walk(statement.body, new Map(), statement.namespace, 0);
  return found;
}
