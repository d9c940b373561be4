/**
 * The engine's pure text helpers, published as `@sqltune/engine/text` for code that must not load the whole engine
 * (the web app: the engine's entry pulls in node-sql-parser). Nothing here may import a parser.
 */

export { type StatementSlice, splitStatements } from '../dialect/split.ts';
export { codeTokens, isKeyword, type LexOptions, lex, type Token, type TokenKind } from './lexer.ts';
export { normalizeNewlines, offsetAt, type Position, positionAt } from './position.ts';
export { dataChangeWords, isDataChange } from './statement-words.ts';
