/**
 * The CLI's messages in German or English (issue 41, item 5): refusals, import notes and sync findings
 * are codes with numbers, worded here from the same dictionaries as the app's (common/i18n). The
 * language: `--lang de|en`, else METERDESK_LANG, else the system's (LC_ALL, LC_MESSAGES, LANG); English
 * unless German is asked for. Help texts, table headings and --json stay English (README, Commands).
 */
import {
  languageOf,
  refusalWords,
  sayIn,
  type CodedError,
  type Lang,
  type Say,
} from '../../common/i18n/words';
import { billReasonText } from '../../common/bill-words';
import { watchText } from '../../common/watch-words';
import type { ImportNote } from '../import/notes';
import { noteText } from '../import/notes';
import type { SyncWarning } from '../sync/verify';

/** The language of the messages, from the command line (read before it is parsed) and the environment. */
export function cliLanguage(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Lang {
  const at = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  const given = at < 0 ? undefined : argv[at]!.includes('=') ? argv[at]!.slice(7) : argv[at + 1];
  return languageOf(given ?? env.METERDESK_LANG ?? env.LC_ALL ?? env.LC_MESSAGES ?? env.LANG);
}

let cached: { lang: Lang; say: Say } | null = null;
/** The dictionary's translator in the CLI's language (common/i18n/words.ts), made once per language. */
export function cliSay(lang: Lang): Say {
  return say(lang);
}
function say(lang: Lang): Say {
  if (cached?.lang !== lang) cached = { lang, say: sayIn(lang) };
  return cached.say;
}

/**
 * A refusal as one message. English keeps the core's own sentence (it names paths and ids); German
 * words the code and reason, and adds the core's sentence as details only when there is no reason.
 */
export function refusalLine(e: CodedError, lang: Lang): string {
  if (lang === 'en') return e.message;
  const t = say(lang);
  const { text } = refusalWords(e, t);
  return e.reason ? text : `${text}\n  ${t('details')}: ${e.message}`;
}

/** An import's note or warning in the language. */
export function importNoteLine(n: ImportNote, lang: Lang): string {
  if (lang === 'en') return noteText(n);
  return say(lang)(`importNote_${n.code}`, { ...n.params, defaultValue: noteText(n) });
}

const DAY = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
/** A span's day in Austrian form; its end is exclusive, so the last day is the one before it. */
const day = (sec: number) => DAY.format(new Date(sec * 1000));

/** A sync check's finding in the language. */
export function syncWarningLine(w: SyncWarning, lang: Lang): string {
  if (lang === 'en') return w.message;
  const t = say(lang);
  const span = `${day(w.fromSec)} – ${day(w.toSec - 1)}`;
  if (w.kind === 'missing')
    return t('syncNote_missing', {
      service: w.serviceReadings ?? '–',
      span,
      local: w.localReadings,
      fetched: w.fetched,
    });
  return t('syncNote_unchecked', { days: w.days ?? '–', span, max: w.maxRanges ?? '–' });
}

/** The bill ahead's quarter-hours without a price, in the app's words (common/i18n). */
export function aheadUnpricedLine(u: { withoutPrice: number; outsideValidity: number }, lang: Lang): string {
  return say(lang)('ahead_unpriced', { n: u.withoutPrice + u.outsideValidity, outside: u.outsideValidity });
}

const NUM_DE = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 3 });
const MONEY_DE = new Intl.NumberFormat('de-AT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A bill check's reason in the language: German in the app's words (common/bill-words.ts). */
export function billReasonLine(
  r: Parameters<typeof billReasonText>[0] & { text: string },
  parts: Parameters<typeof billReasonText>[1],
  lang: Lang,
): string {
  if (lang === 'en') return r.text;
  return billReasonText(
    r,
    parts,
    say(lang),
    (v) => NUM_DE.format(v),
    (v) => MONEY_DE.format(v),
  );
}

const DATE_TIME = (lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-AT' : 'en-GB', {
    timeZone: 'Europe/Vienna',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** A watch finding as the app's list says it (common/watch-words.ts), in the language. */
export function watchLine(f: Parameters<typeof watchText>[0], lang: Lang): string {
  const locale = lang === 'de' ? 'de-AT' : 'en-GB';
  const num = (d: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: d });
  const when = DATE_TIME(lang);
  const dayOf = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return watchText(f, say(lang), {
    kw: (v) => `${num(2).format(v)} kW`,
    kwh: (v) => `${num(1).format(v)} kWh`,
    percent: (v) => `${num(1).format(v * 100)} %`,
    dateTime: (sec) => when.format(new Date(sec * 1000)),
    day: (key) => dayOf.format(new Date(`${key}T00:00:00Z`)),
    number: (v) => num(2).format(v),
  });
}

/** "warning" / "note" / "meter" as the CLI prints them before a line. */
export function cliWord(word: 'warning' | 'note' | 'meter', lang: Lang): string {
  if (lang === 'en') return word;
  return { warning: 'Warnung', note: 'Hinweis', meter: 'Zähler' }[word];
}

/** Why a file was not imported, with where in it, in the language. */
export function importErrorLine(
  e: {
    kind: string;
    message: string;
    line: number | null;
    column: { index: number; name?: string | null } | null;
  },
  file: string,
  lang: Lang,
  suspicious?: ImportNote | null,
): string {
  if (lang === 'en') {
    const column = e.column
      ? `column ${e.column.index}${e.column.name ? ` ("${e.column.name}")` : ''}`
      : null;
    const where = [e.line !== null ? `line ${e.line}` : null, column].filter(Boolean).join(', ');
    return `${file}${where ? ` (${where})` : ''}: ${e.message} Nothing of this file was stored.`;
  }
  const t = say(lang);
  const column = e.column ? `Spalte ${e.column.index}${e.column.name ? ` („${e.column.name}“)` : ''}` : '';
  const note = suspicious ? importNoteLine(suspicious, lang) : '';
  const why = t(`importErr_${e.kind}`, { line: e.line ?? '', column, file, note, defaultValue: e.message });
  return `${file}: ${why} ${t('importErr_nothing_stored')}`;
}

/** The data folder's place (profiles/place.ts) when it is not a local one, in the language. */
export function placeLine(
  place: { kind: 'network' | 'synced'; name: string },
  dir: string,
  lang: Lang,
): string {
  return say(lang)(place.kind === 'network' ? 'placeNetwork' : 'placeSynced', { dir, name: place.name });
}
