import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage } from '../lib/language.ts';
import en from './en.ts';
import zh from './zh.ts';

export const resources = {
  zh: { translation: zh },
  en: { translation: en },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'zh',
  supportedLngs: ['zh', 'en'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
