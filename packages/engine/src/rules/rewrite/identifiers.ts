import type { Dialect } from '@sqltune/contracts';
import { MYSQL_RESERVED, POSTGRESQL_RESERVED } from '../../semantics/reserved-words.ts';

/**
 * Words either dialect reserves, quoted in a name a rewrite writes whatever the dialect (the same text reads the
 * same in both), and two the SQL standard reserves that a server may too (CURRENT; SYSTEM_USER, reserved by
 * PostgreSQL 16).
 */
const reservedWords: ReadonlySet<string> = new Set([
  ...MYSQL_RESERVED,
  ...POSTGRESQL_RESERVED,
  'CURRENT',
  'SYSTEM_USER',
]);

/**
 * An identifier as the dialect reads it back as the same name, or undefined when that cannot be told:
 * PostgreSQL folds unquoted names to lower case, and the schema model does not keep whether a mixed-case
 * name was quoted in the DDL.
 */
export function identifier(name: string, dialect: Dialect): string | undefined {
  const plain = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !reservedWords.has(name.toUpperCase());
  if (dialect === 'postgresql') {
    if (name !== name.toLowerCase()) return undefined;
    return plain ? name : `"${name.replace(/"/g, '""')}"`;
  }
  return plain ? name : `\`${name.replace(/`/g, '``')}\``;
}
