import { parentPort } from 'node:worker_threads';
import { AppError } from '@sqltune/contracts';
import type { AnalysisReply, AnalysisRequest } from './analysis-pool.ts';
import { checkSubmission } from './check-submission.ts';

/** An analysis thread: checks one submission at a time for the API (see analysis-pool.ts). */
const port = parentPort!;

port.on('message', (request: AnalysisRequest) => {
  port.postMessage(replyTo(request));
});
port.postMessage({ type: 'ready' });

function replyTo(request: AnalysisRequest): AnalysisReply {
  try {
    return { id: request.id, ok: true, checked: checkSubmission(request.input) };
  } catch (error) {
    if (error instanceof AppError) {
      return {
        id: request.id,
        ok: false,
        refusal: { code: error.code, detail: error.detail, status: error.httpStatus },
      };
    }
    return {
      id: request.id,
      ok: false,
      failure: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
}
