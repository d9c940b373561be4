/**
 * The built-in assistant of the chat about a result, for servers without a language model: it reads the question for
 * one of the subjects users ask about and answers it from the report alone, in both languages. Pure code: no model,
 * no I/O, nothing but the report.
 */
import type { Localized, Report } from '@sqltune/contracts';
import {
  explainIndexes,
  explainPlan,
  explainRules,
  explainVerification,
  suggestNextSteps,
  summarize,
} from './intents.ts';
import type { Lines } from './text.ts';

export type AssistantIntent = 'index' | 'rules' | 'plan' | 'verification' | 'next' | 'summary';

export interface AssistantAnswer {
  /** The subject the question was read as; `unknown` when it is outside what the report can answer. */
  intent: AssistantIntent | 'unknown';
  text: Localized;
}

/**
 * Words that point at each subject, zh and en; the subject with the most hits wins, ties going to the earlier one
 * in this list. A question naming none of them is outside what the assistant knows.
 */
const CUES: ReadonlyArray<readonly [AssistantIntent, RegExp]> = [
  [
    'verification',
    /verif|verified|prove|proof|guarantee|correct|equivalen|same result|验证|证明|正确|等价|结果一致|保证/gi,
  ],
  ['index', /\bindex|indexes|indices|create index|build|disk|storage|space|索引|建索引|创建索引|空间|磁盘|大小/gi],
  [
    'rules',
    /\brule|rewr|rewrit|changed|change to the sql|safe|why.*(sql|query|statement)|规则|改写|改了|修改|安全|为什么.*(语句|sql)/gi,
  ],
  [
    'plan',
    /\bplan|explain|scan|cost|faster|speed|slow|gain|performance|estimat|执行计划|计划|扫描|代价|成本|更快|性能|提升|收益/gi,
  ],
  [
    'next',
    /next|what should i|what now|to do|recommend|advice|suggest|deploy|下一步|接下来|怎么做|应该|建议|上线|部署/gi,
  ],
  ['summary', /summar|overview|tl;?dr|what (did|does) (it|the report)|总结|概述|概括|摘要|报告说了/gi],
];

const ANSWER: Record<AssistantIntent, (report: Report) => Lines> = {
  index: explainIndexes,
  rules: explainRules,
  plan: explainPlan,
  verification: explainVerification,
  next: suggestNextSteps,
  summary: summarize,
};

/** The subject of a question, or `unknown`. */
export function intentOf(question: string): AssistantIntent | 'unknown' {
  let best: AssistantIntent | 'unknown' = 'unknown';
  let bestHits = 0;
  for (const [intent, cue] of CUES) {
    const hits = question.match(cue)?.length ?? 0;
    if (hits > bestHits) {
      best = intent;
      bestHits = hits;
    }
  }
  return best;
}

/** The built-in assistant's answer to `question` about `report`, in both languages. */
export function answerFromReport(report: Report, question: string): AssistantAnswer {
  const intent = intentOf(question);
  if (intent === 'unknown') return { intent, text: outsideKnowledge() };
  const lines = ANSWER[intent](report);
  return { intent, text: lines.done() };
}

/** Questions the empty chat suggests: one per subject, each answered by the assistant. */
export const SUGGESTED_QUESTIONS: ReadonlyArray<Localized> = [
  { zh: '为什么推荐这个索引？建索引的代价是什么？', en: 'Why this index, and what does it cost to build?' },
  { zh: '每条规则改了什么？为什么是安全的？', en: 'What did each rule change, and why is it safe?' },
  { zh: '执行计划是怎么变化的？为什么？', en: 'How did the plan change, and why?' },
  { zh: '验证证明了什么？没有证明什么？', en: 'What did the verification prove, and what not?' },
  { zh: '下一步我应该做什么？', en: 'What should I do next?' },
];

function outsideKnowledge(): Localized {
  return {
    zh: [
      '这个问题超出了我能回答的范围：我只根据这份优化报告回答，不了解报告之外的数据库、数据或业务。',
      '我能回答：为什么推荐这个索引及建索引的代价、每条规则改了什么及为什么安全、执行计划怎么变化及原因、验证证明了什么没证明什么、下一步该做什么。',
    ].join('\n'),
    en: [
      'That question is outside what I know: I answer only from this optimization report, and know nothing of your database, data or business beyond it.',
      'I can answer: why an index was advised and what it costs to build, what each rule changed and why it is safe, how and why the plan changed, what the verification did and did not prove, and what to do next.',
    ].join('\n'),
  };
}
