import type { Score, ScoreCategory } from '@sqltune/contracts';
import { RadarChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIMARY_COLOR } from '../config.ts';
import type { Messages } from '../i18n/zh.ts';
import { isLanguage } from '../lib/language.ts';

echarts.use([RadarChart, TooltipComponent, LegendComponent, CanvasRenderer]);

const MAX_CATEGORIES = 6;
const ORIGINAL_COLOR = '#fa8c16';

const categoryKey: Record<ScoreCategory, keyof Messages['score']> = {
  'Execution Plan': 'executionPlan',
  'Scan Estimation': 'scanEstimation',
  'Index Usage': 'indexUsage',
  'SQL Complexity': 'sqlComplexity',
  'Network Transport': 'networkTransport',
  Other: 'other',
};

/** The radar of the scores (at most six categories): original and optimized. */
export function ScoreRadar({ scores }: { scores: Score[] }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const ref = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => scores.slice(0, MAX_CATEGORIES), [scores]);

  const label = (category: ScoreCategory) => {
    const key = categoryKey[category];
    return key ? t(`score.${key}`) : category;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `label` and `t` change only with `lang`
  useEffect(() => {
    const element = ref.current;
    if (!element || shown.length === 0) return;
    const chart = echarts.init(element, undefined, { renderer: 'canvas' });
    const max = Math.max(100, ...shown.flatMap((s) => [s.original_score, s.optimized_score]));
    chart.setOption({
      color: [ORIGINAL_COLOR, PRIMARY_COLOR],
      tooltip: { trigger: 'item', confine: true },
      legend: { bottom: 0, data: [t('result.radarOriginal'), t('result.radarOptimized')] },
      radar: {
        indicator: shown.map((s) => ({ name: label(s.category), max })),
        radius: '62%',
        center: ['50%', '48%'],
        axisName: { color: '#595959', fontSize: 12 },
        splitArea: { areaStyle: { color: ['#fafbff', '#f3f6ff'] } },
      },
      series: [
        {
          type: 'radar',
          symbolSize: 5,
          data: [
            {
              name: t('result.radarOriginal'),
              value: shown.map((s) => s.original_score),
              areaStyle: { opacity: 0.12 },
            },
            {
              name: t('result.radarOptimized'),
              value: shown.map((s) => s.optimized_score),
              areaStyle: { opacity: 0.2 },
            },
          ],
        },
      ],
    });
    const fit = () => {
      const narrow = element.clientWidth < 420;
      chart.setOption({
        radar: {
          radius: narrow ? '52%' : '62%',
          axisName: {
            fontSize: narrow ? 11 : 12,
            formatter: (name?: string) => (narrow && name ? name.replace(' ', '\n') : (name ?? '')),
          },
        },
      });
      chart.resize();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [shown, lang]);

  if (shown.length === 0) return <div className="muted">{t('result.noScores')}</div>;

  return (
    <div>
      <div ref={ref} className="radar-chart" role="img" aria-label={t('result.radar')} />
      <table className="score-table">
        <tbody>
          {shown.map((s) => (
            <tr key={s.category} title={s.why[lang]}>
              <td>{label(s.category)}</td>
              <td className="num">{s.original_score}</td>
              <td className="num">→</td>
              <td className="num strong">{s.optimized_score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
