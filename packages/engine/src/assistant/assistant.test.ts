import { readFileSync } from 'node:fs';
import type { Report } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { answerFromReport, intentOf, SUGGESTED_QUESTIONS } from './index.ts';

/** A real report of the pipeline (PGlite): a YEAR() rewrite verified on 5 databases, a covering index, a 99.99 % gain. */
const report = JSON.parse(
  readFileSync(new URL('../../../../test-support/fixtures/chat-report.json', import.meta.url), 'utf8'),
) as Report;
const statement = report.statements[0]!;

/** The same statement with nothing to say: no rewrite, no index, no plan, no verification. */
const bare: Report = {
  ...report,
  statements: [
    {
      ...statement,
      optimized: statement.original,
      steps: [],
      rules: [],
      indexes: [],
      indexGaps: [{ table: 'orders', reason: 'tiny-table', message: { zh: '表太小', en: 'the table is tiny' } }],
      plan: {
        before: null,
        after: null,
        source: 'none',
        missing: { zh: '没有优化器', en: 'no optimizer is configured' },
      },
      gain: null,
      gainMissing: { zh: '没有优化器', en: 'no optimizer is configured' },
      verification: { method: 'none', databases: 0, verdict: 'not-needed' },
    },
  ],
};

const both = (question: string, r: Report = report) => answerFromReport(r, question);

describe('the built-in assistant', () => {
  it('reads each suggested question, in both languages, as its own subject', () => {
    const intents = ['index', 'rules', 'plan', 'verification', 'next'];
    SUGGESTED_QUESTIONS.forEach((q, i) => {
      expect(intentOf(q.zh)).toBe(intents[i]);
      expect(intentOf(q.en)).toBe(intents[i]);
    });
  });

  it("explains the index and what it costs to build, with the report's own numbers", () => {
    const { intent, text } = both('Why this index? What does it cost to build?');
    expect(intent).toBe('index');
    expect(text.en).toContain(statement.indexes[0]!.ddl);
    expect(text.en).toContain('41,714 → 4.2');
    expect(text.en).toMatch(/CONCURRENTLY/);
    expect(text.zh).toContain('建索引的代价');
    const none = both('为什么没有推荐索引？', bare);
    expect(none.text.zh).toContain('没有推荐索引');
    expect(none.text.en).toContain('the table is tiny');
  });

  it('says what each rule changed and why it is safe', () => {
    const { intent, text } = both('每条规则改了什么？为什么安全？');
    expect(intent).toBe('rules');
    expect(text.zh).toContain('year-to-range');
    expect(text.zh).toContain(statement.steps[0]!.after);
    expect(text.zh).toContain('5 个生成的数据库');
    expect(text.en).toMatch(/not a proof/);
    expect(both('what did the rules rewrite?', bare).text.en).toMatch(/No rewrite was applied/);
  });

  it('says how and why the plan changed, and that the gain is an estimate', () => {
    const { intent, text } = both('How did the execution plan change?');
    expect(intent).toBe('plan');
    expect(text.en).toContain('estimated cost 41,714');
    expect(text.en).toContain('estimated cost 4.2');
    expect(text.en).toMatch(/99\.99?%/);
    expect(text.en).toMatch(/not a measured run time/);
    const none = both('执行计划有什么变化？', bare);
    expect(none.text.zh).toContain('没有优化器计划');
    expect(none.text.zh).toContain('没有优化器');
  });

  it('says what the verification proved and what it did not', () => {
    const { intent, text } = both('Is the rewrite verified? Does it prove anything?');
    expect(intent).toBe('verification');
    expect(text.en).toMatch(/5 databases/);
    expect(text.en).toMatch(/not a formal proof/);
    expect(both('验证了吗？', bare).text.zh).toMatch(/没有运行差分验证/);
  });

  it('lists what to do next', () => {
    const { intent, text } = both('What should I do next?');
    expect(intent).toBe('next');
    expect(text.en).toMatch(/^1\. Replace the statement/m);
    expect(text.en).toContain(`Create the index off-peak: ${statement.indexes[0]!.ddl}`);
    const bareNext = both('下一步怎么做？', { ...bare, statements: [{ ...bare.statements[0]!, gain: null }] });
    expect(bareNext.text.zh).toMatch(/没有需要处理的事项/);
  });

  it('says plainly when a question is outside what it knows', () => {
    for (const question of ['What is the weather in Paris?', '给我写一首诗', 'hello', '']) {
      const answer = both(question);
      expect(answer.intent).toBe('unknown');
      expect(answer.text.en).toMatch(/outside what I know/);
      expect(answer.text.zh).toMatch(/超出了我能回答的范围/);
    }
  });

  it('never states a number the report does not hold', () => {
    const allowed = new Set(
      JSON.stringify(report)
        .match(/\d+(,\d{3})*(\.\d+)?/g)!
        .flatMap((n) => {
          const value = Number(n.replaceAll(',', ''));
          return [n, value.toLocaleString('en-US'), String(Number(value.toFixed(2)))];
        }),
    );
    for (const q of SUGGESTED_QUESTIONS) {
      const { text } = both(q.en);
      // Numbers of the answer's own making are left out: list positions, percentages of the gain, sizes in KiB/MiB.
      const own = text.en.replace(/\d+(\.\d+)?(%| [KMG]iB)/g, '');
      for (const n of own.match(/\d+(,\d{3})*(\.\d+)?/g) ?? []) {
        if (/^[1-9]$/.test(n)) continue;
        expect([n, allowed.has(n)]).toEqual([n, true]);
      }
    }
  });
});
