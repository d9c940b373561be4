/**
 * Vitest setup: parsed trees are frozen in every test run, so code that changes a tree shared through the parse cache
 * fails loudly where it writes (issue 16: trees are never changed after parsing; this makes it checked).
 */
import { freezeParsedTrees } from '../packages/engine/src/dialect/parse.ts';

freezeParsedTrees(true);
