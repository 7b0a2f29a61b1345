/**
 * UI strings in German and English (i18next). The language defaults to the system's; German covers
 * de-AT. Every string the UI shows lives in common/i18n/de.ts and en.ts, with the same keys.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { resources } from '../../common/i18n/words';

export { resources };

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
