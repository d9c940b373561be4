import { functionName, visitsOf } from '../../../model/ast.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';

const delaying = new Set(['SLEEP', 'BENCHMARK', 'PG_SLEEP', 'PG_SLEEP_FOR', 'PG_SLEEP_UNTIL']);

/**
 * SLEEP(), BENCHMARK() and pg_sleep() only burn time. In application SQL they are the signature of
 * time-based SQL injection probes, and anywhere they hold a connection (and any locks) while waiting.
 */
export const sleepOrBenchmarkCall: Rule = {
  id: 'sleep-or-benchmark-call',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c_name FROM customer WHERE c_custkey = 7 AND SLEEP(5) = 0',
    good: 'SELECT c_name FROM customer WHERE c_custkey = 7',
  },
  rewrites: false,
  title: { zh: '调用 SLEEP / BENCHMARK / pg_sleep', en: 'SLEEP / BENCHMARK / pg_sleep call' },
  rationale: {
    zh: 'SLEEP()、BENCHMARK() 和 pg_sleep() 除了消耗时间没有任何作用。出现在业务 SQL 中时，它们是基于时间的 SQL 注入探测的典型特征，请检查语句的来源；即使是有意为之，等待期间也会一直占用连接和已持有的锁。',
    en: 'SLEEP(), BENCHMARK() and pg_sleep() do nothing but spend time. In application SQL they are the signature of time-based SQL injection probes, so check where the statement came from; even when intended, they hold the connection and any locks taken while waiting.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const { node } of visitsOf(statement.ast)) {
      const upper = functionName(node);
      const name = upper && /^(PG|LO)_/.test(upper) ? upper.toLowerCase() : upper;
      if (!upper || !name || !delaying.has(upper)) continue;
      matches.push(
        matchAt(
          node,
          {
            zh: `${name}() 只会让语句空等，常见于时间盲注探测。`,
            en: `${name}() only makes the statement wait; it is typical of time-based injection probes.`,
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};
