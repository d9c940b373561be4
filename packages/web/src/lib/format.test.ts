import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.ts';
import zh from '../i18n/zh.ts';
import { etaText } from './format.ts';

/** The real templates of one language, filled as i18next fills them. */
function translator(resources: typeof en): TFunction {
  return ((key: string, values: Record<string, number>) => {
    const [section, name] = key.split('.') as [keyof typeof en, string];
    const template = (resources[section] as Record<string, string>)[name]!;
    return template.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(values[v]));
  }) as unknown as TFunction;
}

describe('etaText', () => {
  it('gives seconds under a minute, rounded up to 5, and whole minutes from there', () => {
    const t = translator(en);
    expect(etaText(t, 0.001)).toBe('about 5 s left');
    expect(etaText(t, 0.3)).toBe('about 20 s left');
    expect(etaText(t, 0.99)).toBe('about 60 s left');
    expect(etaText(t, 1)).toBe('about 1 min left');
    expect(etaText(t, 2.1)).toBe('about 3 min left');
    expect(etaText(translator(zh), 0.3)).toBe('预计还需 20 秒');
  });
});
