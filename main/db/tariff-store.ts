/**
 * Tariffs and spot price series of a profile (migration 0006). Tariffs are stored as the JSON the
 * contract's schema validates, and validated again when read (a row that no longer parses is reported,
 * not silently dropped). Prices are €/MWh per interval start, quarter-hourly or hourly.
 */
import type Database from 'better-sqlite3';
import { cleanText } from '../../common/rules';
import { tariffSchema, type PriceSeriesView, type Tariff } from '../../preload/contract';
import { AppError } from '../errors';

/**
 * A combined tariff's parts: tariffs of this profile, none combined itself, each pricing what the
 * combination prices (its direction and commodity).
 */
function checkParts(t: Tariff, all: Tariff[]): void {
  for (const p of t.parts ?? []) {
    const part = all.find((x) => x.id === p.tariffId);
    const why = !part
      ? 'is not in this profile (add it, or its preset, first)'
      : part.parts
        ? 'is a combined tariff itself'
        : part.direction !== t.direction || part.commodity !== t.commodity
          ? `prices ${part.commodity} ${part.direction}, the combination ${t.commodity} ${t.direction}`
          : null;
    if (why)
      throw new AppError('invalid_input', `The part "${p.tariffId}" of "${t.name}" ${why}.`, {
        reason: 'tariff_part_invalid',
        params: { id: p.tariffId, name: t.name },
      });
  }
}

/** A part of a combined tariff stays while the combination names it (nothing priced on a gap). */
function refuseIfPart(all: Tariff[], id: string): void {
  const user = all.find((c) => c.parts?.some((p) => p.tariffId === id));
  if (user)
    throw new AppError(
      'conflict',
      `The tariff "${id}" is a part of the combined tariff "${user.name}": remove that first, or change its parts.`,
      { reason: 'tariff_in_use', params: { id, name: user.name } },
    );
}

/** The tariffs: stored as the contract's JSON, checked again when read. */
function tariffRows(db: Database.Database, series: () => PriceSeriesView[], by: string | null) {
  function list(): Tariff[] {
    const rows = db.prepare('SELECT id, json FROM tariffs ORDER BY id').all() as {
      id: string;
      json: string;
    }[];
    return rows.map((r) => {
      const parsed = tariffSchema.safeParse(JSON.parse(r.json));
      if (!parsed.success)
        throw new AppError(
          'local_data',
          `The stored tariff "${r.id}" cannot be read any more; remove it and enter it again.`,
          { reason: 'stored_unreadable', params: { kind: 'tariff', id: r.id } },
        );
      return parsed.data;
    });
  }
  return {
    list,
    get(id: string): Tariff {
      const t = list().find((x) => x.id === id);
      if (!t)
        throw new AppError('not_found', `No tariff "${id}" in this profile.`, {
          reason: 'unknown_in_profile',
          params: { kind: 'tariff', id: id },
        });
      return t;
    },
    save(t: Tariff, nowSec: number): Tariff {
      if (t.parts) checkParts(t, list());
      if (
        t.energy.type === 'spot' &&
        !series().some((s) => s.id === (t.energy as { priceSeriesId: string }).priceSeriesId)
      )
        throw new AppError(
          'invalid_input',
          `The price series "${t.energy.priceSeriesId}" is not in this profile: import it first.`,
          { reason: 'price_series_missing', params: { id: t.energy.priceSeriesId } },
        );
      db.prepare(
        'INSERT INTO tariffs (id, json, updated_sec, version, changed_by) VALUES (?, ?, ?, 1, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json, updated_sec = excluded.updated_sec, version = tariffs.version + 1, changed_by = excluded.changed_by',
      ).run(t.id, JSON.stringify(t), nowSec, by);
      return t;
    },
    remove(id: string): boolean {
      refuseIfPart(list(), id);
      return db.prepare('DELETE FROM tariffs WHERE id = ?').run(id).changes > 0;
    },
  };
}

/** The price series (€/MWh per interval start) the spot tariffs bill on. */
function priceSeriesRows(db: Database.Database, tariffs: () => Tariff[]) {
  function series(): PriceSeriesView[] {
    return (
      db
        .prepare(
          `SELECT s.id, s.name, s.resolution_sec, s.is_example, count(p.start_sec) AS n, min(p.start_sec) AS first, max(p.start_sec) AS last
             FROM price_series s LEFT JOIN prices p ON p.series_id = s.id GROUP BY s.id ORDER BY s.name`,
        )
        .all() as {
        id: string;
        name: string;
        resolution_sec: number;
        is_example: number;
        n: number;
        first: number | null;
        last: number | null;
      }[]
    ).map((r) => ({
      id: r.id,
      name: r.name,
      resolutionSec: r.resolution_sec,
      points: r.n,
      firstStartSec: r.first,
      lastEndSec: r.last === null ? null : r.last + r.resolution_sec,
      isExample: r.is_example === 1,
    }));
  }
  return {
    series,
    /** Writes a series whole (replacing one of the same id) in one transaction. */
    saveSeries(
      s: { id: string; name: string; resolutionSec: number; source: string; isExample: boolean },
      points: { startSec: number; eurPerMwh: number }[],
      nowSec: number,
    ): void {
      db.transaction(() => {
        db.prepare('DELETE FROM prices WHERE series_id = ?').run(s.id);
        db.prepare(
          `INSERT INTO price_series (id, name, resolution_sec, source, is_example, imported_sec) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, resolution_sec = excluded.resolution_sec, source = excluded.source,
             is_example = excluded.is_example, imported_sec = excluded.imported_sec`,
        ).run(s.id, s.name, s.resolutionSec, s.source, s.isExample ? 1 : 0, nowSec);
        const ins = db.prepare('INSERT INTO prices (series_id, start_sec, eur_per_mwh) VALUES (?, ?, ?)');
        for (const p of points) ins.run(s.id, p.startSec, p.eurPerMwh);
      }).immediate();
    },
    /** Adds prices to an existing series (see `extendPriceSeries`). */
    extendSeries: (
      id: string,
      resolutionSec: number,
      points: { startSec: number; eurPerMwh: number }[],
      nowSec: number,
      replace = false,
    ) => extendPriceSeries(db, id, resolutionSec, points, nowSec, replace),
    /** A series' name (see `renamePriceSeries`). */
    renameSeries(id: string, name: string): PriceSeriesView {
      return renamePriceSeries(db, series(), id, name);
    },
    removeSeries(id: string): boolean {
      const inUse = tariffs().filter(
        (t) =>
          t.energy.type === 'spot' && (t.energy.priceSeriesId === id || t.energy.quarterHourSeriesId === id),
      );
      if (inUse.length > 0)
        throw new AppError(
          'conflict',
          `The price series is used by ${inUse.map((t) => `"${t.name}"`).join(', ')}: remove those tariffs first.`,
          { reason: 'price_series_in_use', params: { tariffs: inUse.map((t) => t.name).join(', ') } },
        );
      return db
        .transaction(() => {
          db.prepare('DELETE FROM prices WHERE series_id = ?').run(id);
          return db.prepare('DELETE FROM price_series WHERE id = ?').run(id).changes > 0;
        })
        .immediate();
    },
    /** The series' resolution and prices over [fromSec, toSec) by interval start. */
    prices(
      id: string,
      fromSec: number,
      toSec: number,
    ): { resolutionSec: number; byStart: Map<number, number> } {
      const s = db.prepare('SELECT resolution_sec FROM price_series WHERE id = ?').get(id) as
        { resolution_sec: number } | undefined;
      if (!s)
        throw new AppError(
          'not_found',
          `No price series "${id}" in this profile: import the day-ahead prices under that name (Manage tariffs → Import a price file, or meterdesk prices import FILE --name ${id}).`,
          { reason: 'price_series_missing', params: { id } },
        );
      const rows = db
        .prepare(
          'SELECT start_sec, eur_per_mwh FROM prices WHERE series_id = ? AND start_sec >= ? AND start_sec < ?',
        )
        .raw()
        .all(id, fromSec - s.resolution_sec, toSec) as [number, number][];
      return { resolutionSec: s.resolution_sec, byStart: new Map(rows) };
    },
  };
}

/** A profile's tariffs and the price series its spot tariffs bill on. */
/** The tariffs and price series of a profile's database; `by` (who saves) is recorded with each tariff. */
export function createTariffStore(db: Database.Database, by: string | null = null) {
  const prices = priceSeriesRows(db, () => tariffs.list());
  const tariffs = tariffRows(db, prices.series, by);
  return { ...tariffs, ...prices };
}

export type TariffStore = ReturnType<typeof createTariffStore>;

/**
 * A series' name, as lists show it; its id stays (the tariffs that bill on it name the id). An example
 * series keeps its name (it says "Beispiel"); a name is the person's text, cleaned.
 */
export function renamePriceSeries(
  db: Database.Database,
  all: PriceSeriesView[],
  id: string,
  name: string,
): PriceSeriesView {
  const s = all.find((x) => x.id === id);
  if (!s)
    throw new AppError('not_found', `No price series "${id}" in this profile.`, {
      reason: 'price_series_missing',
      params: { id },
    });
  if (s.isExample)
    throw new AppError('invalid_input', `The example series "${s.name}" keeps its name.`, {
      reason: 'price_series_example',
      params: { name: s.name },
    });
  const clean = cleanText(name, 80).trim();
  if (!clean)
    throw new AppError('invalid_input', 'A price series needs a name.', { reason: 'price_series_name' });
  db.prepare('UPDATE price_series SET name = ? WHERE id = ?').run(clean, id);
  return { ...s, name: clean };
}

/**
 * Adds prices to an existing series of the same resolution: new intervals are added; an interval
 * it holds keeps its price (a differing one is counted, not overwritten) unless `replace`.
 */
export function extendPriceSeries(
  db: Database.Database,
  id: string,
  resolutionSec: number,
  points: { startSec: number; eurPerMwh: number }[],
  nowSec: number,
  replace = false,
): { added: number; same: number; differing: number; replaced: number } {
  const s = db.prepare('SELECT resolution_sec FROM price_series WHERE id = ?').get(id) as
    { resolution_sec: number } | undefined;
  if (!s)
    throw new AppError('not_found', `No price series "${id}".`, {
      reason: 'price_series_missing',
      params: { id },
    });
  if (s.resolution_sec !== resolutionSec)
    throw new AppError(
      'invalid_input',
      `The series "${id}" holds ${s.resolution_sec === 900 ? 'quarter-hour' : 'hourly'} prices and the file ${resolutionSec === 900 ? 'quarter-hour' : 'hourly'} ones: a series keeps one interval. Import it under another name.`,
      { reason: 'price_series_interval', params: { id } },
    );
  const out = { added: 0, same: 0, differing: 0, replaced: 0 };
  db.transaction(() => {
    const get = db.prepare('SELECT eur_per_mwh AS v FROM prices WHERE series_id = ? AND start_sec = ?');
    const ins = db.prepare('INSERT INTO prices (series_id, start_sec, eur_per_mwh) VALUES (?, ?, ?)');
    const upd = db.prepare('UPDATE prices SET eur_per_mwh = ? WHERE series_id = ? AND start_sec = ?');
    for (const p of points) {
      const held = get.get(id, p.startSec) as { v: number } | undefined;
      if (!held) {
        ins.run(id, p.startSec, p.eurPerMwh);
        out.added++;
      } else if (Math.abs(held.v - p.eurPerMwh) < 1e-9) out.same++;
      else {
        out.differing++;
        if (replace) {
          upd.run(p.eurPerMwh, id, p.startSec);
          out.replaced++;
        }
      }
    }
    db.prepare('UPDATE price_series SET imported_sec = ? WHERE id = ?').run(nowSec, id);
  }).immediate();
  return out;
}
