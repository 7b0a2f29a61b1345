/**
 * The report's words: the `pdf` part of the one dictionary (common/i18n/words.ts), the same i18next
 * resources the UI, the CLI and the workbook read. A word's placeholders are i18next's (`{{n}}`).
 */
import { resources, type Lang } from '../../common/i18n/words';

type Plain<T> = T extends string ? string : { [K in keyof T]: Plain<T[K]> };
export type Words = Plain<(typeof resources)['de']['pdf']>;

export const WORDS: Record<Lang, Words> = { de: resources.de.pdf, en: resources.en.pdf };
