#!/usr/bin/env node
// Loads the TypeScript sources through tsx, so the CLI needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
