/** Every group of index cases (bench/indexes.ts), in the order they run. */
import type { BenchGroup } from './cases.ts';
import { logs } from './logs.ts';
import { shop } from './shop.ts';
import { small } from './small.ts';

export const benchGroups: BenchGroup[] = [shop, logs, small];
