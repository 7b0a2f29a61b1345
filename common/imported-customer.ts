/**
 * The customer Meterdesk makes for imported files (main/import/into-store.ts) — not the person's, so its
 * name is the app's, in the reader's language (issue 60: portfolios and reports read "Kunde Imported").
 * Earlier builds stored it as "Imported"; a person who renamed it keeps their name.
 */
import { resources } from './i18n/words';

export const IMPORTED_CUSTOMER_ID = 'local-imported';
const APP_NAMES = new Set(['Imported', 'Importiert', 'Importierte Dateien', 'Imported files']);

/** A customer's name as shown: the imported files' customer in the language, any other as stored. */
export function customerShown(
  id: string | null | undefined,
  name: string | null,
  lang: 'de' | 'en',
): string | null {
  if (id !== IMPORTED_CUSTOMER_ID || (name !== null && !APP_NAMES.has(name))) return name;
  return resources[lang].translation.importedCustomer;
}
