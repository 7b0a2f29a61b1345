/** The report's words in German and English (the report is rendered in main, not by the UI's i18n). */
import { DE } from './words-de';
import { EN } from './words-en';

export const WORDS = { de: DE, en: EN } as const;

// Both languages name every word (an English report once lacked the community page's words).
const sameWords: Record<keyof (typeof WORDS)['de'], unknown> = WORDS.en;
void sameWords;

type Plain<T> = T extends string ? string : { [K in keyof T]: Plain<T[K]> };
export type Words = { [K in keyof (typeof WORDS)['de']]: Plain<(typeof WORDS)['de'][K]> };
