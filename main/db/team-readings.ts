/**
 * A page of readings written into a team's PostgreSQL store (issue 63), by the same rules as a local
 * profile's (page-merge.ts: the revision guard, revisions recorded, rollups recomputed with their day)
 * and in the same stored form (a day of a series as one row). In the caller's transaction, after a
 * lock on the meter (`pg_advisory_xact_lock`): two apps or a CLI writing the same meter at once take
 * turns, so neither merges into a day the other is changing — nothing is lost, and a replay writes
 * nothing. The page's days are read in one query, merged in memory, written back in a few.
 */
import type pg from 'pg';
import { ReadingColumns, type ReadingRow } from '../api/reading-columns';
import { MAX_SERIES_PER_METER } from '../api/schemas';
import { AppError } from '../errors';
import { dayNumberOf } from '../time/local-days';
import { dayFromRows, dayWrites, type OpenDay, type StoredIrregularRow } from './open-day';
import { dayLocator, emptyWriteResult, mergePage, type RevisionRow, type WriteResult } from './page-merge';
import type { PgStoredDay } from './team-days';
import { TEAM_CHANGES_CHANNEL, TEAM_SCHEMA } from './team-schema';

const S = TEAM_SCHEMA;
type Series = { id: number; resolutionSec: number };

export async function teamApplyPage(
  q: pg.ClientBase,
  tz: string,
  meterId: string,
  c: ReadingColumns,
  source: string,
  nowSec: number,
): Promise<WriteResult> {
  const result = emptyWriteResult();
  if (c.length === 0) return result; // an empty page: only its cursor is written (by the caller)
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`meterdesk readings ${meterId}`]);
  const series = await seriesOfPage(q, meterId, c);
  const seriesOf = (_m: string, obisCode: string, unit: string) => series.get(`${obisCode}\u0000${unit}`)!;
  const stored = await storedDays(q, tz, c, (k) => {
    const r = c.registers[k]!;
    return series.get(`${r.obisCode}\u0000${r.unit ?? 'kWh'}`)!.id;
  });
  const openDay = (sid: number, resolutionSec: number, day: number): OpenDay =>
    dayFromRows(
      sid,
      resolutionSec,
      day,
      tz,
      stored.days.get(`${sid}:${day}`),
      stored.irregular.get(`${sid}:${day}`) ?? [],
    );
  const { days, dayOf } = dayLocator(meterId, c, seriesOf, openDay, tz);
  const revisions: RevisionRow[] = [];
  mergePage(meterId, c, dayOf, source, nowSec, result, (row) => revisions.push(row));
  const changed = [...days.values()].filter((d) => d.changed);
  await writeDays(q, changed);
  await insertRevisions(q, revisions);
  if (changed.length > 0) await q.query('SELECT pg_notify($1, $2)', [TEAM_CHANGES_CHANNEL, meterId]);
  for (const d of changed) {
    if (!result.touchedDays.has(d.sid)) result.touchedDays.set(d.sid, new Set());
    result.touchedDays.get(d.sid)!.add(d.day);
  }
  return result;
}

/** Readings as objects (an import's page) written as teamApplyPage writes a sync's. */
export async function teamApplyRows(
  q: pg.ClientBase,
  tz: string,
  meterId: string,
  rows: readonly ReadingRow[],
  source: string,
  nowSec: number,
): Promise<WriteResult> {
  return teamApplyPage(q, tz, meterId, ReadingColumns.of(rows), source, nowSec);
}

/** The series of each register the page names (made, with the resolution of its first reading, if new). */
async function seriesOfPage(
  q: pg.ClientBase,
  meterId: string,
  c: ReadingColumns,
): Promise<Map<string, Series>> {
  const out = new Map<string, Series>();
  const firstOf = new Map<number, number>();
  for (let i = 0; i < c.length; i++) if (!firstOf.has(c.register[i]!)) firstOf.set(c.register[i]!, i);
  for (const [k, i] of firstOf) {
    const { obisCode, unit: given } = c.registers[k]!;
    const unit = given ?? 'kWh';
    const key = `${obisCode}\u0000${unit}`;
    if (out.has(key)) continue;
    const found = await q.query<{ id: string; resolution_sec: number }>(
      `SELECT id, resolution_sec FROM ${S}.series WHERE meter_id = $1 AND obis_code = $2 AND unit = $3`,
      [meterId, obisCode, unit],
    );
    if (found.rows[0]) {
      out.set(key, { id: Number(found.rows[0].id), resolutionSec: found.rows[0].resolution_sec });
      continue;
    }
    const n = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${S}.series WHERE meter_id = $1`, [
      meterId,
    ]);
    if (n.rows[0]!.n >= MAX_SERIES_PER_METER)
      throw new AppError(
        'bad_response',
        `Meter ${meterId} would get more than ${MAX_SERIES_PER_METER} registers (the next: "${obisCode.slice(0, 40)}"); nothing of these readings was stored. Report this to the service.`,
        { reason: 'too_many_registers', params: { meterId, max: MAX_SERIES_PER_METER } },
      );
    const resolutionSec = c.endSec[i]! - c.startSec[i]! === 3600 ? 3600 : 900;
    const made = await q.query<{ id: string }>(
      `INSERT INTO ${S}.series (meter_id, obis_code, unit, resolution_sec) VALUES ($1, $2, $3, $4) RETURNING id`,
      [meterId, obisCode, unit, resolutionSec],
    );
    out.set(key, { id: Number(made.rows[0]!.id), resolutionSec });
  }
  return out;
}

/** The stored rows of every day the page touches, by `series:day`, read in two queries. */
async function storedDays(
  q: pg.ClientBase,
  tz: string,
  c: ReadingColumns,
  sidOf: (register: number) => number,
) {
  const keys = new Map<string, [number, number]>();
  for (let i = 0; i < c.length; i++) {
    const sid = sidOf(c.register[i]!);
    const day = dayNumberOf(c.startSec[i]!, tz);
    keys.set(`${sid}:${day}`, [sid, day]);
  }
  const sids = [...keys.values()].map((k) => k[0]);
  const dayNos = [...keys.values()].map((k) => k[1]);
  const rows = await q.query<PgStoredDay & { series_id: string; day: number }>(
    `SELECT d.series_id, d.day, d.day_start_sec, d.first_slot_sec, d.vals, d.flags, d.updated
       FROM ${S}.reading_days d JOIN unnest($1::bigint[], $2::int[]) AS k(sid, day)
         ON d.series_id = k.sid AND d.day = k.day`,
    [sids, dayNos],
  );
  const days = new Map(
    rows.rows.map((r) => [
      `${r.series_id}:${r.day}`,
      { ...r, day_start_sec: Number(r.day_start_sec), first_slot_sec: Number(r.first_slot_sec) },
    ]),
  );
  const irregularRows = await q.query<Record<string, string | number | null>>(
    `SELECT i.series_id, i.start_sec, i.end_sec, i.value, i.quality, i.updated_sec, i.revised_sec, i.source
       FROM ${S}.irregular_readings i WHERE i.series_id = ANY($1::bigint[])
        AND i.start_sec >= $2 AND i.start_sec < $3`,
    [[...new Set(sids)], minStart(c) - 2 * 86_400, maxStart(c) + 2 * 86_400],
  );
  const irregular = new Map<string, StoredIrregularRow[]>();
  for (const r of irregularRows.rows) {
    const key = `${r.series_id}:${dayNumberOf(Number(r.start_sec), tz)}`;
    if (!keys.has(key)) continue;
    const row: StoredIrregularRow = {
      start_sec: Number(r.start_sec),
      end_sec: Number(r.end_sec),
      value: Number(r.value),
      quality: Number(r.quality),
      updated_sec: Number(r.updated_sec),
      revised_sec: r.revised_sec === null ? null : Number(r.revised_sec),
      source: String(r.source),
    };
    if (!irregular.has(key)) irregular.set(key, []);
    irregular.get(key)!.push(row);
  }
  return { days, irregular };
}

const minStart = (c: ReadingColumns) => {
  let m = Infinity;
  for (let i = 0; i < c.length; i++) m = Math.min(m, c.startSec[i]!);
  return m;
};
const maxStart = (c: ReadingColumns) => {
  let m = -Infinity;
  for (let i = 0; i < c.length; i++) m = Math.max(m, c.startSec[i]!);
  return m;
};

/** The changed days written back: records, irregular readings and rollups, each kind in one statement. */
async function writeDays(q: pg.ClientBase, changed: OpenDay[]): Promise<void> {
  const w = changed.map((d) => ({ d, w: dayWrites(d) }));
  const put = w.filter((x) => x.w.day);
  if (put.length)
    await q.query(
      `INSERT INTO ${S}.reading_days (series_id, day, day_start_sec, first_slot_sec, vals, flags, updated)
       SELECT * FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[])
       ON CONFLICT (series_id, day) DO UPDATE SET vals = excluded.vals, flags = excluded.flags, updated = excluded.updated`,
      [
        put.map((x) => x.d.sid),
        put.map((x) => x.d.day),
        ...[0, 1, 2, 3, 4].map((k) => put.map((x) => x.w.day![k])),
      ],
    );
  const gone = w.filter((x) => x.w.deleteDay);
  if (gone.length)
    await q.query(
      `DELETE FROM ${S}.reading_days d USING unnest($1::bigint[], $2::int[]) AS k(sid, day)
        WHERE d.series_id = k.sid AND d.day = k.day`,
      [gone.map((x) => x.d.sid), gone.map((x) => x.d.day)],
    );
  const replace = w.filter((x) => x.w.replaceIrregular);
  if (replace.length) {
    await q.query(
      `DELETE FROM ${S}.irregular_readings i USING unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS k(sid, a, b)
        WHERE i.series_id = k.sid AND i.start_sec >= k.a AND i.start_sec < k.b`,
      [
        replace.map((x) => x.d.sid),
        replace.map((x) => x.d.slots.dayStartSec),
        replace.map((x) => x.d.dayEndSec),
      ],
    );
    const rows = replace.flatMap((x) => x.w.irregular.map((r) => [x.d.sid, ...r] as const));
    if (rows.length)
      await q.query(
        `INSERT INTO ${S}.irregular_readings (series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::float8[], $5::int[], $6::bigint[], $7::bigint[], $8::text[])`,
        [0, 1, 2, 3, 4, 5, 6, 7].map((k) => rows.map((r) => r[k])),
      );
  }
  await writeRollups(q, w);
}

async function writeRollups(q: pg.ClientBase, w: { d: OpenDay; w: ReturnType<typeof dayWrites> }[]) {
  const put = w.filter((x) => x.w.rollup);
  if (put.length)
    await q.query(
      `INSERT INTO ${S}.daily_rollups (series_id, day, day_start_sec, expected, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable, p5)
       SELECT * FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::int[], $5::int[], $6::float8[], $7::float8[], $8::bigint[], $9::int[], $10::int[], $11::int[], $12::float8[])
       ON CONFLICT (series_id, day) DO UPDATE SET expected = excluded.expected, count = excluded.count, sum = excluded.sum,
         max = excluded.max, max_start_sec = excluded.max_start_sec, n_measured = excluded.n_measured,
         n_estimated = excluded.n_estimated, n_unreliable = excluded.n_unreliable, p5 = excluded.p5`,
      [
        put.map((x) => x.d.sid),
        put.map((x) => x.d.day),
        ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => put.map((x) => x.w.rollup![k])),
      ],
    );
  const gone = w.filter((x) => !x.w.rollup);
  if (gone.length)
    await q.query(
      `DELETE FROM ${S}.daily_rollups r USING unnest($1::bigint[], $2::int[]) AS k(sid, day)
        WHERE r.series_id = k.sid AND r.day = k.day`,
      [gone.map((x) => x.d.sid), gone.map((x) => x.d.day)],
    );
}

async function insertRevisions(q: pg.ClientBase, rows: RevisionRow[]): Promise<void> {
  if (!rows.length) return;
  await q.query(
    `INSERT INTO ${S}.reading_revisions (series_id, start_sec, old_value, old_quality, old_updated_sec, new_value, new_quality, new_updated_sec, recorded_sec, source)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::float8[], $4::int[], $5::bigint[], $6::float8[], $7::int[], $8::bigint[], $9::bigint[], $10::text[])`,
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => rows.map((r) => r[k])),
  );
}
