/** Euros in the UI's locale (two decimals), or a dash for none. */
import { type FormatPrefs } from '../../format';

export function fmtEur(v: number | null, prefs: FormatPrefs): string {
  if (v === null) return '–';
  return new Intl.NumberFormat(prefs.locale, { style: 'currency', currency: 'EUR' }).format(v);
}
