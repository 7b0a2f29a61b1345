/**
 * `meterdesk watch`: the watch list (issue 45) for a nightly job — the rules evaluated over the
 * profile now (main/watch/rules.ts), each finding stated once (db/watch-store.ts); prints the findings
 * that hold (new ones marked), and exits 1 when any is new since --since (or new in this run).
 */
import { assertIntact, assertWritablePlace, openDatabase } from '../db/open';
import { openFindings, recordFindings } from '../db/watch-store';
import { DEFAULT_TZ, parseIsoSec } from '../time/local-days';
import { systemClock } from '../time/clock';
import { evaluateWatch } from '../watch/rules';
import { UsageError } from './usage-error';

export function watchCommand(a: { dbPath: string; json: boolean; since?: string; now?: string }): void {
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
    const isNew = (f: { id: number; firstSec: number }) =>
      since !== null ? f.firstSec >= since : r.added.some((x) => x.id === f.id);
    if (a.json)
      process.stdout.write(
        JSON.stringify({
          findings: open.map((f) => ({ ...f, new: isNew(f) })),
          added: r.added.length,
          cleared: r.cleared,
        }) + '\n',
      );
    else {
      if (open.length === 0) process.stdout.write('Nothing to watch: no finding holds.\n');
      for (const f of open)
        process.stdout.write(
          `${isNew(f) ? 'NEW ' : '    '}${f.meterId} ${f.obisCode} ${f.rule} ${f.key}: ${JSON.stringify(f.figures)}\n`,
        );
      if (r.cleared > 0) process.stdout.write(`${r.cleared} finding(s) no longer hold and were cleared.\n`);
    }
    if (open.some(isNew)) process.exitCode = 1;
  } finally {
    db.close();
  }
}
