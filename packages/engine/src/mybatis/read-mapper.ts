import type {
  ConditionNode,
  Framework,
  IbatisTest,
  IterateNode,
  MapperFile,
  MapperStatement,
  Site,
  SqlFragment,
  SqlNode,
  StatementKind,
  TrimNode,
} from './model.ts';
import { mapperContentError, type SourceFile, sourcePosition } from './source.ts';
import { elementsOf, readXml, type XmlElement, type XmlNode } from './xml.ts';

/**
 * Reads a mapper file: a MyBatis 3 `<mapper>` or an iBatis 2 `<sqlMap>`. Elements that do not hold SQL
 * (`resultMap`, `cache`, `typeAlias`, `parameterMap`...) are skipped; an element MyBatis or iBatis would refuse
 * inside a statement is refused here too (4202 at its position), as the framework would refuse the file at start.
 */
export function readMapperFile(file: SourceFile, expected?: Framework): MapperFile {
  const root = readXml(file);
  const framework = frameworkOfRoot(root.name);
  if (!framework) throw notAMapper(file, root);
  if (expected && framework !== expected) throw wrongFramework(file, root, expected);
  const namespace = root.attributes.namespace ?? '';
  const reader = framework === 'mybatis' ? mybatisNode : ibatisNode;
  const statements: MapperStatement[] = [];
  const fragments: SqlFragment[] = [];
  for (const element of elementsOf(root)) {
    if (element.name === 'sql') {
      const id = requiredAttribute(file, element, 'id');
      fragments.push({ namespace, id, site: siteOf(file, element), body: readBody(file, element, reader) });
      continue;
    }
    const kind = statementKindOf(element, framework);
    if (!kind) continue;
    const body = readBody(file, element, reader);
    statements.push({
      kind: kind === 'statement' ? kindFromText(body) : kind,
      framework,
      namespace,
      id: requiredAttribute(file, element, 'id'),
      databaseId: element.attributes.databaseId ?? null,
      site: siteOf(file, element),
      body,
    });
  }
  return { file, framework, namespace, statements, fragments };
}

/** The framework a root element belongs to; undefined for any other XML (a Spring context, a pom...). */
export function frameworkOfRoot(name: string): Framework | undefined {
  if (name === 'mapper') return 'mybatis';
  if (name === 'sqlMap') return 'ibatis';
  return undefined;
}

/**
 * The framework of a file by its root element, for a caller sorting the XML files of a project (the CLI on a
 * directory); undefined for other XML. A file that is not well-formed counts when a mapper root element appears in
 * it, so that its 4202 is reported rather than the file skipped.
 */
export function mapperFrameworkOf(file: SourceFile): Framework | undefined {
  try {
    return frameworkOfRoot(readXml(file).name);
  } catch {
    const root = /<(mapper|sqlMap)[\s>]/.exec(file.text)?.[1];
    return root ? frameworkOfRoot(root) : undefined;
  }
}

type NodeReader = (file: SourceFile, element: XmlElement) => SqlNode | null;

function readBody(file: SourceFile, element: XmlElement, reader: NodeReader): SqlNode[] {
  const nodes: SqlNode[] = [];
  for (const child of element.children) {
    const node = child.kind === 'text' ? textOf(file, child) : reader(file, child);
    if (node) nodes.push(node);
  }
  return nodes;
}

function textOf(file: SourceFile, text: Extract<XmlNode, { kind: 'text' }>): SqlNode {
  const start = text.offsets[0]!;
  const end = text.offsets[text.text.length]!;
  return {
    kind: 'text',
    site: { file, start, end, tag: '#text' },
    text: text.text,
    offsets: text.offsets,
    cdata: text.cdata,
  };
}

/** MyBatis' own overrides for `<where>` and `<set>` (WhereSqlNode, SetSqlNode). */
const WHERE_PREFIX_OVERRIDES = ['AND ', 'OR ', 'AND\n', 'OR\n', 'AND\r', 'OR\r', 'AND\t', 'OR\t'];
const SET_OVERRIDES = [','];

function mybatisNode(file: SourceFile, element: XmlElement): SqlNode | null {
  const site = siteOf(file, element);
  const attribute = (name: string) => element.attributes[name] ?? '';
  const body = () => readBody(file, element, mybatisNode);
  switch (element.name) {
    case 'if':
      return { kind: 'if', site, test: requiredAttribute(file, element, 'test'), body: body() };
    case 'choose':
      return chooseOf(file, element);
    case 'where':
      return trim(site, 'WHERE', '', WHERE_PREFIX_OVERRIDES, [], body());
    case 'set':
      return trim(site, 'SET', '', SET_OVERRIDES, SET_OVERRIDES, body());
    case 'trim':
      return trim(
        site,
        attribute('prefix'),
        attribute('suffix'),
        overrides(attribute('prefixOverrides')),
        overrides(attribute('suffixOverrides')),
        body(),
      );
    case 'foreach':
      return {
        kind: 'foreach',
        site,
        collection: requiredAttribute(file, element, 'collection'),
        item: attribute('item'),
        index: attribute('index'),
        open: attribute('open'),
        close: attribute('close'),
        separator: attribute('separator'),
        body: body(),
      };
    case 'bind':
      return {
        kind: 'bind',
        site,
        name: requiredAttribute(file, element, 'name'),
        value: requiredAttribute(file, element, 'value'),
      };
    case 'include':
      return includeOf(file, element);
    case 'selectKey':
      // Run by MyBatis as a statement of its own, before or after this one; not part of this statement's text.
      return null;
    default:
      throw unknownElement(file, element);
  }
}

function chooseOf(file: SourceFile, element: XmlElement): SqlNode {
  const whens = elementsOf(element, 'when').map((when) => ({
    kind: 'if' as const,
    site: siteOf(file, when),
    test: requiredAttribute(file, when, 'test'),
    body: readBody(file, when, mybatisNode),
  }));
  const otherwise = elementsOf(element, 'otherwise')[0];
  const stray = elementsOf(element).find((e) => e.name !== 'when' && e.name !== 'otherwise');
  if (stray) throw unknownElement(file, stray);
  return {
    kind: 'choose',
    site: siteOf(file, element),
    whens,
    otherwise: otherwise ? { site: siteOf(file, otherwise), body: readBody(file, otherwise, mybatisNode) } : null,
  };
}

function trim(
  site: Site,
  prefix: string,
  suffix: string,
  prefixOverrides: string[],
  suffixOverrides: string[],
  body: SqlNode[],
): TrimNode {
  return { kind: 'trim', site, prefix, suffix, prefixOverrides, suffixOverrides, body };
}

/** `prefixOverrides="AND |OR "`: split on `|` and upper-cased, blanks kept (MyBatis' TrimSqlNode.parseOverrides). */
function overrides(attribute: string): string[] {
  return attribute
    .split('|')
    .filter((o) => o.length > 0)
    .map((o) => o.toUpperCase());
}

function includeOf(file: SourceFile, element: XmlElement): SqlNode {
  return {
    kind: 'include',
    site: siteOf(file, element),
    refid: requiredAttribute(file, element, 'refid'),
    properties: elementsOf(element, 'property').map((property) => ({
      name: requiredAttribute(file, property, 'name'),
      value: requiredAttribute(file, property, 'value'),
      site: siteOf(file, property),
    })),
  };
}

const ibatisTests = new Set<string>([
  'isNull',
  'isNotNull',
  'isEmpty',
  'isNotEmpty',
  'isPropertyAvailable',
  'isNotPropertyAvailable',
  'isParameterPresent',
  'isNotParameterPresent',
  'isEqual',
  'isNotEqual',
  'isGreaterThan',
  'isGreaterEqual',
  'isLessThan',
  'isLessEqual',
]);

function ibatisNode(file: SourceFile, element: XmlElement): SqlNode | null {
  const site = siteOf(file, element);
  const attribute = (name: string) => element.attributes[name] ?? '';
  const body = () => readBody(file, element, ibatisNode);
  if (ibatisTests.has(element.name)) {
    const node: ConditionNode = {
      kind: 'condition',
      site,
      test: element.name as IbatisTest,
      property: attribute('property'),
      compareValue: attribute('compareValue') || attribute('compareProperty'),
      prepend: attribute('prepend'),
      open: attribute('open'),
      close: attribute('close'),
      removeFirstPrepend: attribute('removeFirstPrepend') === 'true',
      body: body(),
    };
    return node;
  }
  switch (element.name) {
    case 'dynamic':
      return {
        kind: 'dynamic',
        site,
        prepend: attribute('prepend'),
        open: attribute('open'),
        close: attribute('close'),
        body: body(),
      };
    case 'iterate':
      return {
        kind: 'iterate',
        site,
        property: attribute('property'),
        prepend: attribute('prepend'),
        open: attribute('open'),
        close: attribute('close'),
        conjunction: attribute('conjunction'),
        removeFirstPrepend: loopPrependRemoval(attribute('removeFirstPrepend')),
        body: body(),
      };
    case 'include':
      return includeOf(file, element);
    case 'selectKey':
      return null;
    default:
      throw unknownElement(file, element);
  }
}

function statementKindOf(element: XmlElement, framework: Framework): StatementKind | 'statement' | undefined {
  switch (element.name) {
    case 'select':
    case 'insert':
    case 'update':
    case 'delete':
      return element.name;
    case 'statement':
      return framework === 'ibatis' ? 'statement' : undefined;
    default:
      return undefined;
  }
}

/** iBatis 2's generic `<statement>`: its kind is its first keyword. */
function kindFromText(body: readonly SqlNode[]): StatementKind {
  const first = body.find((node) => node.kind === 'text' && node.text.trim() !== '');
  const word = first?.kind === 'text' ? /^\s*(\w+)/.exec(first.text)?.[1]?.toLowerCase() : undefined;
  return word === 'insert' || word === 'update' || word === 'delete' ? word : 'select';
}

export function siteOf(file: SourceFile, element: XmlElement): Site {
  return { file, start: element.start, end: element.end, tag: element.name };
}

function requiredAttribute(file: SourceFile, element: XmlElement, name: string): string {
  const value = element.attributes[name];
  if (value !== undefined) return value;
  const { line, column } = sourcePosition(file, element.start);
  return fail(file, line, column, {
    zh: `<${element.name}> 缺少必需的属性 ${name}`,
    en: `<${element.name}> lacks its required attribute ${name}`,
  });
}

function unknownElement(file: SourceFile, element: XmlElement): never {
  const { line, column } = sourcePosition(file, element.start);
  return fail(file, line, column, {
    zh: `SQL 语句中不能出现 <${element.name}> 元素`,
    en: `<${element.name}> is not an element of a SQL statement`,
  });
}

function notAMapper(file: SourceFile, root: XmlElement): never {
  const { line, column } = sourcePosition(file, root.start);
  return fail(file, line, column, {
    zh: `根元素是 <${root.name}>，不是 MyBatis 的 <mapper> 或 iBatis 的 <sqlMap>`,
    en: `the root element is <${root.name}>, not a MyBatis <mapper> nor an iBatis <sqlMap>`,
  });
}

function wrongFramework(file: SourceFile, root: XmlElement, expected: Framework): never {
  const { line, column } = sourcePosition(file, root.start);
  return expected === 'mybatis'
    ? fail(file, line, column, {
        zh: '这是 iBatis 2 的 <sqlMap> 文件，请选择 iBatis 框架',
        en: 'this is an iBatis 2 <sqlMap> file: choose the iBatis framework',
      })
    : fail(file, line, column, {
        zh: '这是 MyBatis 的 <mapper> 文件，请选择 MyBatis 框架',
        en: 'this is a MyBatis <mapper> file: choose the MyBatis framework',
      });
}

function fail(file: SourceFile, line: number, column: number, reason: { zh: string; en: string }): never {
  throw mapperContentError({ file: file.name, line, column }, (where) => ({
    zh: `${where}：${reason.zh}`,
    en: `${where}: ${reason.en}`,
  }));
}

function loopPrependRemoval(written: string): IterateNode['removeFirstPrepend'] {
  if (written === 'true') return 'once';
  return written === 'iterate' ? 'eachIteration' : 'none';
}
