import type { AstNode } from '../model/ast.ts';
import type { Token } from './lexer.ts';

/**
 * What one analysis keeps of the texts it has read: the lexer's token arrays by text and reading, and the parser's
 * trees by dialect and text. Splitting, the parser's preparation, the reader, rewrites and rules lex the same
 * statement again and again, a rewrite's check parses the edited text the next step parses again, and a mapper's
 * variants repeat the same fragments and statements: within an analysis each text is read once.
 *
 * The caches belong to the analysis, not to the process: when it returns they are dropped with it, so nothing one
 * user submitted stays in memory for the next, and two analyses never share a tree. The engine's entry points
 * (analyze, analyzeMapper, parseStatements, prepareWorkload...) run inside withAnalysisCaches; an entry point
 * called inside another joins the outer analysis. Lexing or parsing outside any analysis keeps nothing.
 */
export interface AnalysisCaches {
  /** Token arrays by text, one map per reading (see lex): MySQL as the engine reads it, as a server does, PostgreSQL. */
  readonly tokens: {
    readonly mysql: Map<string, Token[]>;
    readonly mysqlServer: Map<string, Token[]>;
    readonly postgresql: Map<string, Token[]>;
  };
  /** Parsed trees by `dialect NUL text`, least recently used first (see parseOne in dialect/parse.ts). */
  readonly trees: Map<string, AstNode>;
}

export function newAnalysisCaches(): AnalysisCaches {
  return { tokens: { mysql: new Map(), mysqlServer: new Map(), postgresql: new Map() }, trees: new Map() };
}

let current: AnalysisCaches | undefined;

/** The caches of the analysis running now, or undefined outside any. */
export function currentAnalysisCaches(): AnalysisCaches | undefined {
  return current;
}

/**
 * Runs `work` as (part of) one analysis and gives it the caches: `caches` when given (an asynchronous caller such
 * as the planner's optimize() keeps its own and passes it to each engine call it makes), else the analysis already
 * running, else new caches, dropped when `work` returns. The engine is synchronous and the scope is the call's
 * duration: work that returns a promise would run its continuations outside the scope, or inside another
 * analysis's, so it is refused.
 */
export function withAnalysisCaches<T>(
  work: (caches: AnalysisCaches) => T,
  caches: AnalysisCaches = current ?? newAnalysisCaches(),
): T {
  const outer = current;
  current = caches;
  try {
    const result = work(caches);
    if (typeof (result as { then?: unknown } | null)?.then === 'function') {
      throw new TypeError('withAnalysisCaches runs synchronous work only: pass the caches to each call instead');
    }
    return result;
  } finally {
    current = outer;
  }
}
