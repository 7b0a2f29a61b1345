/**
 * `meterdesk watch`: the watch list (issue 45) for a nightly job — the rules evaluated over the
 * profile now (main/watch/rules.ts), each finding stated once (db/watch-store.ts); prints the findings
 * that hold (new ones marked), and exits 1 when any is new since --since (or new in this run).
 */
import { assertIntact, assertWritablePlace, openDatabase } from '../db/open';
import type Database from 'better-sqlite3';
import {
  openFindings,
  recordFindings,
  setThreshold,
  snoozeFinding,
  thresholdRows,
  type StoredFinding,
} from '../db/watch-store';
import { meterRow, placeOfMeter } from '../db/meter-reads';
import type { Lang } from '../../common/i18n/words';
import { cliSay, watchLine } from './cli-words';
import { THRESHOLD_RULES, THRESHOLDS, thresholdsView, type ThresholdRule } from '../watch/thresholds';
import { resolveMeter } from './lists-command';
import { DEFAULT_TZ, parseIsoSec } from '../time/local-days';
import { systemClock } from '../time/clock';
import { evaluateWatch } from '../watch/rules';
import { UsageError } from './usage-error';
import { thisComputer } from '../profiles/this-computer';

export function watchCommand(a: {
  dbPath: string;
  json: boolean;
  since?: string;
  now?: string;
  lang: Lang;
}): void {
  const now = a.now ? parseIsoSec(a.now) : systemClock.nowSec();
  const since = a.since ? parseIsoSec(a.since) : null;
  if (!Number.isFinite(now) || (since !== null && !Number.isFinite(since)))
    throw new UsageError('--since and --now must be ISO 8601 timestamps with Z or an offset.');
  assertWritablePlace(a.dbPath);
  const db = openDatabase(a.dbPath);
  try {
    assertIntact(db);
    const r = recordFindings(db, evaluateWatch(db, now, DEFAULT_TZ), now);
    const open = openFindings(db);
    // New: since --since, else added in this run — and never while snoozed.
    const isNew = (f: (typeof open)[number]) =>
      (since !== null ? f.firstSec >= since : r.added.some((x) => x.id === f.id)) &&
      (f.snoozedUntilSec === null || f.snoozedUntilSec <= now);
    if (a.json)
      process.stdout.write(
        JSON.stringify({
          // Each finding's span and whether its data are complete at the top, beside its figures.
          findings: open.map((f) => ({ ...f, ...spanFields(f.figures), new: isNew(f) })),
          added: r.added.length,
          cleared: r.cleared,
        }) + '\n',
      );
    else printFindings(db, open, isNew, r.cleared, a.lang);
    if (open.some(isNew)) process.exitCode = 1;
  } finally {
    db.close();
  }
}

const spanFields = (g: Record<string, unknown>) => ({
  fromSec: typeof g.fromSec === 'number' ? g.fromSec : null,
  toSec: typeof g.toSec === 'number' ? g.toSec : null,
  complete: typeof g.complete === 'boolean' ? g.complete : null,
});

/** The findings as sentences, the app's words in the language, each under its meter. */
function printFindings(
  db: Database.Database,
  open: StoredFinding[],
  isNew: (f: StoredFinding) => boolean,
  cleared: number,
  lang: Lang,
): void {
  const t = cliSay(lang);
  if (open.length === 0) process.stdout.write(`${t('cliWatch_nothing')}\n`);
  for (const f of open) {
    const m = meterRow(db, f.meterId);
    const name = m ? `${m.label ?? m.id}${m.metering_point ? ` (${m.metering_point})` : ''}` : f.meterId;
    const mark = isNew(f) ? `${t('cliWatch_new')} ` : '    ';
    const incomplete = f.figures.complete === false ? ` [${t('cliWatch_incomplete')}]` : '';
    process.stdout.write(`${mark}${name}, ${f.obisCode}: ${watchLine(f, lang)}${incomplete}\n`);
  }
  if (cleared > 0) process.stdout.write(`${t('cliWatch_cleared', { count: cleared })}\n`);
}

/** `watch thresholds|set|unset`: a meter's thresholds, changed for the meter, its site or customer. */
export function thresholdCommand(a: {
  dbPath: string;
  json: boolean;
  args: string[];
  meter?: string;
  scope?: string;
}): void {
  const [verb, rule, value] = a.args;
  const scope = (a.scope ?? 'meter') as 'meter' | 'site' | 'customer';
  if (
    !a.meter ||
    !['thresholds', 'set', 'unset'].includes(verb!) ||
    !['meter', 'site', 'customer'].includes(scope)
  )
    throw new UsageError(
      'Usage: meterdesk watch thresholds --meter ID | watch set RULE VALUE --meter ID [--scope meter|site|customer] | watch unset RULE --meter ID [--scope …]',
    );
  const writing = verb !== 'thresholds';
  if (writing) assertWritablePlace(a.dbPath);
  const db = openDatabase(a.dbPath);
  try {
    if (writing) assertIntact(db);
    const place = placeOfMeter(db, resolveMeter(db, a.meter).id);
    if (writing) {
      if (!THRESHOLD_RULES.includes(rule as ThresholdRule))
        throw new UsageError(`RULE is one of ${THRESHOLD_RULES.join(', ')}.`);
      const b = THRESHOLDS[rule as ThresholdRule];
      const v = verb === 'unset' ? null : Number(value);
      if (v !== null && (!Number.isFinite(v) || v < b.min || v > b.max))
        throw new UsageError(`The threshold of ${rule} lies between ${b.min} and ${b.max} ${b.unit}.`);
      const scopeId = scope === 'meter' ? place.meterId : scope === 'site' ? place.siteId : place.customerId;
      if (scopeId === null)
        throw new UsageError(`This meter has no ${scope}: set the threshold for the meter.`);
      setThreshold(db, { scope, scopeId, rule: rule!, value: v }, systemClock.nowSec(), thisComputer());
    }
    const view = thresholdsView(thresholdRows(db), place);
    if (a.json) return void process.stdout.write(JSON.stringify(view) + '\n');
    for (const r of view.rules)
      process.stdout.write(
        `${r.rule.padEnd(13)} ${r.value === null ? 'off' : `${r.value} ${r.unit}`} (${r.scope})\n`,
      );
  } finally {
    db.close();
  }
}

/** `watch snooze ID DAYS`: a finding not new for DAYS days (then new again if it still holds). */
export function snoozeCommand(a: { dbPath: string; args: string[]; now?: string }): void {
  const [id, days] = a.args.map(Number);
  const now = a.now ? parseIsoSec(a.now) : systemClock.nowSec();
  if (!Number.isInteger(id) || !Number.isInteger(days) || days! < 1 || days! > 90 || !Number.isFinite(now))
    throw new UsageError(
      'Usage: meterdesk watch snooze ID DAYS (1–90) [--now ISO]; the ids are in "watch --json".',
    );
  assertWritablePlace(a.dbPath);
  const db = openDatabase(a.dbPath);
  try {
    assertIntact(db);
    if (!snoozeFinding(db, id!, now + days! * 86_400))
      throw new UsageError(`No finding ${id} in this profile ("meterdesk watch --json" lists them).`);
    process.stdout.write(`finding ${id} snoozed for ${days} days\n`);
  } finally {
    db.close();
  }
}
