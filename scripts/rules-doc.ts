import { writeFileSync } from 'node:fs';
import { rulesMarkdown } from '../packages/engine/src/rules/docs.ts';

writeFileSync(new URL('../docs/rules.md', import.meta.url), rulesMarkdown());
console.log('wrote docs/rules.md');
