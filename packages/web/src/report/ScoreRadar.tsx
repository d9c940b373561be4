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

/** A category's name as drawn: split at its first space on a narrow chart. */
function nameLines(name: string, narrow: boolean): string {
  return narrow ? name.replace(' ', '\n') : name;
}

const NAME_GAP = 15; // echarts' default space between an axis end and its name
const CENTER_Y = 0.48;
const LEGEND_HEIGHT = 28;
let measuring: CanvasRenderingContext2D | null = null;

/**
 * The largest radius (px) at which every axis name fits inside the chart, whatever the language: the names at the
 * sides sit cos(30 deg) x radius + NAME_GAP from the center (six axes, the first at the top), so the widest line
 * decides across; the bottom name must clear the legend.
 */
function radiusFor(element: HTMLElement, names: string[], fontSize: number): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  let widest = 0;
  if (measuring) {
    // echarts draws axis names in its default family.
    measuring.font = `${fontSize}px sans-serif`;
    for (const line of names.flatMap((name) => name.split('\n'))) {
      widest = Math.max(widest, measuring.measureText(line).width);
    }
  }
  const byWidth = (element.clientWidth / 2 - widest - NAME_GAP - 4) / Math.cos(Math.PI / 6);
  // The names at the top and bottom: the bottom one must stay above the legend.
  const lines = Math.max(...names.map((name) => name.split('\n').length));
  const nameHeight = lines * fontSize * 1.3;
  const byHeight = element.clientHeight * (1 - CENTER_Y) - LEGEND_HEIGHT - NAME_GAP - nameHeight;
  return Math.max(30, Math.floor(Math.min(byWidth, byHeight)));
}

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
        center: ['50%', `${CENTER_Y * 100}%`],
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
      const fontSize = narrow ? 11 : 12;
      const names = shown.map((score) => nameLines(label(score.category), narrow));
      chart.setOption({
        radar: {
          radius: radiusFor(element, names, fontSize),
          axisName: {
            fontSize,
            formatter: (name?: string) => (narrow && name ? nameLines(name, true) : (name ?? '')),
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
