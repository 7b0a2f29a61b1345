/**
 * zod schemas for every service response, tolerant of the real-world variants in
 * SERVICE-CONTRACT.md §10, and the normalised shapes the rest of the core uses.
 */
import { z } from 'zod';
import { cleanText, identifierIssue, readingImplausibility, TEXT_CAPS } from '../../common/rules';
import { parseIsoSec } from '../time/local-days';
import { ReadingColumns } from './reading-columns';

/** An identifier from the service (id, metering point, register, cursor): refused when too long or unprintable. */
const ident = (max: number = TEXT_CAPS.identifier) =>
  z.string().superRefine((s, ctx) => {
    const why = identifierIssue(s, max);
    if (why) ctx.addIssue({ code: 'custom', message: `${why}` });
  });
/** A change feed's cursor: opaque, at most TEXT_CAPS.cursor printable characters (empty: none). */
const cursor = z.string().superRefine((s, ctx) => {
  const why = s === '' ? null : identifierIssue(s, TEXT_CAPS.cursor);
  if (why) ctx.addIssue({ code: 'custom', message: `the cursor ${why}; it was not stored` });
});
/** Free text from the service (labels, names, words): control characters removed, cut to its cap. */
const text = (max: number = TEXT_CAPS.label) => z.string().transform((s) => cleanText(s, max));

// Many readings of a page share timestamps (updated_at is one delivery instant): remember the last.
let lastIsoText = '';
let lastIsoSec = NaN;
const iso = z.string().transform((s, ctx) => {
  const sec = s === lastIsoText ? lastIsoSec : parseIsoSec(s);
  lastIsoText = s;
  lastIsoSec = sec;
  if (!Number.isFinite(sec)) {
    ctx.addIssue({ code: 'custom', message: `not an ISO 8601 timestamp: "${s}"` });
    return z.NEVER;
  }
  return sec;
});

const qualityNames: Record<string, number> = {
  measured: 1,
  estimated: 2,
  unreliable: 3,
  L1: 1,
  L2: 2,
  L3: 3,
};
const quality = z.union([z.number().int().min(1).max(3), z.string()]).transform((q, ctx) => {
  if (typeof q === 'number') return q;
  const n = qualityNames[q] ?? (/^[123]$/.test(q) ? Number(q) : undefined);
  if (n === undefined) {
    ctx.addIssue({ code: 'custom', message: `unknown quality "${q}"` });
    return z.NEVER;
  }
  return n;
});

export const UNNAMED_REGISTER = '(unnamed)';

/**
 * Registers (series) a meter may have. The EDA codes a meter reports are a handful (G.01, P.01, the
 * energy-community G.01T/G.02/G.03/G.03R/P.01T, per direction); a service sending thousands is broken.
 * The API client refuses a page with more; the readings store refuses more for any writer.
 */
export const MAX_SERIES_PER_METER = 64;

export { EARLIEST_PLAUSIBLE_SEC, MAX_KWH_PER_HOUR } from '../../common/rules';
/**
 * Why a reading cannot be real, or null if it can (common/rules.ts). Strictly parsed timestamps reach
 * here already (no `2025-02-31`, no year 0000). The API client checks every reading of every page with
 * it (client.ts: `readPage`), MQTT every message, the importer every row.
 */
export const implausibility = readingImplausibility;

export const readingSchema = z
  .object({
    timestamp: iso,
    timestamp_end: iso.optional(),
    value: z.union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ]),
    unit: ident(TEXT_CAPS.register).optional(),
    obis_code: ident(TEXT_CAPS.register).optional().nullable(),
    quality: quality.optional(),
    data_quality: quality.optional(),
    updated_at: iso.optional().nullable(),
  })
  .loose()
  .transform((r) => ({
    startSec: r.timestamp,
    endSec: r.timestamp_end ?? r.timestamp + 900,
    value: r.value,
    unit: r.unit,
    obisCode: r.obis_code ?? UNNAMED_REGISTER,
    quality: r.quality ?? r.data_quality ?? 1,
    updatedSec: r.updated_at ?? null,
  }))
  .refine((r) => Number.isFinite(r.value), { message: 'value must be a finite number' })
  .refine((r) => r.endSec > r.startSec, { message: 'timestamp_end must be after timestamp' });
export type ApiReading = z.output<typeof readingSchema>;

/** parseIsoSec remembering its last input: one per field, as registers repeat each quarter-hour. */
class IsoMemo {
  private text = '';
  private sec = NaN;
  parse(text: string): number {
    if (text !== this.text) {
      this.text = text;
      this.sec = parseIsoSec(text);
    }
    return this.sec;
  }
}
const startMemo = new IsoMemo();
const endMemo = new IsoMemo();
const updatedMemo = new IsoMemo();
// Registers and units repeat on every reading: the last accepted one of each.
let okObis = '';
let okUnit = '';

/**
 * The strict fast path for a reading in the service's canonical shape (string timestamps, numeric
 * value, register, integer quality 1–3, optional updated_at). Anything else returns null and is
 * validated and normalised by the full zod schema, which also produces the precise error.
 * Per-reading zod parsing costs ~5 µs: at millions of readings it dominated the sync.
 */
export function fastReading(raw: unknown): ApiReading | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  const { timestamp, timestamp_end: end, value, quality, updated_at: updated, obis_code: obis, unit } = o;
  if (typeof timestamp !== 'string' || typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (typeof obis !== 'string' || obis.length === 0 || (quality !== 1 && quality !== 2 && quality !== 3))
    return null;
  if (o.data_quality !== undefined || (unit !== undefined && typeof unit !== 'string')) return null;
  // Long or unprintable registers and units take the schema's path, which names the problem.
  if (obis !== okObis) {
    if (identifierIssue(obis, TEXT_CAPS.register)) return null;
    okObis = obis;
  }
  if (unit !== undefined && unit !== okUnit) {
    if (identifierIssue(unit, TEXT_CAPS.register)) return null;
    okUnit = unit;
  }
  const startSec = startMemo.parse(timestamp);
  if (!Number.isFinite(startSec)) return null;
  let endSec = startSec + 900;
  if (end !== undefined) {
    if (typeof end !== 'string') return null;
    endSec = endMemo.parse(end);
    if (!(endSec > startSec)) return null;
  }
  let updatedSec: number | null = null;
  if (updated !== undefined && updated !== null) {
    if (typeof updated !== 'string') return null;
    updatedSec = updatedMemo.parse(updated);
    if (!Number.isFinite(updatedSec)) return null;
  }
  return { startSec, endSec, value, unit: unit as string | undefined, obisCode: obis, quality, updatedSec };
}

/**
 * An array of readings: each through the fast path, or else through the full zod schema. The array is
 * checked as one value: `z.array(z.unknown())` ran zod's per-item machinery (two objects per reading,
 * ≈ 0.15 µs of the sync's CPU per reading; issue 46).
 */
export const readingsSchema = z
  .custom<unknown[]>((v) => Array.isArray(v), 'expected an array')
  .transform((items, ctx) => {
    const out = new Array<ApiReading>(items.length);
    for (let i = 0; i < items.length; i++) {
      let r = fastReading(items[i]);
      if (!r) {
        const parsed = readingSchema.safeParse(items[i]);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          ctx.addIssue({
            code: 'custom',
            path: [i, ...(issue?.path ?? [])] as (string | number)[],
            message: issue?.message ?? 'not a reading',
          });
          return z.NEVER;
        }
        r = parsed.data;
      }
      out[i] = r;
    }
    return out;
  });

export const meterSchema = z
  .object({
    id: ident(),
    metering_point: ident().optional(),
    metering_point_number: ident().optional(),
    label: text().nullable().optional(),
    display_name: text().nullable().optional(),
    energy_direction: text(TEXT_CAPS.word).optional(),
    granularity: text(TEXT_CAPS.word).optional(),
    commodity: text(TEXT_CAPS.word).optional(),
    status: text(TEXT_CAPS.word).optional(),
    site_id: ident().nullable().optional(),
    is_demo: z.boolean().optional(),
    latest_data_at: iso.nullable().optional(),
    created_at: iso.nullable().optional(),
    obis_codes: z.array(ident(TEXT_CAPS.register)).max(64).optional(),
    consent: z
      .object({ state: text(TEXT_CAPS.word).optional(), expires_at: iso.nullable().optional() })
      .loose()
      .nullable()
      .optional(),
  })
  .loose()
  .transform((m) => ({
    id: m.id,
    meteringPoint: m.metering_point ?? m.metering_point_number ?? m.id,
    label: m.label ?? m.display_name ?? null,
    energyDirection: m.energy_direction ?? 'consumption',
    granularity: m.granularity ?? 'quarter_hour',
    commodity: m.commodity ?? ((m.obis_codes ?? []).some((c) => c.startsWith('7-')) ? 'gas' : 'electricity'),
    /** Whether the service said (a commodity, or the registers); if not, the sync infers it from what arrives. */
    commodityStated: m.commodity !== undefined || (m.obis_codes ?? []).length > 0,
    status: m.status ?? 'unknown',
    siteId: m.site_id ?? null,
    isDemo: m.is_demo ?? false,
    latestDataSec: m.latest_data_at ?? null,
    createdSec: m.created_at ?? null,
    registers: m.obis_codes ?? [],
    consentState: m.consent?.state ?? null,
    consentExpiresSec: m.consent?.expires_at ?? null,
    raw: m as Record<string, unknown>,
  }));
export type ApiMeter = z.output<typeof meterSchema>;

/** A meter list: `{data}`, or a page of one (`{object:"list", data, has_more}`) to follow. */
export const meterListSchema = z
  .object({ data: z.array(meterSchema), has_more: z.boolean().optional() })
  .loose();

const breakdown = z.object({ measured: z.number(), estimated: z.number(), unreliable: z.number() }).loose();

/**
 * One page of readings in any envelope the service is known to use: the spec's feed page
 * `{unit, data, next_cursor}`, ours with `has_more`, the documented window form `{data, meta}` and the
 * `data_window` envelope `{object, data, is_truncated, next_cursor}`. What the page says about further
 * pages is kept as it says it: `more` is null when the page says nothing, never a guessed "no".
 */
const pageOf = (data: z.ZodType<ReadingColumns, unknown>) =>
  z
    .object({
      unit: ident(TEXT_CAPS.register).optional(),
      data,
      object: z.string().optional(),
      next_cursor: cursor.nullable().optional(),
      has_more: z.boolean().optional(),
      is_truncated: z.boolean().optional(),
      meta: z
        .object({
          total_records: z.number().int().min(0).optional(),
          data_completeness: z.number().optional(),
          quality_breakdown: breakdown.optional(),
          is_truncated: z.boolean().optional(),
          next_cursor: cursor.nullable().optional(),
        })
        .loose()
        .optional(),
    })
    .loose()
    .transform((p) => {
      // A register without a unit of its own has the page's.
      p.data.defaultUnit(p.unit ?? 'kWh');
      return {
        readings: p.data,
        /** The cursor the page hands out (an empty string counts as none); null when it gives none. */
        nextCursor: p.next_cursor || p.meta?.next_cursor || null,
        /** true/false as the page states it (`has_more` or `is_truncated`); null when it states nothing. */
        more: p.has_more ?? p.is_truncated ?? p.meta?.is_truncated ?? null,
        /** The `data_window` envelope, whose last page's cursor continues as the change feed. */
        isDataWindow: p.object === 'data_window',
        /** Records the service says the requested range holds (`meta.total_records`), when it says so. */
        totalRecords: p.meta?.total_records ?? null,
        completeness: p.meta?.data_completeness ?? null,
        qualityBreakdown: p.meta?.quality_breakdown ?? null,
        /** The service's clock when it answered (its `Date` header), set by the client; null if unknown. */
        servedSec: null as number | null,
      };
    });
export const pageSchema = pageOf(readingsSchema.transform((rows) => ReadingColumns.of(rows)));
/** A page whose readings the page reader (page-reader.ts) read from its bytes: its envelope checked. */
export const readPageSchema = pageOf(z.custom<ReadingColumns>((v) => v instanceof ReadingColumns));
export type ApiPage = z.output<typeof pageSchema>;

export const accountSchema = z
  .object({
    team: z.string(),
    plan: z.string().nullable().optional(),
    scopes: z.array(z.string()).optional(),
  })
  .loose();

export const errorBodySchema = z
  .object({
    error: z
      .object({ type: z.string().optional(), code: z.string().optional(), message: z.string().optional() })
      .loose(),
  })
  .loose();

export const listPageSchema = z
  .object({ data: z.array(z.record(z.string(), z.unknown())), has_more: z.boolean().optional() })
  .loose();

export const customerSchema = z
  .object({ id: ident(), name: text(), email: text().nullable().optional() })
  .loose();
export const siteSchema = z
  .object({
    id: ident(),
    customer_id: ident().nullable().optional(),
    name: text(),
    address: text().nullable().optional(),
  })
  .loose();

export const mqttSettingsSchema = z
  .object({ url: z.string(), username: z.string(), password: z.string(), topic_prefix: z.string() })
  .loose();

export const consentResponseSchema = z
  .object({
    consent: z.object({ id: z.string(), state: z.string(), expires_at: z.string().optional() }).loose(),
  })
  .loose();

/**
 * zod compiles a schema on its first use (tens of ms in one go). Running every response schema once on
 * a small sample when the client is created moves that cost to start-up instead of into a sync.
 */
let warmedUp = false;
export function warmUpSchemas(): void {
  if (warmedUp) return;
  warmedUp = true;
  const reading = {
    timestamp: '2025-01-01T00:00:00+01:00',
    timestamp_end: '2025-01-01T00:15:00+01:00',
    value: 0.1,
    obis_code: '1-1:1.9.0 G.01',
    quality: 1,
    updated_at: '2025-01-02T06:00:00+01:00',
  };
  const variant = { timestamp: '2024-12-31T23:00:00Z', value: '0.1', quality: 'measured' };
  for (let i = 0; i < 3; i++) {
    pageSchema.safeParse({ unit: 'kWh', data: [reading, variant], next_cursor: 'x', has_more: false });
    pageSchema.safeParse({ data: [reading, variant], meta: { is_truncated: false } });
    meterListSchema.safeParse({ data: [{ id: 'a', metering_point: 'AT1', status: 'connected' }] });
  }
}
