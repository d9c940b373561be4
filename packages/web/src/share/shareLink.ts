import type { TaskType } from '@sqltune/contracts';
import { BASENAME } from '../lib/paths.ts';

/** The result page a share opens (the phone redirect keeps the query string). */
const resultPath: Record<TaskType, string> = { sql: '/sqlResult', mybatis: '/xmlResult' };

/** The absolute link of a share: what is copied and what the image's QR code holds. */
export function shareLink(type: TaskType, shareId: string): string {
  const base = BASENAME === '/' ? '' : BASENAME;
  return `${window.location.origin}${base}${resultPath[type]}?shareid=${encodeURIComponent(shareId)}`;
}
