import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of docs/design.md ("Import rules") are enforced by the lint step (biome.json's overrides of
 * noRestrictedImports). This runs the real linter with the repository's biome.json over fixture files placed where
 * each rule applies, so a rule that stops applying (a moved folder, a changed pattern) fails here.
 */

const repoRoot = new URL('../', import.meta.url).pathname;
const biome = join(repoRoot, 'node_modules/@biomejs/biome/bin/biome');

interface Fixture {
  /** Where the file sits, relative to the repository root. */
  readonly path: string;
  readonly from: string;
  readonly refused: boolean;
}

const fixtures: Fixture[] = [
  // The engine and the contracts are pure: no Node module outside their tests.
  { path: 'packages/engine/src/io.ts', from: 'node:fs', refused: true },
  { path: 'packages/engine/src/io-bare.ts', from: 'child_process', refused: true },
  { path: 'packages/engine/src/io.test.ts', from: 'node:fs', refused: false },
  { path: 'packages/contracts/src/io.ts', from: 'node:path', refused: true },
  { path: 'packages/planner/src/io.ts', from: 'node:fs', refused: false },
  { path: 'packages/server/src/io.ts', from: 'node:fs', refused: false },
  // Dependencies point one way: contracts <- engine <- planner <- server / cli; the web takes contracts.
  { path: 'packages/engine/src/up.ts', from: '@sqltune/planner', refused: true },
  { path: 'packages/contracts/src/up.ts', from: '@sqltune/engine', refused: true },
  { path: 'packages/web/src/up.ts', from: '@sqltune/server', refused: true },
  { path: 'packages/web/src/node.ts', from: 'node:fs', refused: true },
  { path: 'packages/web/src/contracts.ts', from: '@sqltune/contracts', refused: false },
  // The whole engine would bring node-sql-parser into the browser bundle: the web takes only its pure text helpers.
  { path: 'packages/web/src/engine.ts', from: '@sqltune/engine', refused: true },
  { path: 'packages/web/src/engine-text.ts', from: '@sqltune/engine/text', refused: false },
  { path: 'packages/engine/src/own.ts', from: '../text/lexer.ts', refused: false },
  // No file imports another package's source or tests, only its public entry.
  { path: 'packages/planner/test/cross.test.ts', from: '../../engine/src/text/lexer.ts', refused: true },
  { path: 'packages/engine/src/plans/cross.test.ts', from: '../../../planner/src/mariadb/server.ts', refused: true },
  { path: 'packages/planner/test/corpus.test.ts', from: '../../engine/test/grammar/corpus.ts', refused: true },
  { path: 'packages/server/src/cross.ts', from: '../../planner/src/optimize.ts', refused: true },
  { path: 'packages/planner/test/public.test.ts', from: '@sqltune/engine', refused: false },
  { path: 'packages/server/test/shared.test.ts', from: '../../../test-support/app.ts', refused: false },
];

interface Diagnostic {
  category: string;
  location: { path: string };
}

describe('import rules, enforced by the lint step', () => {
  let workspace: string;
  let refusedPaths: Set<string>;

  beforeAll(() => {
    workspace = mkdtempSync(join(tmpdir(), 'sqltune-import-rules-'));
    copyFileSync(join(repoRoot, 'biome.json'), join(workspace, 'biome.json'));
    for (const fixture of fixtures) {
      const file = join(workspace, fixture.path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `import * as imported from '${fixture.from}';\n\nexport const used = imported;\n`);
    }
    let output: string;
    try {
      output = execFileSync(process.execPath, [biome, 'lint', '--reporter=json', '--max-diagnostics=none', '.'], {
        cwd: workspace,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      // biome exits 1 when it reports errors; its report is still on stdout.
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    const diagnostics = (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
    refusedPaths = new Set(
      diagnostics
        .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
        .map((diagnostic) => diagnostic.location.path),
    );
  }, 120_000);

  afterAll(() => {
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  for (const fixture of fixtures) {
    it(`${fixture.refused ? 'refuses' : 'allows'} ${fixture.from} in ${fixture.path}`, () => {
      expect(refusedPaths.has(fixture.path)).toBe(fixture.refused);
    });
  }
});
