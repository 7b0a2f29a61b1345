/**
 * UI strings in German and English (i18next). The language defaults to the system's; German covers
 * de-AT. Every string the UI shows lives in i18n/de.ts and i18n/en.ts, with the same keys.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { de } from './i18n/de';
import { en } from './i18n/en';

export const resources = {
  de: { translation: de },
  en: { translation: en },
};

export function initI18n(language: string): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources,
    lng: language.startsWith('de') ? 'de' : 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
