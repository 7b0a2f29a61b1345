/**
 * `meterdesk meters`, `sites`, `tariffs`: the ids other commands take (`--meter`, `--site`,
 * `--tariff-id`), as text or `--json`; and `resolveMeter`, so every `--meter` also takes a metering
 * point.
 */
import { noDatabase } from './refusals';
import { PRESETS } from '../cost/presets';
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { latestOfMeters } from '../db/readings-read';
import { assertIntact, assertWritablePlace, openDatabase, openForReading } from '../db/open';
import { AppError } from '../errors';
import { deleteMeter, mergeMeters, renameMeter, setMeterSite, setUsageClass } from '../db/meter-admin';
import { mergePlaces, renamePlace } from '../db/place-admin';
import { mergePreview } from '../db/merge-preview';
import type { MergePreview } from '../../preload/contract';
import { createReadingsStore } from '../db/readings-store';
import { importLog, undoImport } from '../db/import-log';
import { DEFAULT_TZ, isoWithOffset } from '../time/local-days';
import { UsageError } from './usage-error';
import { systemClock } from '../time/clock';
import { meterByIdOrPoint, meterListing, siteListing, tariffRows } from '../db/meter-reads';

/** A meter by its id or its metering point; a clear error when there is none. */
export function resolveMeter(
  db: Database.Database,
  idOrPoint: string,
): { id: string; meteringPoint: string } {
  const m = meterByIdOrPoint(db, idOrPoint);
  if (!m)
    // Not found, not "the local data are broken" (issue 61: a mistyped id read so in German), exit 2.
    throw new AppError(
      'not_found',
      `No meter "${idOrPoint}" (id or metering point) in this database. "meterdesk meters" lists them.`,
      { reason: 'meter_unknown', params: { meter: idOrPoint } },
    );
  return { id: m.id, meteringPoint: m.metering_point };
}

/** How sure a preset's values are, in one line: those not read in the legal text named. */
function levelLine(values: { part: string; level: string }[]): string {
  const weak = values.filter((v) => v.level !== 'legal');
  if (values.length === 0) return '';
  return weak.length === 0
    ? '    every value read in the legal text\n'
    : `    not read in the legal text: ${[...new Set(weak.map((v) => `${v.part} (${v.level})`))].join(', ')}\n`;
}

export function listCommand(
  what: 'meters' | 'sites' | 'tariffs',
  a: { dbPath: string; json: boolean; presets?: boolean },
): void {
  if (what === 'tariffs' && a.presets) {
    // The presets that ship with the app (cost/presets.ts), with validity and source: no database.
    const rows = PRESETS.map(({ tariff: t, published, parts }) => ({
      id: t.id,
      name: t.name,
      direction: t.direction,
      energy: t.energy.type,
      valid_from: t.validFrom,
      valid_to: t.validTo,
      grid_energy_ct_kwh: t.gridEnergyCentsPerKwh,
      // SNAP as the newest period has it (the reference's presets add it from 1 April 2026).
      snap_ct_kwh: (t.changes.at(-1)?.gridEnergyWindows ?? t.gridEnergyWindows)[0]?.centsPerKwh ?? null,
      changes: t.changes.map((c) => c.from),
      // Every component a bill line comes from (issue 44): the loss fee, levies, charges per meter, VAT.
      grid_loss_ct_kwh: t.gridLossCentsPerKwh ?? 0,
      levies: t.levies.map((l) => ({ name: l.name, ct_kwh: l.centsPerKwh, percent: l.percent })),
      fixed_charges: t.fixedCharges.map((c) => ({ name: c.name, eur: c.eur, per: c.per, kind: c.kind })),
      vat_percent: t.vatPercent,
      published,
      source: t.source ?? null,
      // Issue 62: each value with its validity, source and level (legal, secondary, unverified), and
      // what the reference lacks for this preset (its quarter-hours are not priced).
      values: (parts?.values ?? []).map((v) => ({
        part: v.part,
        value: v.value,
        unit: v.unit,
        valid_from: v.validFrom,
        valid_to: v.validTo,
        level: v.level,
        source: v.source,
      })),
      missing: parts?.missing ?? [],
    }));
    if (a.json) process.stdout.write(JSON.stringify(rows) + '\n');
    else
      for (const r of rows)
        process.stdout.write(
          `${r.id}  ${r.valid_from ?? '…'} – ${r.valid_to ?? '…'}  ${r.name}\n    ${r.published.text}\n${levelLine(r.values)}`,
        );
    return;
  }
  if (!existsSync(a.dbPath)) throw noDatabase(a.dbPath);
  const db = openForReading(a.dbPath, (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const rows = what === 'meters' ? meters(db) : what === 'sites' ? sites(db) : tariffs(db);
    if (a.json) {
      process.stdout.write(JSON.stringify(rows) + '\n');
      return;
    }
    if (rows.length === 0) process.stdout.write(`No ${what} in this database.\n`);
    for (const r of rows)
      process.stdout.write(
        Object.values(r)
          .map((v) => (v === null ? '–' : String(v)))
          .join('  ') + '\n',
      );
  } finally {
    db.close();
  }
}

function meters(db: Database.Database) {
  return meterListing(db).map((m) => {
    const last = latestOfMeters(db, [m.id]);
    return { ...m, latest_reading_at: last ? new Date(last.endSec * 1000).toISOString() : null };
  });
}

function sites(db: Database.Database) {
  return siteListing(db);
}

function tariffs(db: Database.Database) {
  return tariffRows(db).map((r) => {
    let t: {
      name?: string;
      direction?: string;
      commodity?: string;
      energy?: { type?: string };
      isExample?: boolean;
      parts?: { role: string; tariffId: string }[];
      owner?: { kind: string; id: string } | null;
    };
    try {
      t = JSON.parse(r.json) as typeof t;
    } catch {
      t = {};
    }
    return {
      id: r.id,
      name: t.name ?? null,
      direction: t.direction ?? null,
      commodity: t.commodity ?? 'electricity',
      energy: t.energy?.type ?? null,
      example: t.isExample ?? false,
      // A combined tariff: its parts, ROLE=ID (issue 44).
      parts: t.parts?.map((p) => `${p.role}=${p.tariffId}`).join(',') ?? null,
      // Whose it is (issue 60): a customer's, a site's or a meter's, or no one's.
      owner: t.owner ? `${t.owner.kind}=${t.owner.id}` : null,
    };
  });
}

/** `meterdesk imports` (the log) and `meterdesk imports undo ID`. */
export function importsCommand(a: { dbPath: string; json: boolean; args: string[] }): void {
  if (!existsSync(a.dbPath)) throw noDatabase(a.dbPath);
  const [sub, id, ...rest] = a.args;
  if (sub !== undefined && sub !== 'undo')
    throw new UsageError(`Unknown "imports ${sub}": use "imports" or "imports undo ID".`);
  if (sub === 'undo') {
    if (!id || !/^\d+$/.test(id) || rest.length > 0)
      throw new UsageError('imports undo needs one import ID ("meterdesk imports" lists them).');
    assertWritablePlace(a.dbPath);
    const db = openDatabase(a.dbPath);
    try {
      assertIntact(db);
      const r = undoImport(db, createReadingsStore(db, DEFAULT_TZ), Number(id), systemClock.nowSec());
      if (a.json)
        process.stdout.write(
          JSON.stringify({
            undone: Number(id),
            meter_id: r.meterId,
            days: r.days,
            meter_removed: r.meterRemoved,
            notes_removed: r.notesRemoved,
            memberships_removed: r.membershipsRemoved,
            meter_restored: r.meterRestored?.meterId ?? null,
          }) + '\n',
        );
      else
        process.stdout.write(
          `Import ${id} undone: ${r.days} days of meter ${r.meterId} are as they were before it.${
            r.meterRemoved
              ? ` The meter it created is gone, with ${r.notesRemoved} note(s) and ${r.membershipsRemoved} community membership(s).`
              : ''
          }${r.meterRestored ? ` The merged meter ${r.meterRestored.meterId} (${r.meterRestored.label}) is back, with its readings, notes, memberships and imports.` : ''}\n`,
        );
    } finally {
      db.close();
    }
    return;
  }
  const db = openForReading(a.dbPath, (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const log = importLog(db);
    if (a.json) {
      process.stdout.write(JSON.stringify(log) + '\n');
      return;
    }
    if (log.length === 0) process.stdout.write('No imports in this database.\n');
    for (const e of log)
      process.stdout.write(
        `${e.id}  ${isoWithOffset(e.importedSec)}  ${e.format === 'merge' ? `merge of ${e.fileName}` : e.fileName}  → ${e.meterId}  ${e.readings} readings (${e.inserted} new, ${e.updated} changed, ${e.kept} kept)${e.undoneSec !== null ? '  undone' : e.undoable ? '' : '  (no undo record)'}\n`,
      );
  } finally {
    db.close();
  }
}

/**
 * `meterdesk meters rename ID NAME`, `meters site ID (SITE_ID | new:NAME [CUSTOMER_ID | new:NAME])`,
 * `meters merge FROM INTO [--replace]`, `meters delete ID --yes`: imported meters kept by the person.
 */
/** A merge's preview as lines: counts, then the first conflicting quarter-hours. */
function previewText(p: MergePreview): string {
  const lines = [
    `dry run, nothing written: ${p.offered} readings (${p.registers.join(', ')}): ${p.added} new, ${p.same} the same, ${p.conflicts} held with another value (${p.replaced > 0 ? `${p.replaced} would be replaced` : "kept; --replace takes the merged meter's"})`,
    ...p.sample.map(
      (x) =>
        `  ${x.obisCode} ${isoWithOffset(x.startSec)}: holds ${x.intoKwh} kWh, merged meter ${x.fromKwh} kWh`,
    ),
  ];
  if (p.conflicts > p.sample.length) lines.push(`  … and ${p.conflicts - p.sample.length} more`);
  return lines.join('\n') + '\n';
}

export function metersAdminCommand(a: {
  dbPath: string;
  json: boolean;
  args: string[];
  yes: boolean;
  replace: boolean;
  dryRun?: boolean;
}): void {
  const [sub, ...rest] = a.args;
  if (!existsSync(a.dbPath)) throw noDatabase(a.dbPath);
  assertWritablePlace(a.dbPath);
  const db = openDatabase(a.dbPath);
  try {
    assertIntact(db);
    const id = (x: string | undefined) => {
      if (!x)
        throw new UsageError(
          `meters ${sub} needs a meter ID or metering point ("meterdesk meters" lists them).`,
        );
      return resolveMeter(db, x).id;
    };
    let out: Record<string, unknown>;
    if (sub === 'rename') {
      if (rest.length !== 2) throw new UsageError('Usage: meterdesk meters rename ID NAME');
      renameMeter(db, id(rest[0]), rest[1]!);
      out = { renamed: id(rest[0]), label: rest[1] };
    } else if (sub === 'site') {
      const [m, site, customer] = rest;
      if (!m || !site || rest.length > 3)
        throw new UsageError('Usage: meterdesk meters site ID (SITE_ID | new:NAME [CUSTOMER_ID | new:NAME])');
      const to = site.startsWith('new:')
        ? {
            newSite: site.slice(4),
            ...(customer?.startsWith('new:')
              ? { newCustomer: customer.slice(4) }
              : customer
                ? { customerId: customer }
                : {}),
          }
        : { siteId: site };
      out = { meter: id(m), ...setMeterSite(db, id(m), to) };
    } else if (sub === 'merge') {
      if (rest.length !== 2) throw new UsageError('Usage: meterdesk meters merge FROM INTO [--replace]');
      const from = id(rest[0]);
      const into = id(rest[1]);
      if (a.dryRun) {
        const p = mergePreview(db, from, into, a.replace);
        process.stdout.write(
          a.json ? JSON.stringify({ merge: from, into, dryRun: true, ...p }) + '\n' : previewText(p),
        );
        return;
      }
      const r = mergeMeters(
        db,
        createReadingsStore(db, DEFAULT_TZ),
        from,
        into,
        systemClock.nowSec(),
        a.replace,
      );
      out = { merged: from, into, ...r };
      if (!a.json) process.stderr.write(`Undo with: meterdesk imports undo ${r.importId}\n`);
    } else if (/^(site|customer)-(rename|merge)$/.test(sub ?? '')) {
      const [kind, verb] = sub!.split('-') as ['site' | 'customer', 'rename' | 'merge'];
      if (rest.length !== 2)
        throw new UsageError(
          `Usage: meterdesk meters ${sub} ${kind.toUpperCase()}_ID ${verb === 'rename' ? 'NAME' : 'INTO_ID'} (the ids: "meterdesk meters --json")`,
        );
      out =
        verb === 'rename'
          ? { [kind]: rest[0], ...renamePlace(db, kind, rest[0]!, rest[1]!) }
          : { merged: rest[0], into: rest[1], ...mergePlaces(db, kind, rest[0]!, rest[1]!) };
    } else if (sub === 'usage') {
      // What the meter supplies (its standard profile is suggested within the class), or by its energy.
      const usage = rest[1];
      if (rest.length !== 2 || !['household', 'business', 'agriculture', 'auto'].includes(usage!))
        throw new UsageError('Usage: meterdesk meters usage ID household|business|agriculture|auto');
      const u = usage === 'auto' ? null : (usage as 'household' | 'business' | 'agriculture');
      setUsageClass(db, id(rest[0]), u);
      out = { meter: id(rest[0]), usageClass: u };
    } else if (sub === 'delete') {
      if (rest.length !== 1) throw new UsageError('Usage: meterdesk meters delete ID --yes');
      const m = id(rest[0]);
      if (!a.yes)
        throw new UsageError(
          `meters delete removes meter ${m} with all its readings and its import log: give --yes to confirm.`,
        );
      out = { deleted: m, ...deleteMeter(db, m) };
    } else
      throw new UsageError(
        `Unknown "meters ${sub}": use rename, site, usage, merge, delete, site-rename, site-merge, customer-rename or customer-merge.`,
      );
    process.stdout.write(
      (a.json
        ? JSON.stringify(out)
        : Object.entries(out)
            .map(([k, v]) => `${k}: ${String(v)}`)
            .join(', ')) + '\n',
    );
  } finally {
    db.close();
  }
}
