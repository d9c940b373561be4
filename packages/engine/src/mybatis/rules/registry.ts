import { chooseWithoutOtherwise } from './choose-without-otherwise.ts';
import { emptyClause } from './empty-clause.ts';
import { foreachUnboundedIn } from './foreach-unbounded-in.ts';
import type { MapperRule } from './rule.ts';
import { textSubstitution } from './text-substitution.ts';
import { selectWhereDisappears, writeWhereDisappears } from './where-disappears.ts';
import { whereOneEqualsOne } from './where-one-equals-one.ts';

/** Every mapper rule, in the order their findings are listed. */
export const mapperRules: readonly MapperRule[] = [
  textSubstitution,
  writeWhereDisappears,
  selectWhereDisappears,
  chooseWithoutOtherwise,
  emptyClause,
  foreachUnboundedIn,
  whereOneEqualsOne,
];

export function mapperRuleById(id: string): MapperRule | undefined {
  return mapperRules.find((rule) => rule.id === id);
}
