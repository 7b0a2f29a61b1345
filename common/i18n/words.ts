/**
 * The one dictionary (issue 61): per language one set of i18next resources — `translation` (de.ts,
 * en.ts: the UI and the CLI), `pdf` (the report's document) and `workbook` (the Excel exports) — and the
 * one wording of a refusal (code + reason + parameters) the UI and the CLI print. Every part names the
 * same keys in both languages (the compiler checks it below; test/unit/i18n-keys.test.ts the UI's).
 */
import i18next from 'i18next';
import { de } from './de';
import { en } from './en';
import { pdfDe } from './pdf-de';
import { pdfEn } from './pdf-en';
import { workbookDe } from './workbook-de';
import { workbookEn } from './workbook-en';

export type Lang = 'de' | 'en';
export type Say = (key: string, o?: Record<string, unknown>) => string;

export const resources = {
  de: { translation: de, pdf: pdfDe, workbook: workbookDe },
  en: { translation: en, pdf: pdfEn, workbook: workbookEn },
};

// Both languages name every word of every part (an English report once lacked the community page's words).
type SameKeys<T> = { [K in keyof T]: T[K] extends string ? unknown : SameKeys<T[K]> };
const samePdf: SameKeys<typeof pdfDe> = pdfEn;
const samePdfBack: SameKeys<typeof pdfEn> = pdfDe;
const sameWorkbook: Record<keyof typeof workbookDe, unknown> = workbookEn;
const sameWorkbookBack: Record<keyof typeof workbookEn, unknown> = workbookDe;
void [samePdf, samePdfBack, sameWorkbook, sameWorkbookBack];

/** German for any German tag (de, de-AT, de_AT.UTF-8), English otherwise. */
export function languageOf(tag: string | undefined | null): Lang {
  return tag?.toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** A translator of its own (not the renderer's shared instance), ready at once. */
export function sayIn(lang: Lang): Say {
  const words = i18next.createInstance();
  void words.init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return words.t.bind(words) as Say;
}

/** What a refusal carries (preload/contract's ContractError, as plain data). */
export interface CodedError {
  code: string;
  message: string;
  reason?: string;
  params?: Record<string, string | number>;
  serviceText?: string;
}

/** Parameters that are words of the core (a direction, a commodity, a kind of thing): said in the language. */
const WORD_PARAMS = new Set(['want', 'commodity', 'kind', 'storedInterval', 'fileInterval']);

function wordsOf(params: Record<string, string | number> | undefined, t: Say) {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {}))
    out[k] = WORD_PARAMS.has(k)
      ? t(`err_word_${String(v)}`)
      : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
        ? `${v.slice(8)}.${v.slice(5, 7)}.${v.slice(0, 4)}` // a day as Austria writes it, not ISO
        : v;
  return out;
}

/**
 * A refusal in words: the code's sentence and the reason's (with its values), and as details the core's
 * own English sentence and what the service said. `until` is a retry time already in the reader's format.
 */
export function refusalWords(e: CodedError, t: Say, until = ''): { text: string; details: string | null } {
  const base = t(`err_${e.code}`, { until, defaultValue: t('err_internal') });
  const reason = e.reason ? t(`err_reason_${e.reason}`, { ...wordsOf(e.params, t), defaultValue: '' }) : '';
  const details = [e.message, e.serviceText ? `${t('serviceSaid')}: ${e.serviceText}` : '']
    .filter(Boolean)
    .join('\n');
  return { text: reason ? `${base} ${reason}` : base, details: details || null };
}
