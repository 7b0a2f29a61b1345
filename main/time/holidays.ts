/**
 * Austrian public holidays (the 13 national ones: Neujahr … Stefanitag), from `date-holidays`, a
 * well-kept holiday library (issue 34: time-of-use windows for "Sunday and holiday"). Regional and
 * optional days (Karfreitag, Landespatrone, Heiliger Abend) are not public holidays in its AT data.
 */
import Holidays from 'date-holidays';

const byYear = new Map<number, Set<string>>();
const at = new Holidays('AT');

/** Whether the local date `YYYY-MM-DD` is an Austrian public holiday. */
export function isAustrianHoliday(dateKey: string): boolean {
  const year = Number(dateKey.slice(0, 4));
  let days = byYear.get(year);
  if (!days) {
    days = new Set(
      (at.getHolidays(year) || []).filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)),
    );
    byYear.set(year, days);
  }
  return days.has(dateKey);
}
