/** The workbooks' words: the `workbook` part of the one dictionary (common/i18n/words.ts). */
import { resources, type Lang } from '../../common/i18n/words';

export type WorkbookWords = (typeof resources)['de']['workbook'];

export const WORKBOOK_WORDS: Record<Lang, WorkbookWords> = {
  de: resources.de.workbook,
  en: resources.en.workbook,
};
