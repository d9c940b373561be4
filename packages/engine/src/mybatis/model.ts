import type { SourceFile } from './source.ts';

/**
 * A mapper file read into statements and fragments whose bodies are trees of dynamic SQL nodes (readonly, tagged by
 * `kind`). Both frameworks share the tree: MyBatis 3 tags and iBatis 2 tags each get a node kind, and rendering
 * (render.ts) gives each its framework's meaning.
 */

export type Framework = 'mybatis' | 'ibatis';

/** Where a node was written: its file and the offsets of its element (or text). */
export interface Site {
  readonly file: SourceFile;
  readonly start: number;
  readonly end: number;
  /** The element's name (`if`, `foreach`...), or `#text`. */
  readonly tag: string;
}

/** Character data (text or CDATA) with the file offset of each character: the only text a rewrite may change. */
export interface TextNode {
  readonly kind: 'text';
  readonly site: Site;
  readonly text: string;
  readonly offsets: Int32Array;
  readonly cdata: boolean;
}

/** MyBatis `<if test>`, and each `<when test>` of a `<choose>`. */
export interface IfNode {
  readonly kind: 'if';
  readonly site: Site;
  readonly test: string;
  readonly body: readonly SqlNode[];
}

export interface ChooseNode {
  readonly kind: 'choose';
  readonly site: Site;
  readonly whens: readonly IfNode[];
  readonly otherwise: OtherwiseBranch | null;
}

export interface OtherwiseBranch {
  readonly site: Site;
  readonly body: readonly SqlNode[];
}

/** `<trim>`, and `<where>` / `<set>`, which are trims with fixed overrides (as MyBatis defines them). */
export interface TrimNode {
  readonly kind: 'trim';
  readonly site: Site;
  readonly prefix: string;
  readonly suffix: string;
  /** Upper case, as MyBatis compares them with the upper-cased body. */
  readonly prefixOverrides: readonly string[];
  readonly suffixOverrides: readonly string[];
  readonly body: readonly SqlNode[];
}

export interface ForeachNode {
  readonly kind: 'foreach';
  readonly site: Site;
  readonly collection: string;
  readonly item: string;
  readonly index: string;
  readonly open: string;
  readonly close: string;
  readonly separator: string;
  readonly body: readonly SqlNode[];
}

/** `<bind name value>`: an OGNL value the rest of the statement can use as `#{name}` or in tests. */
export interface BindNode {
  readonly kind: 'bind';
  readonly site: Site;
  readonly name: string;
  readonly value: string;
}

/** `<include refid>` with its `<property>` values (MyBatis) or iBatis 2 `<include refid>`. */
export interface IncludeNode {
  readonly kind: 'include';
  readonly site: Site;
  readonly refid: string;
  readonly properties: ReadonlyArray<{ readonly name: string; readonly value: string; readonly site: Site }>;
}

/** iBatis 2 `<dynamic>`: the first child that renders gives up its prepend for the dynamic's own. */
export interface DynamicNode {
  readonly kind: 'dynamic';
  readonly site: Site;
  readonly prepend: string;
  readonly open: string;
  readonly close: string;
  readonly body: readonly SqlNode[];
}

export type IbatisTest =
  | 'isNull'
  | 'isNotNull'
  | 'isEmpty'
  | 'isNotEmpty'
  | 'isPropertyAvailable'
  | 'isNotPropertyAvailable'
  | 'isParameterPresent'
  | 'isNotParameterPresent'
  | 'isEqual'
  | 'isNotEqual'
  | 'isGreaterThan'
  | 'isGreaterEqual'
  | 'isLessThan'
  | 'isLessEqual';

/** An iBatis 2 conditional tag (`<isNotEmpty property="name" prepend="AND">`...). */
export interface ConditionNode {
  readonly kind: 'condition';
  readonly site: Site;
  readonly test: IbatisTest;
  readonly property: string;
  readonly compareValue: string;
  readonly prepend: string;
  readonly open: string;
  readonly close: string;
  readonly removeFirstPrepend: boolean;
  readonly body: readonly SqlNode[];
}

/** iBatis 2 `<iterate property open close conjunction>`: its body once per item, `#list[]#` being the item. */
export interface IterateNode {
  readonly kind: 'iterate';
  readonly site: Site;
  readonly property: string;
  readonly prepend: string;
  readonly open: string;
  readonly close: string;
  readonly conjunction: string;
  /**
   * `removeFirstPrepend`: `true` drops the first prepend rendered in the whole loop, `iterate` the first in each
   * iteration (iBatis' IterateTagHandler re-arms it per item).
   */
  readonly removeFirstPrepend: 'none' | 'once' | 'eachIteration';
  readonly body: readonly SqlNode[];
}

export type SqlNode =
  | TextNode
  | IfNode
  | ChooseNode
  | TrimNode
  | ForeachNode
  | BindNode
  | IncludeNode
  | DynamicNode
  | ConditionNode
  | IterateNode;

/** A node whose body is rendered or not depending on the parameters: what variants decide. */
export type ConditionalNode = IfNode | ConditionNode;
export type RepeatingNode = ForeachNode | IterateNode;

export type StatementKind = 'select' | 'insert' | 'update' | 'delete';

export interface MapperStatement {
  readonly kind: StatementKind;
  readonly framework: Framework;
  readonly namespace: string;
  readonly id: string;
  /** The `databaseId` it is written for, if any. */
  readonly databaseId: string | null;
  readonly site: Site;
  readonly body: readonly SqlNode[];
}

/** A `<sql id>` fragment, included by refid. */
export interface SqlFragment {
  readonly namespace: string;
  readonly id: string;
  readonly site: Site;
  readonly body: readonly SqlNode[];
}

export interface MapperFile {
  readonly file: SourceFile;
  readonly framework: Framework;
  readonly namespace: string;
  readonly statements: readonly MapperStatement[];
  readonly fragments: readonly SqlFragment[];
}

/** The key a statement is known by: `namespace.id` (MyBatis' own statement id), or the id without a namespace. */
export function statementKey(statement: Pick<MapperStatement, 'namespace' | 'id'>): string {
  return statement.namespace ? `${statement.namespace}.${statement.id}` : statement.id;
}

/** The body of a node that has one (every kind but text, bind and include). */
export function bodyOf(node: SqlNode): readonly SqlNode[] {
  return 'body' in node ? node.body : [];
}
