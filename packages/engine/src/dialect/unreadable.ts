import type { Localized } from '@sqltune/contracts';

/**
 * A form the parser would read as something else than the database runs: the statement is refused (4202 at
 * `keyword`, the first code token spelled so, or at the start) rather than analyzed as the wrong statement.
 */
export class UnreadableForm extends Error {
  constructor(
    readonly reason: Localized,
    readonly keyword?: string,
  ) {
    super(reason.en);
  }
}
