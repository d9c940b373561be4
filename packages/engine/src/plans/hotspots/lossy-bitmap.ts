import { formatCount } from '../numbers.ts';
import { detailNumber, type HotspotMatch, nodeLabel, type PlanHotspot, type PlanVisit } from './hotspot.ts';

/**
 * A PostgreSQL bitmap that outgrew work_mem: it keeps whole pages instead of rows ("Heap Blocks: ... lossy=N", JSON's
 * "Lossy Heap Blocks"), so every row of those pages is read and its condition checked again ("Rows Removed by Index
 * Recheck"). More work_mem keeps the bitmap exact.
 */
export const lossyBitmap: PlanHotspot = {
  id: 'plan-lossy-bitmap',
  title: { zh: '位图超出 work_mem', en: 'Bitmap beyond work_mem' },
  check({ node }: PlanVisit): HotspotMatch | undefined {
    if (node.node !== 'Bitmap Heap Scan') return undefined;
    const lossy = detailNumber(node, /^(?:Heap Blocks:.*\blossy=|Lossy Heap Blocks: )(\d+)/);
    if (!lossy) return undefined;
    const exact = detailNumber(node, /^(?:Heap Blocks: exact=|Exact Heap Blocks: )(\d+)/) ?? 0;
    const rechecked = detailNumber(node, /^Rows Removed by Index Recheck: (\d+)/);
    const label = nodeLabel(node);
    const removed = rechecked
      ? {
          zh: `，重新检查后丢弃了 ${formatCount(rechecked)} 行`,
          en: `, and ${formatCount(rechecked)} rows were rechecked and removed`,
        }
      : { zh: '', en: '' };
    return {
      severity: 'warning',
      message: {
        zh: `${label.zh} 的位图超出 work_mem，${formatCount(exact + lossy)} 个数据页中有 ${formatCount(lossy)} 个只记到页（lossy）${removed.zh}：调大 work_mem 可让位图保持精确`,
        en: `${label.en}: the bitmap outgrew work_mem and kept ${formatCount(lossy)} of ${formatCount(exact + lossy)} heap blocks lossy (whole pages)${removed.en}: a larger work_mem keeps it exact`,
      },
    };
  },
};
