/** Every group of index cases (bench/indexes.ts), in the order they run. */
import type { BenchCase, BenchGroup } from './cases.ts';
import { logs } from './logs.ts';
import { shop } from './shop.ts';
import { small } from './small.ts';

export const benchGroups: BenchGroup[] = [shop, logs, small];

/** Every case with its group's tables. */
export const benchCases: BenchCase[] = benchGroups.flatMap((g) => g.cases.map((c) => ({ ...c, tables: g.tables })));
