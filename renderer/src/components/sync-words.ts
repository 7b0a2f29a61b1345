/**
 * What a sync's check against the service found, in the UI's language (the core sends the numbers and
 * its English sentence, which stays under Details).
 */
import type { SyncNote } from '../../../preload/contract';
import { fmtFrameSpan, fmtQuantity, type FormatPrefs } from '../format';

type T = (key: string, o?: Record<string, unknown>) => string;

export function syncNoteText(note: SyncNote, t: T, prefs: FormatPrefs): string {
  const n = (v: number | null | undefined) => fmtQuantity(v ?? null, 'count', prefs);
  const span =
    note.fromSec !== null && note.toSec !== null ? fmtFrameSpan(note.fromSec, note.toSec, prefs) : '–';
  if (note.kind === 'missing')
    return t('syncNote_missing', {
      service: n(note.serviceReadings),
      span,
      local: n(note.localReadings),
      fetched: n(note.fetched),
    });
  if (note.kind === 'unchecked')
    return t('syncNote_unchecked', { days: n(note.days), span, max: n(note.maxRanges) });
  return t('syncNote_earlier', { text: note.message });
}

/** All notes of a meter (or a run), one per line. */
export function syncNotesText(notes: readonly SyncNote[], t: T, prefs: FormatPrefs): string {
  return notes.map((x) => syncNoteText(x, t, prefs)).join('\n');
}
