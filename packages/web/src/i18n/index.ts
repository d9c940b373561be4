import type { Language } from '@sqltune/contracts';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage } from '../lib/language.ts';
import type { Messages } from './zh.ts';

/**
 * Each language's texts are their own chunk, loaded when the language is used (at start, before the first render,
 * and on a switch, before the switch applies): the first route carries no second language (docs/design.md,
 * "Web weight"). en.ts has every key of zh.ts (typed), so no fallback language is loaded.
 */
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  zh: () => import('./zh.ts'),
  en: () => import('./en.ts'),
};

const chunks: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, _namespace, callback) {
    const load = loaders[language as Language];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Resolves once the first language's texts are loaded: main.tsx renders after it. */
export const i18nReady = i18n
  .use(chunks)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: false,
    supportedLngs: ['zh', 'en'],
    interpolation: { escapeValue: false },
  });

export default i18n;
