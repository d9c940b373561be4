import {
  AppError,
  CHAT_QUESTION_MAX_CHARS,
  type ChatExchange,
  type ChatMessage,
  ErrorCode,
  type Language,
  type Localized,
  messageOf,
  type Report,
} from '@sqltune/contracts';
import { answerFromReport } from '@sqltune/engine';
import { type AiChatMessage, type AiSettings, streamChatCompletion } from '@sqltune/planner';
import { and, asc, eq, sql } from 'drizzle-orm';
import { hit, RATE_LIMITS } from '../accounts/rate-limits.ts';
import type { Database } from '../db/client.ts';
import { chatMessages, shares, tasks, type users } from '../db/schema.ts';
import { SHARE_ID_PATTERN } from '../shares/service.ts';
import { readReport } from '../tasks/report-parts.ts';
import { isTaskId, taskNotFound } from '../tasks/service.ts';

type User = typeof users.$inferSelect;
type Row = typeof chatMessages.$inferSelect;

/** The report as the language model gets it is cut past this many characters (about 20k tokens). */
export const MODEL_REPORT_MAX_CHARS = 80_000;
/** Earlier messages of the same task's chat the model is given, for follow-up questions. */
const MODEL_HISTORY_MESSAGES = 6;

function messageOfRow(row: Row): ChatMessage {
  return {
    id: row.id,
    role: row.role === 'user' ? 'user' : 'assistant',
    text: row.text,
    source: row.source === 'llm' || row.source === 'assistant' ? row.source : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function messagesOf(db: Database, taskId: string): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.taskId, taskId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map(messageOfRow);
}

/** One of the caller's tasks (404 for another's, as every task route answers). */
async function ownTask(db: Database, user: User, taskId: string) {
  const [task] = isTaskId(taskId)
    ? await db
        .select({ id: tasks.id, state: tasks.state, reportRun: tasks.reportRun })
        .from(tasks)
        .where(and(eq(tasks.id, taskId), eq(tasks.userId, user.id)))
        .limit(1)
    : [];
  if (!task) throw taskNotFound();
  return task;
}

/** The chat of one of the caller's tasks, oldest first. */
export async function chatHistory(db: Database, user: User, taskId: string): Promise<ChatMessage[]> {
  const task = await ownTask(db, user, taskId);
  return messagesOf(db, task.id);
}

/** The chat of a shared task, read-only: only while the share is live and names this task. */
export async function sharedChatHistory(db: Database, shareId: string, taskId: string): Promise<ChatMessage[]> {
  const [share] =
    SHARE_ID_PATTERN.test(shareId) && isTaskId(taskId)
      ? await db
          .select({ taskId: shares.taskId })
          .from(shares)
          .where(and(eq(shares.id, shareId), eq(shares.taskId, taskId)))
          .limit(1)
      : [];
  if (!share) {
    throw new AppError(ErrorCode.NOT_FOUND, {
      message: { zh: '分享不存在或已被撤销', en: 'this share does not exist or was revoked' },
    });
  }
  return messagesOf(db, share.taskId);
}

/** The question as asked, trimmed; 4904 when empty, 4207 (field `question`) past CHAT_QUESTION_MAX_CHARS. */
export function checkQuestion(question: string): string {
  const text = question.trim();
  if (!text) throw new AppError(ErrorCode.CHAT_QUESTION_REQUIRED, { field: 'question' });
  if (text.length > CHAT_QUESTION_MAX_CHARS) {
    throw new AppError(ErrorCode.FIELD_TOO_LARGE, {
      field: 'question',
      message: {
        zh: `问题最多 ${CHAT_QUESTION_MAX_CHARS} 个字符，当前 ${text.length} 个`,
        en: `a question is at most ${CHAT_QUESTION_MAX_CHARS} characters; this one has ${text.length}`,
      },
    });
  }
  return text;
}

/** A question accepted for answering: stored, with the report it is about. */
export interface AcceptedQuestion {
  question: ChatMessage;
  taskId: string;
  reportJson: string;
  /** This task's earlier messages (before the question). */
  earlier: ChatMessage[];
}

/**
 * Checks and stores a question about one of the caller's completed tasks. In this order: its text, the task (404),
 * the caller's hourly rate (4111), a completed report (4901). The question is stored before it is answered, so an
 * answer that fails leaves it in the history.
 */
export async function acceptQuestion(
  db: Database,
  user: User,
  taskId: string,
  rawQuestion: string,
): Promise<AcceptedQuestion> {
  const text = checkQuestion(rawQuestion);
  const task = await ownTask(db, user, taskId);
  await hit(db, RATE_LIMITS.chatPerAccount, user.id);
  const reportJson =
    task.state === 'Completed' && task.reportRun ? await readReport(db, task.id, task.reportRun) : null;
  if (!reportJson) throw new AppError(ErrorCode.CHAT_TASK_NOT_READY);
  const earlier = await messagesOf(db, task.id);
  const [row] = await db.insert(chatMessages).values({ taskId: task.id, role: 'user', text }).returning();
  return { question: messageOfRow(row!), taskId: task.id, reportJson, earlier };
}

async function storeAnswer(db: Database, taskId: string, text: string, source: 'llm' | 'assistant') {
  // clock_timestamp: after the question even within one transaction, so the history keeps its order.
  const [row] = await db
    .insert(chatMessages)
    .values({ taskId, role: 'assistant', text, source, createdAt: sql`clock_timestamp()` })
    .returning();
  return messageOfRow(row!);
}

/** The language a question is written in: Chinese when it holds Han characters, English when only Latin letters. */
export function questionLanguage(question: string, fallback: Language): Language {
  if (/\p{Script=Han}/u.test(question)) return 'zh';
  if (/[A-Za-z]/.test(question)) return 'en';
  return fallback;
}

/** What a failed answer ends as: 4902 or 4903, the upstream reason added to the code's own message. */
function upstreamError(kind: 'failed' | 'timeout', problem: Localized): AppError {
  const code = kind === 'timeout' ? ErrorCode.CHAT_UPSTREAM_TIMEOUT : ErrorCode.CHAT_UPSTREAM_FAILED;
  const base = messageOf(code).message;
  return new AppError(code, {
    message: { zh: `${base.zh}（${problem.zh}）`, en: `${base.en} (${problem.en})` },
  });
}

/**
 * Answers an accepted question: with the language model when one is configured (each piece of text to `onDelta` as
 * it arrives), else with the built-in assistant (the whole answer as one piece). The answer is stored; a model that
 * fails or times out throws 4902/4903 and stores nothing (the question stays).
 */
export async function answerQuestion(
  db: Database,
  ai: AiSettings | undefined,
  accepted: AcceptedQuestion,
  language: Language,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<ChatExchange> {
  const { question, reportJson } = accepted;
  if (!ai) {
    const answer = answerFromReport(JSON.parse(reportJson) as Report, question.text);
    const text = answer.text[questionLanguage(question.text, language)];
    onDelta(text);
    return { question, answer: await storeAnswer(db, accepted.taskId, text, 'assistant') };
  }
  const outcome = await streamChatCompletion(ai, promptOf(accepted), onDelta, signal);
  if (!outcome.ok) throw upstreamError(outcome.kind, outcome.problem);
  return { question, answer: await storeAnswer(db, accepted.taskId, outcome.content, 'llm') };
}

/** What the model is told: answer from this report only, no invented numbers; then the task's chat so far. */
export function promptOf(accepted: AcceptedQuestion): AiChatMessage[] {
  const earlier = accepted.earlier
    .slice(-MODEL_HISTORY_MESSAGES)
    .map((m): AiChatMessage => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.text }));
  return [
    { role: 'system', content: systemPrompt(reportForModel(accepted.reportJson)) },
    ...earlier,
    { role: 'user', content: accepted.question.text },
  ];
}

export function systemPrompt(report: string): string {
  return [
    'You are the assistant of SQLTune, a SQL optimization tool, answering questions about ONE optimization report.',
    'Rules:',
    '- Answer only from the report below. It is all you know: you know nothing else about the user, their database, data or other tasks.',
    '- Never invent numbers. Every cost, row count, size, percentage or count you state must appear in the report; if the report has no number for it, say so.',
    "- Costs are the optimizer's estimates in its own units, not measured times; the gain is an estimate; a verification 'not-refuted' is not a proof.",
    '- If the question is outside the report (other topics, other queries, your opinion on unrelated things), say plainly that it is outside what you know from this report.',
    '- Answer in the language of the question (Chinese or English), briefly, in plain text.',
    '',
    'The report (JSON):',
    report,
  ].join('\n');
}

/** The report without the optimizer's raw plan text, cut at MODEL_REPORT_MAX_CHARS (said so when cut). */
export function reportForModel(reportJson: string): string {
  let text: string;
  try {
    text = JSON.stringify(JSON.parse(reportJson), (key, value) =>
      key === 'raw' || key === 'patched' ? undefined : value,
    );
  } catch {
    text = reportJson;
  }
  if (text.length <= MODEL_REPORT_MAX_CHARS) return text;
  return `${text.slice(0, MODEL_REPORT_MAX_CHARS)}\n[the report is cut here: it is longer than ${MODEL_REPORT_MAX_CHARS} characters; say so when asked about what is not shown]`;
}
