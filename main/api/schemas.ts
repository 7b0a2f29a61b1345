/**
 * zod schemas for every service response, tolerant of the real-world variants in
 * SERVICE-CONTRACT.md §10, and the normalised shapes the rest of the core uses.
 */
import { z } from 'zod';
import { parseIsoSec } from '../time/local-days';

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
    unit: z.string().optional(),
    obis_code: z.string().min(1).optional().nullable(),
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

/** An array of readings: each through the fast path, or else through the full zod schema. */
export const readingsSchema = z.array(z.unknown()).transform((items, ctx) => {
  const out = new Array<ApiReading>(items.length);
  for (let i = 0; i < items.length; i++) {
    const fast = fastReading(items[i]);
    if (fast) {
      out[i] = fast;
      continue;
    }
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
    out[i] = parsed.data;
  }
  return out;
});

export const meterSchema = z
  .object({
    id: z.string().min(1),
    metering_point: z.string().optional(),
    metering_point_number: z.string().optional(),
    label: z.string().nullable().optional(),
    display_name: z.string().nullable().optional(),
    energy_direction: z.string().optional(),
    granularity: z.string().optional(),
    commodity: z.string().optional(),
    status: z.string().optional(),
    site_id: z.string().nullable().optional(),
    is_demo: z.boolean().optional(),
    latest_data_at: iso.nullable().optional(),
    created_at: iso.nullable().optional(),
    obis_codes: z.array(z.string()).optional(),
    consent: z
      .object({ state: z.string().optional(), expires_at: iso.nullable().optional() })
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

export const meterListSchema = z.object({ data: z.array(meterSchema) }).loose();

const breakdown = z.object({ measured: z.number(), estimated: z.number(), unreliable: z.number() }).loose();

/** Team-surface window read, in the documented `{data, meta}` form or the `data_window` envelope. */
export const windowSchema = z
  .object({
    data: readingsSchema,
    meta: z
      .object({
        total_records: z.number().optional(),
        data_completeness: z.number().optional(),
        quality_breakdown: breakdown.optional(),
        is_truncated: z.boolean().optional(),
        next_cursor: z.string().nullable().optional(),
      })
      .loose()
      .optional(),
    object: z.string().optional(),
    is_truncated: z.boolean().optional(),
    next_cursor: z.string().nullable().optional(),
  })
  .loose()
  .transform((w) => ({
    readings: w.data,
    isTruncated: w.meta?.is_truncated ?? w.is_truncated ?? false,
    nextCursor: w.meta?.next_cursor ?? w.next_cursor ?? null,
    completeness: w.meta?.data_completeness ?? null,
    qualityBreakdown: w.meta?.quality_breakdown ?? null,
    totalRecords: w.meta?.total_records ?? w.data.length,
  }));
export type ApiWindow = z.output<typeof windowSchema>;

/** Cursor-sync page. `next_cursor` may be omitted on an empty page (keep the previous one). */
export const feedSchema = z
  .object({
    unit: z.string().optional(),
    data: readingsSchema,
    next_cursor: z.string().nullable().optional(),
    has_more: z.boolean().optional(),
  })
  .loose()
  .transform((f) => {
    // Set the unit in place: a page holds thousands of readings, copies cost GC time.
    const unit = f.unit ?? 'kWh';
    for (const r of f.data) r.unit ??= unit;
    return { unit, readings: f.data, nextCursor: f.next_cursor ?? null, hasMore: f.has_more ?? false };
  });
export type ApiFeedPage = z.output<typeof feedSchema>;

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
  .object({ id: z.string(), name: z.string(), email: z.string().nullable().optional() })
  .loose();
export const siteSchema = z
  .object({
    id: z.string(),
    customer_id: z.string().nullable().optional(),
    name: z.string(),
    address: z.string().nullable().optional(),
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
    feedSchema.safeParse({ unit: 'kWh', data: [reading, variant], next_cursor: 'x', has_more: false });
    windowSchema.safeParse({ data: [reading, variant], meta: { is_truncated: false } });
    meterListSchema.safeParse({ data: [{ id: 'a', metering_point: 'AT1', status: 'connected' }] });
  }
}
