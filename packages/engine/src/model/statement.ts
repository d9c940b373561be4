import type { Dialect } from '@sqltune/contracts';
import type { AstNode } from './ast.ts';

/** `merge`: PostgreSQL 15+'s MERGE, a data change (dialect/merge-forms.ts reads it). */
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'replace' | 'merge' | 'other';

/** A table the statement reads or writes, with the alias it goes by. */
export interface TableRef {
  name: string;
  schema: string | null;
  alias: string | null;
}

/**
 * One statement of the user's input: its own text (AST offsets are relative to it), where it sits in
 * the input, and the parsed tree. Everything downstream works from this shape, whatever the dialect.
 */
export interface ParsedStatement {
  dialect: Dialect;
  index: number;
  text: string;
  /** Offset of `text` in the whole input. */
  offset: number;
  /** 1-based line and column of `text` in the whole input. */
  line: number;
  column: number;
  /** The comment lines written right before the statement (see splitStatements), to show it as submitted. */
  leadingComments?: string;
  /** Set on a statement read from a stored routine's body (dialect/routines.ts): the routine, and its n-th statement. */
  routine?: StatementRoutine;
  kind: StatementKind;
  ast: AstNode;
  tables: TableRef[];
}

export interface StatementRoutine {
  name: string;
  /** PROCEDURE, FUNCTION, TRIGGER, EVENT or DO. */
  kind: string;
  /** 1-based, in the routine's order. */
  number: number;
  /** The statement as written in the routine (its names and INTO), as long as the statement's text as planned. */
  written: string;
}
