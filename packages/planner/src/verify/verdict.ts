/**
 * The verdicts of differential verification and their texts, for every backend. The verdict is "not-refuted" or
 * "refuted" - never "proven": a generated database can only show a difference. "not-run" says why no comparison
 * was made (or why it stopped).
 */
import { AppError, type Dialect, ErrorCode, type Localized, type Verification } from '@sqltune/contracts';
import type { ErrorPlace } from '../error-place.ts';
import { reduceServerText } from '../server-text.ts';
import { hasParameters, isQuery, isWord, splitStatements, tokenize } from '../sql-text.ts';
import type { DataSetComparison, Difference } from './compare.ts';
import type { DataSetProfile } from './generate.ts';

export function notRun(databases: number, en: string, zh: string): Verification {
  return { method: 'differential', databases, verdict: 'not-run', detail: { en, zh } };
}

function refuted(databases: number, detail: Localized): Verification {
  return { method: 'differential', databases, verdict: 'refuted', detail };
}

const NOT_COMPARED: Record<Dialect, { query: Localized; parameters: Localized }> = {
  postgresql: {
    query: {
      en: 'only queries (SELECT / WITH / VALUES) are compared on generated data',
      zh: '只对查询语句（SELECT / WITH / VALUES）做差分验证',
    },
    parameters: {
      en: 'the statements have parameters ($1 ...); substitute values to compare them',
      zh: '语句中含有参数（$1 等），请替换为具体值后再验证',
    },
  },
  mysql: {
    query: {
      en: 'only queries (SELECT / WITH / VALUES / TABLE, without INTO) are compared on generated data',
      zh: '只对查询语句（SELECT / WITH / VALUES / TABLE，且不含 INTO）做差分验证',
    },
    parameters: {
      en: 'the statements have parameters (?); substitute values to compare them',
      zh: '语句中含有参数（?），请替换为具体值后再验证',
    },
  },
};

/**
 * The verdict when the two (trimmed) statements can not be compared on generated data, or undefined when they can:
 * an empty original is the user's error, an empty candidate is refuted; more than one statement, a statement that is
 * no query (MySQL: also one with a top-level INTO) or parameters are not run.
 */
export function notComparable(original: string, candidate: string, dialect: Dialect): Verification | undefined {
  if (!original.trim())
    throw new AppError(ErrorCode.CONTENT_INVALID, {
      message: { zh: '原语句为空', en: 'the original statement is empty' },
    });
  if (!candidate.trim()) return refuted(0, { en: 'the candidate statement is empty', zh: '候选语句为空' });
  for (const [label, sql] of [
    ['original', original],
    ['candidate', candidate],
  ] as const) {
    const statements = splitStatements(sql, dialect);
    if (statements.length > 1) {
      return notRun(
        0,
        `the ${label} holds ${statements.length} statements; only one statement is compared`,
        `${label === 'original' ? '原语句' : '候选语句'}包含多条语句，只能比较单条语句`,
      );
    }
    const tokens = tokenize(sql, dialect);
    const into =
      dialect === 'mysql' &&
      tokens.some((t) => isWord(t) && t.depth === 0 && (t.value === 'INTO' || t.value === 'OUTFILE'));
    const texts = NOT_COMPARED[dialect];
    if (!isQuery(tokens) || into) return notRun(0, texts.query.en, texts.query.zh);
    if (hasParameters(tokens)) return notRun(0, texts.parameters.en, texts.parameters.zh);
  }
  return undefined;
}

/**
 * How an original that does not even plan is reported (the user's error): the place in it, `EXPLAIN <original>`
 * having been sent, and the message prefix.
 */
export function invalidOriginal(original: string, dialect: Dialect): { place: ErrorPlace; prefix: Localized } {
  return {
    place: {
      source: original,
      sourceOffset: 0,
      sent: `EXPLAIN ${original}`,
      prefixLength: 8,
      fallbackOffset: tokenize(original, dialect)[0]?.start ?? 0,
    },
    prefix: { zh: '语句校验失败，', en: 'The statement is not valid' },
  };
}

/**
 * The candidate does not even plan: `serverMessage` (reduced to what `known`, the user's and our texts, holds; see
 * server-text.ts) says why.
 */
export function candidateFails(serverMessage: string, known: string[], serverCode?: string | number): Verification {
  const message = reduceServerText(serverMessage, known, serverCode);
  return refuted(0, { en: `The candidate statement fails: ${message}`, zh: `候选语句无法执行：${message}` });
}

function profileZh(label: string): string {
  switch (label) {
    case 'normal':
      return '常规数据';
    case 'some tables empty':
      return '部分表为空';
    case 'tiny, many duplicates':
      return '极少行、大量重复值';
    case 'many NULLs':
      return '大量 NULL';
    case 'all tables empty':
      return '所有表为空';
    default:
      return label;
  }
}

/** Refuted on one generated database: which one, how it was filled (`sizes`: "table rows") and the difference. */
export function refutedOn(
  profile: DataSetProfile,
  databases: number,
  comparison: DataSetComparison,
  sizes: string[],
  seed: number,
  difference: Difference,
): Verification {
  const where = sizes.length > 0 ? sizes.join(', ') : 'no tables';
  return refuted(comparison.completed, {
    en: `Refuted on generated database ${profile.index + 1} of ${databases} (${profile.label}; rows: ${where}; seed ${seed}): ${difference.en}.`,
    zh: `在第 ${profile.index + 1}/${databases} 个生成的数据库上被推翻（${profileZh(profile.label)}；行数：${where}；种子 ${seed}）：${difference.zh}。`,
  });
}

/** No database showed a difference; `countRowsReturned` adds on how many the original returned rows. */
export function notRefuted(
  comparison: DataSetComparison,
  seed: number,
  { countRowsReturned }: { countRowsReturned: boolean },
): Verification {
  const { completed, bothFailed, orderUnchecked } = comparison;
  const notes: Localized[] = [];
  if (countRowsReturned)
    notes.push({
      en: ` The original returned rows on ${comparison.withRows} of them.`,
      zh: `其中 ${comparison.withRows} 个数据库上原语句返回了非空结果。`,
    });
  if (bothFailed > 0)
    notes.push({
      en: ` Both statements failed alike on ${bothFailed} of them.`,
      zh: `其中 ${bothFailed} 个数据库上两条语句都执行失败（视为一致）。`,
    });
  if (orderUnchecked > 0)
    notes.push({
      en: ` The ORDER BY keys are expressions, so the row order was not compared on ${orderUnchecked} of them.`,
      zh: `ORDER BY 键为表达式，其中 ${orderUnchecked} 个数据库上未比较行的顺序。`,
    });
  const ordered = comparison.orderOriginal.ordered ? ', in ORDER BY order' : '';
  const orderedZh = comparison.orderOriginal.ordered ? '（并按 ORDER BY 顺序）' : '';
  return {
    method: 'differential',
    databases: completed,
    verdict: 'not-refuted',
    detail: {
      en: `Not refuted: both statements returned the same rows${ordered} on ${completed} generated databases (seed ${seed}). This is evidence, not a proof.${notes.map((n) => n.en).join('')}`,
      zh: `未被推翻：两条语句在 ${completed} 个生成的数据库上返回相同的行${orderedZh}（种子 ${seed}）。这只是证据，并非证明。${notes.map((n) => n.zh).join('')}`,
    },
  };
}
