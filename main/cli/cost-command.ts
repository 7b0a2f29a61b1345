/**
 * `meterdesk cost` and `meterdesk battery`: the app's cost and battery answers for automation, from the
 * same code (main/cost/), printed as the app's result objects (JSON) or as a short table.
 * Tariffs come from the profile (`--tariff-id`) or from a JSON file (`--tariff FILE`: one tariff or an
 * array, checked against the app's schema); `--prices FILE` imports a spot price file into the profile
 * first. Without `--from`/`--to`: the last twelve complete months the data covers, or its own span (said).
 */
import { DoorRefusal, parseJsonBounded, SMALL_JSON_LIMITS } from '../doors/json-bytes';
import { noReadings } from './refusals';
import { registersOfMeter } from '../db/profile-stats';
import { MAX_PRICE_FILE_BYTES } from '../../common/rules';
import { basename, join } from 'node:path';
import { billSchema, tariffSchema, type Tariff } from '../../preload/contract';
import { createCostService, defaultRange } from '../cost/cost-service';
import { presetOf } from '../cost/presets';
import { mainRegister } from '../analysis/frame';
import { reconcileBill, type Bill } from '../cost/bill';
import { openForReading } from '../db/open';
import { createProfileRegistry } from '../profiles/registry';
import {
  dayKey,
  dayNumberOfKey,
  dayStartSec,
  DEFAULT_TZ,
  isoWithOffset,
  parseIsoSec,
} from '../time/local-days';
import { resolveMeter } from './lists-command';
import { readOptionFile, UsageError } from './usage-error';
import { billReasonLine, cliLanguage } from './cli-words';
import { systemClock } from '../time/clock';
import { metersOfSite } from '../db/meter-reads';
import { powerScenario } from '../cost/power-scenario';

export interface CostArgs {
  dataDir: string;
  profile?: string;
  json: boolean;
  meter?: string;
  register?: string[];
  site?: string;
  from?: string;
  to?: string;
  tariff?: string[];
  tariffId?: string[];
  tariffPreset?: string[];
  feedInTariff?: string;
  feedInTariffId?: string;
  prices?: string;
  capacity?: string;
  power?: string;
  efficiency?: string;
  minSoc?: string;
  sweepMax?: string;
  shift?: string;
  powerPrice?: string;
  powerMin?: string;
  powerWindow?: string;
}

export function dbPathOf(a: Pick<CostArgs, 'dataDir' | 'profile'> & { json?: boolean }): string {
  if (!a.profile) return join(a.dataDir, 'meterdesk.sqlite');
  const registry = createProfileRegistry(a.dataDir);
  const p = registry.list().find((x) => x.id === a.profile || x.name === a.profile);
  if (!p) throw new UsageError(`No profile "${a.profile}" in ${a.dataDir}.`);
  return registry.dbPath(p.id);
}

/** A file the CLI was pointed at, refused before it is read when it is larger than any door takes. */
export function readCapped(option: string, path: string): Buffer {
  return readOptionFile(option, path, MAX_PRICE_FILE_BYTES);
}

/** A JSON file the door refused, in words: not JSON, or more than such a file ever holds. */
function jsonFileRefusal(option: string, path: string, what: string, err: unknown): UsageError {
  if (err instanceof DoorRefusal && err.kind !== 'not_json')
    return new UsageError(`${option} ${path}: it holds ${err.message}; no ${what} file does.`);
  return new UsageError(`${option} ${path}: not JSON (${(err as Error).message}).`);
}

function tariffsFromFile(path: string): Tariff[] {
  let doc: unknown;
  try {
    doc = parseJsonBounded(readCapped('--tariff', path), MAX_PRICE_FILE_BYTES, SMALL_JSON_LIMITS);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw jsonFileRefusal('--tariff', path, 'tariff', err);
  }
  return (Array.isArray(doc) ? doc : [doc]).map((t, i) => {
    const r = tariffSchema.safeParse(t);
    if (!r.success)
      throw new UsageError(
        `--tariff ${path}, tariff ${i + 1}: ${r.error.issues
          .slice(0, 3)
          .map((x) => `${x.path.join('.') || 'tariff'}: ${x.message}`)
          .join('; ')}`,
      );
    return r.data;
  });
}

const number = (v: string | undefined, name: string, fallback?: number): number => {
  if (v === undefined) {
    if (fallback === undefined) throw new UsageError(`${name} is required.`);
    return fallback;
  }
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`${name} must be a number ≥ 0.`);
  return n;
};

/**
 * A `--from`/`--to` value as an instant: a day (`2026-06-01`) is its local midnight — for `--to` the
 * midnight after it, so the day is included, as the dialog's "bis (einschließlich)" (issue 64); an ISO
 * timestamp with Z or an offset is itself (an end, excluded).
 */
function instantOf(text: string, end: 'from' | 'to'): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return parseIsoSec(text);
  let day: number;
  try {
    day = dayNumberOfKey(text);
  } catch {
    return NaN;
  }
  if (dayKey(day) !== text) return NaN; // 2026-02-30
  return dayStartSec(end === 'to' ? day + 1 : day, DEFAULT_TZ);
}

function rangeOf(
  a: CostArgs,
  db: Parameters<typeof defaultRange>[0],
  meterIds: string[],
): { fromSec: number; toSec: number; kind?: 'months' | 'span' | 'none' } {
  if (!a.from && !a.to) return defaultRange(db, meterIds, DEFAULT_TZ, systemClock.nowSec());
  const fromSec = instantOf(a.from ?? '', 'from');
  const toSec = instantOf(a.to ?? '', 'to');
  if (!Number.isFinite(fromSec) || !Number.isFinite(toSec) || toSec <= fromSec)
    throw new UsageError(
      cliLanguage(process.argv.slice(2)) === 'de'
        ? '--from und --to sind Tage (2026-06-01; der Tag von --to ist eingeschlossen, wie „bis (einschließlich)“ im Dialog) oder ISO-8601-Zeitpunkte mit Z oder Versatz (--to ist dann das Ende, ausgeschlossen); --to nach --from.'
        : '--from and --to are days (2026-06-01; the --to day is included, as "to (inclusive)" in the dialog) or ISO 8601 timestamps with Z or an offset (--to is then the end, excluded); --to after --from.',
    );
  if (toSec - fromSec > 4 * 366 * 86_400)
    throw new UsageError('Choose --from and --to at most 4 years apart.');
  return { fromSec, toSec };
}

/** `cost --power-price`: the months under a power price on their highest quarter-hour (2027 ahead). */
function powerScenarioCommand(
  db: Parameters<typeof powerScenario>[0],
  a: CostArgs,
  meterId: string,
  obisCode: string,
) {
  const w = a.powerWindow ? /^(\d{1,2})-(\d{1,2})$/.exec(a.powerWindow) : null;
  if (a.powerWindow && (!w || Number(w[1]) > 23 || Number(w[2]) > 24 || w[1] === w[2]))
    throw new UsageError('--power-window takes local hours FROM-TO, e.g. 17-20.');
  const r = powerScenario(
    db,
    {
      meterId,
      obisCode,
      ...rangeOf(a, db, [meterId]),
      eurPerKwMonth: number(a.powerPrice, '--power-price'),
      minKw: number(a.powerMin, '--power-min', 2),
      window: w ? { fromHour: Number(w[1]), toHour: Number(w[2]) } : null,
    },
    systemClock.nowSec(),
    DEFAULT_TZ,
  );
  if (a.json) process.stdout.write(JSON.stringify(r) + '\n');
  else {
    for (const m of r.months)
      process.stdout.write(
        `  ${m.month}${m.share < 1 ? ` (${Math.round(m.share * 100)} %)` : ''}: peak ${m.peakKw ?? '–'} kW, billed ${m.billedKw} kW, ${m.eur.toFixed(2)} EUR\n`,
      );
    process.stdout.write(
      `total ${r.totalEur.toFixed(2)} EUR (net), mean billed ${r.meanBilledKw ?? '–'} kW\n`,
    );
  }
}

/** Which period a command ran over: the one given, or the one the data chose (cost/cost-service.ts). */
function periodWords(range: { fromSec: number; kind?: 'months' | 'span' | 'none' }): string {
  if (range.kind === 'months') return 'no period given: the last complete months of data';
  if (range.kind === 'span') return "no period given: the data's own span";
  if (range.kind === 'none') return 'no period given and no data: the last twelve months';
  return 'the period given';
}
const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const day = (sec: number) => DAY.format(new Date(sec * 1000));

const eur = (v: number | null) => (v === null || !Number.isFinite(v) ? '–' : v.toFixed(2));

export function costCommand(command: 'cost' | 'battery', a: CostArgs): void {
  const db = openForReading(dbPathOf(a), (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const svc = createCostService(db, DEFAULT_TZ, systemClock);
    const now = systemClock.nowSec();
    let pricesId: string | null = null;
    if (a.prices) pricesId = svc.importPrices(basename(a.prices), readCapped('--prices', a.prices), now).id;
    if (command === 'cost') {
      if (!a.meter) throw new UsageError('cost needs --meter ID|METERING_POINT.');
      const meterId = resolveMeter(db, a.meter).id;
      const registers = registersOfMeter(db, meterId);
      if (registers.length === 0) throw noReadings(a.meter);
      const obisCode = a.register?.[0] ?? registers.find((r) => r.endsWith('G.01')) ?? registers[0]!;
      if (a.powerPrice !== undefined) return powerScenarioCommand(db, a, meterId, obisCode);
      const presets = (a.tariffPreset ?? []).map((id) => {
        const p = presetOf(id);
        if (!p)
          throw new UsageError(
            `--tariff-preset ${id}: no such preset ("meterdesk tariffs --presets" lists them).`,
          );
        return p;
      });
      const fileTariffs = [...(a.tariff ?? []).flatMap(tariffsFromFile), ...presets];
      if (fileTariffs.length + (a.tariffId?.length ?? 0) === 0)
        throw new UsageError('cost needs --tariff FILE, --tariff-id ID or --tariff-preset ID.');
      const range = rangeOf(a, db, [meterId]);
      const r = svc.cost(
        {
          meterId,
          obisCode,
          ...range,
          tariffIds: a.tariffId ?? [],
          shiftPercent: number(a.shift, '--shift', 10),
        },
        fileTariffs,
      );
      if (a.json) process.stdout.write(JSON.stringify({ ...r, priceSeriesImported: pricesId }) + '\n');
      else {
        process.stdout.write(
          `${a.meter} ${obisCode}: ${r.kwh} kWh, ${isoWithOffset(r.fromSec)} – ${isoWithOffset(r.toSec)} (${periodWords(range)})\n`,
        );
        for (const t of r.tariffs) {
          process.stdout.write(
            `  ${t.name}: ${eur(t.total.totalEur)} EUR (${t.total.meanCentsPerKwh ?? '–'} ct/kWh)${r.bestTariffId === t.tariffId ? '  ← best' : ''}${t.unpricedQuarterHours > t.outsideValidity ? `  (${t.unpricedQuarterHours - t.outsideValidity} quarter-hours without a price)` : ''}${t.outsideValidity ? `  (partial: ${t.outsideValidity} quarter-hours outside a validity, not charged)` : ''}\n`,
          );
          // A combined tariff: each part with its own total and what it left out.
          for (const p of t.parts ?? [])
            process.stdout.write(
              `    ${p.role} ${p.name} (${p.validFrom ?? '…'} – ${p.validTo ?? '…'}): ${eur(p.totalEur)} EUR${p.outsideValidity ? `, ${p.outsideValidity} quarter-hours outside its validity, not charged` : ''}${p.unpricedQuarterHours > p.outsideValidity ? `, ${p.unpricedQuarterHours - p.outsideValidity} without a price` : ''}\n`,
            );
        }
      }
      return;
    }
    if (!a.site) throw new UsageError('battery needs --site ID.');
    const meterIds = metersOfSite(db, a.site).map((m) => m.id);
    const range = rangeOf(a, db, meterIds);
    const cons = a.tariff ? tariffsFromFile(a.tariff[0]!)[0] : undefined;
    const feed = a.feedInTariff ? tariffsFromFile(a.feedInTariff)[0] : undefined;
    const r = svc.battery(
      {
        siteId: a.site,
        ...range,
        capacityKwh: number(a.capacity, '--capacity'),
        powerKw: number(a.power, '--power'),
        efficiency: Math.min(1, Math.max(0.5, number(a.efficiency, '--efficiency', 0.9))),
        minSocPercent: Math.min(90, number(a.minSoc, '--min-soc', 10)),
        sweepMaxKwh: number(a.sweepMax, '--sweep-max', 20),
        consumptionTariffId: a.tariffId?.[0] ?? null,
        feedInTariffId: a.feedInTariffId ?? null,
      },
      { consumption: cons, feedIn: feed },
    );
    if (a.json) process.stdout.write(JSON.stringify({ ...r, period: periodWords(range) }) + '\n');
    else {
      process.stdout.write(
        `site ${a.site}: ${r.capacityKwh} kWh / ${r.powerKw} kW → import ${r.importBeforeKwh} → ${r.importAfterKwh} kWh, export ${r.exportBeforeKwh} → ${r.exportAfterKwh} kWh, ${r.fullCycles} cycles, savings ${eur(r.savingsEur)} EUR; knee at ${r.kneeCapacityKwh ?? '–'} kWh\n`,
      );
      process.stdout.write(`  ${periodWords(range)}: ${day(r.fromSec)} – ${day(r.toSec - 1)} simulated\n`);
      for (const w of r.warnings)
        if (w.code === 'little_data')
          process.stderr.write(
            `warning: the period holds little data: ${w.missing} of ${w.quarterHours} quarter-hours lack a reading. Choose a period the data covers (--from/--to).\n`,
          );
    }
  } finally {
    db.close();
  }
}

/**
 * A bill file (`--bill FILE.json`, the templates in docs/bills/): checked by the schema the app's dialog
 * passes (preload/bill-contract.ts), each refusal naming the field.
 */
function billFromFile(path: string): Bill {
  let raw: unknown;
  try {
    raw = parseJsonBounded(readCapped('--bill', path), MAX_PRICE_FILE_BYTES, SMALL_JSON_LIMITS);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw jsonFileRefusal('--bill', path, 'bill', err);
  }
  const parsed = billSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || 'the file';
  throw new UsageError(
    `--bill ${path}: "${field}": ${issue.message}${field === 'kwh' || field === 'totalEur' ? ' (the kWh and the total are required: fill them in from the bill)' : ''}.`,
  );
}

/** `meterdesk bill`: a bill's lines beside Meterdesk's own for the same period and tariff (cost/bill.ts). */
export function billCommand(a: CostArgs & { bill?: string }): void {
  if (!a.meter || !a.from || !a.to || !a.bill)
    throw new UsageError('bill needs --meter, --from, --to, a tariff and --bill FILE.json.');
  const bill = billFromFile(a.bill);
  const db = openForReading(dbPathOf(a), (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const meterId = resolveMeter(db, a.meter).id;
    const obisCode = a.register?.[0] ?? mainRegister(db, meterId)?.obis_code;
    if (!obisCode) throw noReadings(String(a.meter));
    const store = createCostService(db, DEFAULT_TZ, systemClock).store;
    const tariff =
      (a.tariffPreset?.[0] && presetOf(a.tariffPreset[0])) ||
      (a.tariffId?.[0] && store.get(a.tariffId[0])) ||
      (a.tariff?.[0] && tariffsFromFile(a.tariff[0])[0]) ||
      null;
    if (!tariff)
      throw new UsageError('bill needs one tariff: --tariff FILE, --tariff-id ID or --tariff-preset ID.');
    const range = rangeOf(a, db, [meterId]);
    const r = reconcileBill(
      db,
      { meterId, obisCode, ...range, tariff, bill },
      systemClock.nowSec(),
      DEFAULT_TZ,
    );
    if (a.json) {
      process.stdout.write(JSON.stringify(r) + '\n');
      return;
    }
    process.stdout.write(`${a.meter} ${obisCode} under ${tariff.name}:\n`);
    process.stdout.write(`  line        bill        Meterdesk   difference\n`);
    for (const l of r.lines)
      process.stdout.write(
        `  ${l.line.padEnd(10)}  ${(l.bill === null ? '–' : String(l.bill)).padStart(10)}  ${String(l.ours).padStart(10)}  ${(l.difference === null ? '–' : String(l.difference)).padStart(10)}\n`,
      );
    for (const p of r.parts)
      process.stdout.write(
        `  ${p.line === 'grid' ? 'grid  ' : 'levies'} ${(p.label ?? (p.names.join(', ') || p.key)).slice(0, 52).padEnd(52)}  ${(p.bill === null ? '–' : String(p.bill)).padStart(10)}  ${String(p.ours).padStart(10)}  ${(p.difference === null ? '–' : String(p.difference)).padStart(10)}\n`,
      );
    const lang = cliLanguage(process.argv.slice(2));
    for (const x of r.reasons) process.stdout.write(`  ${billReasonLine(x, r.parts, lang)}\n`);
  } finally {
    db.close();
  }
}
