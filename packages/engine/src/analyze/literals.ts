import type { Dialect } from '@sqltune/contracts';
import { parseStatements } from '../dialect/parse.ts';
import { literalValue, walk } from '../model/ast.ts';

/** Every number and string literal of a statement: generated test data must include them (boundary ties). */
export function literalsOf(text: string, dialect: Dialect): Array<string | number> {
  const found = new Set<string | number>();
  for (const statement of parseStatements(text, dialect)) {
    walk(statement.ast, ({ node }) => {
      const value = literalValue(node);
      if (value !== undefined) found.add(value);
      return undefined;
    });
  }
  return [...found];
}
