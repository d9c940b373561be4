// Type-checks every workspace with its own tsconfig (they differ: the web one has DOM and JSX).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
let failed = false;
// The end-to-end tests, the shared test support, the scripts and the benches belong to no workspace; e2e/tsconfig.json covers them.
for (const dir of [...workspaces, 'e2e']) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', dir, '--noEmit'], { stdio: 'inherit' });
    console.log(`typecheck ok: ${dir}`);
  } catch {
    failed = true;
    console.error(`typecheck FAILED: ${dir}`);
  }
}
process.exit(failed ? 1 : 0);
