import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { rulesMarkdown } from './docs.ts';

it('docs/rules.md matches the registry (run `npm run docs:rules` after changing a rule)', () => {
  const committed = readFileSync(new URL('../../../../docs/rules.md', import.meta.url), 'utf8');
  expect(committed).toBe(rulesMarkdown());
});
