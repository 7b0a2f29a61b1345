/**
 * Meters the person keeps themselves (issue 31): imported meters can be renamed, put under a customer
 * and site (created locally when there is no account), merged into another meter (register by
 * register, with the import rule: stored values of another file are kept unless replaced), and deleted
 * with everything stored for them. A service meter's name, site and existence come from the service
 * (the next sync would undo a change): those are refused with the reason.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { cleanText, TEXT_CAPS } from '../../common/rules';
import { AppError } from '../errors';
import { readAll } from './readings-read';
import { recordImport, snapshotBeforeImport } from './import-record';
import { forgetMergeRecords, keepMergedMeter, MERGE_FORMAT } from './merge-undo';
import { dayNumberOf } from '../../common/zone';
import type { ReadingsStore } from './readings-store';
import { systemClock } from '../time/clock';

interface MeterRow {
  id: string;
  label: string | null;
  metering_point: string;
  raw_json: string;
}

function meterOf(db: Database.Database, id: string): MeterRow & { imported: boolean } {
  const m = db.prepare('SELECT id, label, metering_point, raw_json FROM meters WHERE id = ?').get(id) as
    MeterRow | undefined;
  if (!m)
    throw new AppError('not_found', `No meter "${id}" in this profile.`, {
      reason: 'unknown_in_profile',
      params: { kind: 'meter', id: id },
    });
  let source: string | undefined;
  try {
    source = (JSON.parse(m.raw_json) as { source?: string }).source;
  } catch {
    source = undefined;
  }
  return { ...m, imported: !!source?.startsWith('import') };
}

function ownMeter(db: Database.Database, id: string, what: string) {
  const m = meterOf(db, id);
  if (!m.imported)
    throw new AppError(
      'conflict',
      `${m.label ?? m.metering_point} comes from the readings service: its ${what} is the service's, and the next sync would undo a change here.`,
      { reason: 'service_meter', params: { name: m.label ?? m.metering_point } },
    );
  return m;
}

const label = (name: string) => {
  const clean = cleanText(name, TEXT_CAPS.label);
  if (!clean) throw new AppError('invalid_input', 'Give a name.', { reason: 'name_missing' });
  return clean;
};

export function renameMeter(db: Database.Database, id: string, name: string): void {
  ownMeter(db, id, 'name');
  db.prepare('UPDATE meters SET label = ? WHERE id = ?').run(label(name), id);
}

const localId = (kind: string, name: string) =>
  `local-${kind}-${createHash('sha256').update(`${name}\u0000${systemClock.nowMs()}\u0000${Math.random()}`).digest('hex').slice(0, 10)}`;

/**
 * Puts an imported meter at a site: an existing one (`siteId`), or a new site (`newSite`) of an existing
 * customer (`customerId`) or a new one (`newCustomer`).
 */
export function setMeterSite(
  db: Database.Database,
  id: string,
  to: { siteId: string } | { newSite: string; customerId?: string; newCustomer?: string },
): { siteId: string; customerId: string | null } {
  ownMeter(db, id, 'site');
  let out: { siteId: string; customerId: string | null } | null = null;
  db.transaction(() => {
    if ('siteId' in to) {
      const s = db.prepare('SELECT id, customer_id FROM sites WHERE id = ?').get(to.siteId) as
        { id: string; customer_id: string | null } | undefined;
      if (!s)
        throw new AppError(
          'not_found',
          `No site "${to.siteId}" in this profile ("meterdesk sites" lists them).`,
          { reason: 'unknown_in_profile', params: { kind: 'site', id: to.siteId } },
        );
      out = { siteId: s.id, customerId: s.customer_id };
    } else {
      let customerId: string | null = null;
      if (to.newCustomer) {
        // A second customer of a name that exists is a typing twice, not a new customer (issue 42).
        const same = db
          .prepare('SELECT id FROM customers WHERE lower(trim(name)) = lower(trim(?))')
          .get(label(to.newCustomer)) as { id: string } | undefined;
        if (same)
          throw new AppError(
            'conflict',
            `A customer "${label(to.newCustomer)}" exists already: choose it instead of making a second one.`,
            { reason: 'customer_exists', params: { name: label(to.newCustomer) } },
          );
        customerId = localId('customer', to.newCustomer);
        db.prepare('INSERT INTO customers (id, name, email) VALUES (?, ?, NULL)').run(
          customerId,
          label(to.newCustomer),
        );
      } else if (to.customerId) {
        if (!db.prepare('SELECT 1 FROM customers WHERE id = ?').get(to.customerId))
          throw new AppError('not_found', `No customer "${to.customerId}" in this profile.`, {
            reason: 'unknown_in_profile',
            params: { kind: 'customer', id: to.customerId },
          });
        customerId = to.customerId;
      }
      const sameSite = db
        .prepare(
          "SELECT id FROM sites WHERE lower(trim(name)) = lower(trim(?)) AND coalesce(customer_id, '') = coalesce(?, '')",
        )
        .get(label(to.newSite), customerId) as { id: string } | undefined;
      if (sameSite)
        throw new AppError(
          'conflict',
          `A site "${label(to.newSite)}" of this customer exists already: choose it instead of making a second one.`,
          { reason: 'site_exists', params: { name: label(to.newSite) } },
        );
      const siteId = localId('site', to.newSite);
      db.prepare('INSERT INTO sites (id, customer_id, name, address) VALUES (?, ?, ?, NULL)').run(
        siteId,
        customerId,
        label(to.newSite),
      );
      out = { siteId, customerId };
    }
    db.prepare('UPDATE meters SET site_id = ? WHERE id = ?').run(out.siteId, id);
  }).immediate();
  return out!;
}

/** Deletes an imported meter and everything stored for it: readings, rollups, revisions, its import log. */
export function deleteMeter(db: Database.Database, id: string): { readings: number } {
  const m = ownMeter(db, id, 'existence');
  void m;
  let readings = 0;
  db.transaction(() => {
    const series = db.prepare('SELECT id FROM series WHERE meter_id = ?').pluck().all(id) as number[];
    for (const sid of series) {
      readings += (
        db.prepare('SELECT coalesce(sum(count), 0) AS n FROM daily_rollups WHERE series_id = ?').get(sid) as {
          n: number;
        }
      ).n;
      for (const t of [
        'reading_days',
        'daily_rollups',
        'irregular_readings',
        'reading_revisions',
        'import_undo',
      ])
        db.prepare(`DELETE FROM ${t} WHERE series_id = ?`).run(sid);
    }
    db.prepare('DELETE FROM series WHERE meter_id = ?').run(id);
    forgetMergeRecords(db, id);
    db.prepare('DELETE FROM imports WHERE meter_id = ?').run(id);
    forgetMeter(db, id);
  }).immediate();
  return { readings };
}

/**
 * A merge writes each register into the other meter's register of the same code: both must have the
 * same interval. Hours written into a quarter-hour series were stored as quarter-hours and lost 47 of
 * 696 (issue 43, item 1): refused, with the register and both intervals.
 */
/** The checks a merge makes before it writes (and its preview before it shows anything). */
export function assertMergeable(db: Database.Database, fromId: string, intoId: string): void {
  if (fromId === intoId)
    throw new AppError('invalid_input', 'Choose two different meters to merge.', { reason: 'merge_same' });
  ownMeter(db, fromId, 'data');
  meterOf(db, intoId);
  const dir = (id: string) =>
    (db.prepare('SELECT energy_direction AS d FROM meters WHERE id = ?').get(id) as { d: string }).d;
  if (dir(fromId) !== dir(intoId))
    throw new AppError(
      'invalid_input',
      'The two meters measure different directions (consumption and feed-in): they cannot be one meter.',
      { reason: 'merge_directions' },
    );
  assertSameIntervals(db, fromId, intoId);
}

function assertSameIntervals(db: Database.Database, fromId: string, intoId: string): void {
  const clash = db
    .prepare(
      `SELECT a.obis_code, a.resolution_sec AS from_sec, b.resolution_sec AS into_sec
         FROM series a JOIN series b ON b.meter_id = ? AND b.obis_code = a.obis_code AND b.unit = a.unit
        WHERE a.meter_id = ? AND a.resolution_sec <> b.resolution_sec LIMIT 1`,
    )
    .get(intoId, fromId) as { obis_code: string; from_sec: number; into_sec: number } | undefined;
  if (!clash) return;
  const word = (sec: number) => (sec === 3600 ? 'hourly' : 'quarter_hourly');
  throw new AppError(
    'invalid_input',
    `The meters hold ${clash.obis_code} at different intervals (${clash.from_sec / 60} and ${clash.into_sec / 60} minutes): a series keeps one interval, so they cannot be merged. Nothing was changed.`,
    {
      reason: 'merge_interval',
      params: {
        register: clash.obis_code,
        fileInterval: word(clash.from_sec),
        storedInterval: word(clash.into_sec),
      },
    },
  );
}

/**
 * Removes a meter whose readings are gone, with everything that names it: its sync state, its notes, its
 * kept bills, its watch findings and thresholds and its memberships in energy communities (a community
 * then no longer counts it). Run
 * inside the caller's transaction; says what else it removed.
 */
export function forgetMeter(db: Database.Database, id: string): { notes: number; memberships: number } {
  db.prepare('DELETE FROM sync_state WHERE meter_id = ?').run(id);
  const notes = db.prepare('DELETE FROM notes WHERE meter_id = ?').run(id).changes;
  db.prepare('DELETE FROM kept_bills WHERE meter_id = ?').run(id);
  const memberships = db.prepare('DELETE FROM community_members WHERE meter_id = ?').run(id).changes;
  // Its watch findings and the thresholds set for it (issue 61: a threshold outlived its meter).
  db.prepare('DELETE FROM watch_findings WHERE meter_id = ?').run(id);
  db.prepare("DELETE FROM watch_thresholds WHERE scope = 'meter' AND scope_id = ?").run(id);
  db.prepare('DELETE FROM meters WHERE id = ?').run(id);
  return { notes, memberships };
}

/**
 * Merges an imported meter into another, register by register: its readings are written into the
 * other meter as an import (quarter-hours the other holds with another value are kept unless
 * `replace`), logged as one (format `merge`) with what undo needs, and the merged meter is kept whole
 * for that undo (db/merge-undo.ts) before it is deleted. Both must measure the same direction.
 */
export function mergeMeters(
  db: Database.Database,
  store: ReadingsStore,
  fromId: string,
  intoId: string,
  nowSec: number,
  replace = false,
  /** Run first inside the merge's transaction: throws when what was confirmed no longer holds. */
  stillAsConfirmed: () => void = () => undefined,
): { moved: number; conflictsKept: number; importId: number } {
  assertMergeable(db, fromId, intoId);
  let out: { moved: number; conflictsKept: number; importId: number } | null = null;
  db.transaction(() => {
    stillAsConfirmed();
    const plan = mergePlan(db, fromId, intoId, replace);
    const touched = plan.series.map((p) => ({
      obisCode: p.obisCode,
      days: new Set(p.rows.map((r) => dayNumberOf(r[0], store.tz))),
    }));
    const snap = snapshotBeforeImport(db, intoId, true, touched);
    const w = { inserted: 0, updated: 0, kept: 0 };
    for (const p of plan.series)
      for (let i = 0; i < p.rows.length; i += 20_000) {
        const page = p.rows.slice(i, i + 20_000).map((r) => ({
          obisCode: p.obisCode,
          unit: p.unit,
          startSec: r[0],
          endSec: r[1],
          value: r[2],
          quality: r[3],
          updatedSec: null,
        }));
        // What was written, not what was offered: a service meter's own readings stay (kept).
        const r = store.applyPage(intoId, page, 'import', nowSec);
        w.inserted += r.inserted;
        w.updated += r.updated;
        w.kept += r.kept;
      }
    const from = db
      .prepare('SELECT coalesce(label, metering_point) AS l FROM meters WHERE id = ?')
      .get(fromId) as {
      l: string;
    };
    const importId = recordImport(db, snap, {
      meterId: intoId,
      fileName: from.l,
      sha256: `merge:${fromId}`,
      formatId: MERGE_FORMAT,
      nowSec,
      readings: plan.series.reduce((n, p) => n + p.rows.length, 0),
      written: w,
      createdMeter: false,
      touched,
    });
    keepMergedMeter(db, importId, fromId, intoId);
    deleteMeter(db, fromId);
    out = { moved: w.inserted + w.updated, conflictsKept: plan.conflictsKept, importId };
  }).immediate();
  return out!;
}

/** Each register's readings a merge writes (conflicts dropped unless `replace`), and how many it kept. */
function mergePlan(db: Database.Database, fromId: string, intoId: string, replace: boolean) {
  let conflictsKept = 0;
  const series = (
    db.prepare('SELECT id, obis_code, unit FROM series WHERE meter_id = ?').all(fromId) as {
      id: number;
      obis_code: string;
      unit: string;
    }[]
  ).map((s) => {
    const target = db
      .prepare('SELECT id FROM series WHERE meter_id = ? AND obis_code = ? AND unit = ?')
      .get(intoId, s.obis_code, s.unit) as { id: number } | undefined;
    const existing = new Map<number, number>();
    if (target) for (const r of readAll(db, target.id)) existing.set(r[0], r[2]);
    const rows = readAll(db, s.id).filter((r) => {
      const v = existing.get(r[0]);
      if (v !== undefined && Math.abs(v - r[2]) > 1e-9 && !replace) {
        conflictsKept++;
        return false;
      }
      return true;
    });
    return { obisCode: s.obis_code, unit: s.unit, rows };
  });
  return { series, conflictsKept };
}

/** Marks what a meter supplies (a household, a business, a farm), or clears the mark (null). */
export function setUsageClass(
  db: Database.Database,
  meterId: string,
  usage: 'household' | 'business' | 'agriculture' | null,
): void {
  const r = db.prepare('UPDATE meters SET usage_class = ? WHERE id = ?').run(usage, meterId);
  if (r.changes === 0)
    throw new AppError('not_found', `No meter "${meterId}" in this profile.`, {
      reason: 'unknown_in_profile',
      params: { kind: 'meter', id: meterId },
    });
}
