/**
 * Vitest setup: a parser crash while a rewrite is verified (anything but the parser refusing the text) fails the test
 * that met it, instead of silently costing the rewrite as it does in production (rules/rewrite/verify.ts).
 */
import { throwOnParserCrash } from '../packages/engine/src/rules/rewrite/verify.ts';

throwOnParserCrash(true);
