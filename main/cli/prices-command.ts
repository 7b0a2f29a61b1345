/**
 * `meterdesk prices`: the profile's spot price series — listed, imported (a new series or one extended),
 * renamed (the id tariffs bill on stays) or removed (refused while a tariff uses it).
 */
import { basename } from 'node:path';
import { AppError } from '../errors';
import { createCostService } from '../cost/cost-service';
import { openForReading, openForWriting } from '../db/open';
import { DEFAULT_TZ, isoWithOffset, localParts } from '../time/local-days';
import { systemClock } from '../time/clock';
import { dbPathOf, readCapped, type CostArgs } from './cost-command';
import { UsageError } from './usage-error';

/** `prices remove ID`: a series no tariff uses (one that is used is refused, with the tariffs named). */
function removePrices(a: CostArgs, id: string): void {
  const db = openForWriting(dbPathOf(a));
  try {
    const removed = createCostService(db, DEFAULT_TZ, systemClock).store.removeSeries(id);
    if (!removed)
      throw new AppError(
        'not_found',
        `No price series "${id}" in this profile ("meterdesk prices" lists them).`,
        {
          reason: 'price_series_missing',
          params: { id },
        },
      );
    process.stdout.write(
      a.json ? JSON.stringify({ removed: id }) + '\n' : `removed the price series "${id}"\n`,
    );
  } finally {
    db.close();
  }
}

/** `prices` / `prices list`: the profile's series with their ids, names, resolution and span. */
function listPrices(a: CostArgs): void {
  const db = openForReading(dbPathOf(a), (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const series = createCostService(db, DEFAULT_TZ, systemClock).store.series();
    if (a.json) return void process.stdout.write(JSON.stringify(series) + '\n');
    if (series.length === 0) process.stdout.write('no price series in this profile\n');
    // Local days: a series of 26.10. starts at 25.10. 22:00 UTC and was listed "2025-10-25 – 2025-10-26".
    const day = (sec: number | null) => (sec === null ? '–' : localParts(sec).date);
    for (const s of series)
      process.stdout.write(
        `${s.id.padEnd(20)} ${s.name}${s.isExample ? ' (example)' : ''}: ${s.points} prices, ${s.resolutionSec === 900 ? 'quarter-hourly' : 'hourly'}, ${day(s.firstStartSec)} – ${day(s.lastEndSec === null ? null : s.lastEndSec - 1)}\n`,
      );
  } finally {
    db.close();
  }
}

/** `prices rename ID NAME`: the name lists show; the id, which tariffs bill on, stays. */
function renamePrices(a: CostArgs, id: string, name: string): void {
  const db = openForWriting(dbPathOf(a));
  try {
    const s = createCostService(db, DEFAULT_TZ, systemClock).store.renameSeries(id, name);
    process.stdout.write(
      a.json ? JSON.stringify(s) + '\n' : `the price series "${id}" is now named "${s.name}"\n`,
    );
  } finally {
    db.close();
  }
}

const PRICES_USAGE =
  'Usage: meterdesk --data-dir DIR prices [list] [--json] | prices import FILE [--name NAME] [--replace] [--json] | prices rename ID NAME | prices remove ID';

export function pricesCommand(a: CostArgs & { args: string[]; name?: string; replace?: boolean }): void {
  const [verb, file, more] = a.args;
  if (verb === undefined || (verb === 'list' && !file)) return listPrices(a);
  if (verb === 'remove' && file) return removePrices(a, file);
  if (verb === 'rename' && file && more) return renamePrices(a, file, more);
  if (verb !== 'import' || !file) throw new UsageError(PRICES_USAGE);
  const bytes = readCapped('prices import', file);
  const dbPath = dbPathOf(a);
  const db = openForWriting(dbPath);
  try {
    const r = createCostService(db, DEFAULT_TZ, systemClock).importPrices(
      a.name ?? basename(file),
      bytes,
      systemClock.nowSec(),
      !!a.replace,
    );
    if (a.json) process.stdout.write(JSON.stringify(r) + '\n');
    else {
      process.stdout.write(
        `${file}: ${r.format ?? 'prices'} → series "${r.id}", ${r.points} prices, ${r.resolutionSec === 900 ? 'quarter-hourly' : 'hourly'}, ${r.firstStartSec === null ? '' : isoWithOffset(r.firstStartSec)} – ${r.lastEndSec === null ? '' : isoWithOffset(r.lastEndSec)}\n`,
      );
      for (const n of r.notes ?? []) process.stdout.write(`  note: ${n}\n`);
    }
  } finally {
    db.close();
  }
}
