import Database from 'better-sqlite3';
import { querySeries } from '../../main/db/series-query';
import { dayNumberOf, dayStartSec } from '../../main/time/local-days';
const db = new Database('/tmp/ingest.sqlite', { readonly: true });
const s = db
  .prepare(
    "SELECT s.id, s.meter_id, s.obis_code FROM series s JOIN meters m ON m.id = s.meter_id WHERE m.label = 'Wohnung Huber' AND s.obis_code = '1-1:1.9.0 G.01'",
  )
  .get() as any;
const to = dayStartSec(dayNumberOf(Date.parse('2026-11-20T12:00:00Z') / 1000));
const from = to - 365 * 86400;
function timeIt(fn: () => unknown, repeat = 15) {
  fn();
  const xs: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  return xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}
for (let k = 0; k < 3; k++) {
  const app = timeIt(() =>
    querySeries(db, {
      meterId: s.meter_id,
      obisCode: s.obis_code,
      fromSec: from,
      toSec: to,
      maxPoints: 500000,
    }),
  );
  const raw = timeIt(() =>
    db
      .prepare(
        'SELECT start_sec, value, quality, revised_sec FROM readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ?',
      )
      .raw()
      .all(s.id, from, to),
  );
  console.log(app.toFixed(2), raw.toFixed(2), (app / raw).toFixed(2));
}
