/**
 * The contract generations the demo service speaks (`--contract spec|current|ours`), so the client is
 * tested against every shape the real service is known to use, not only against our own decisions:
 *
 * - `spec`: exactly `shared/spec/service-spec.md` and nothing more: the team surface with
 *   `metering_point`; data by range as `{data, meta}` with no pagination fields; cursor-sync pages
 *   `{unit, data, next_cursor}` (no `has_more` / `is_truncated`: a page with data is never the last);
 *   no customers, sites, metering points or account endpoints; no rate-limit headers; error bodies
 *   are plain text (their shape is "not shown").
 * - `current`: the real service's current generation as SERVICE-CONTRACT.md §10 lists it:
 *   `smart_meter` objects with `metering_point_number`, `label` and `display_name`; legacy team URLs
 *   answer 308 to `/api/v1/smart-meters…`; one data endpoint speaks the `data_window` envelope
 *   (`is_truncated`, `next_cursor`, the cursor omitted on an empty page) for window reads (`from`+`to`,
 *   whose last cursor continues as the change feed) and the feed; without a cursor and without
 *   `from`+`to` it answers 400; quality as an integer on a meter's first register and as a name on the
 *   others, which also come without `updated_at`; gas readings come without `obis_code`;
 *   `Energiedaten-Version` is accepted; errors are `{error:{type,code,message}}`.
 * - `ours`: the decisions in SERVICE-CONTRACT.md §1–9 (the default).
 */
import type { DemoMeter } from './catalog';
import type { DemoReading } from './readings';
import type { DemoState } from './state';
import { isoUtc, isoWithOffset } from '../time/local-days';

export const generations = ['spec', 'current', 'ours'] as const;
export type Generation = (typeof generations)[number];

export function isGeneration(text: string): text is Generation {
  return (generations as readonly string[]).includes(text);
}

const QUALITY_NAME = { 1: 'measured', 2: 'estimated', 3: 'unreliable' } as const;

/**
 * The register name a reading carries on the wire, or null where the generation sends the reading
 * without `obis_code` (the `current` generation's gas readings: one unnamed series).
 */
export function wireRegister(gen: Generation, meter: DemoMeter, register: string): string | null {
  return gen === 'current' && meter.commodity === 'gas' ? null : register;
}

/** Whether the generation sends this register's readings with a quality name and no `updated_at`. */
function isLegacyRegister(gen: Generation, meter: DemoMeter, register: string): boolean {
  return gen === 'current' && meter.registers.indexOf(register) > 0;
}

export function meterJson(state: DemoState, m: DemoMeter): Record<string, unknown> {
  const latest = state.latestDataSec(m);
  const latestAt = latest === null ? null : isoUtc(latest);
  const gen = state.generation;
  if (gen === 'spec')
    return {
      id: m.id,
      metering_point: m.metering_point,
      energy_direction: m.energy_direction,
      granularity: m.granularity,
      status: m.status,
      latest_data_at: latestAt,
      created_at: isoUtc(m.created_sec),
    };
  const consent = [...state.consents.values()].filter((c) => c.meterId === m.id).at(-1);
  const consentJson = consent
    ? { id: consent.id, state: consent.state, expires_at: isoUtc(consent.expiresSec) }
    : null;
  if (gen === 'current')
    return {
      object: 'smart_meter',
      id: m.id,
      metering_point_number: m.metering_point,
      label: m.label,
      display_name: m.label,
      energy_direction: m.energy_direction,
      granularity: m.granularity,
      commodity: m.commodity,
      status: m.status,
      site_id: m.site_id,
      latest_data_at: latestAt,
      created_at: isoUtc(m.created_sec),
      consent: consentJson,
    };
  return {
    id: m.id,
    metering_point: m.metering_point,
    label: m.label,
    energy_direction: m.energy_direction,
    granularity: m.granularity,
    commodity: m.commodity,
    status: m.status,
    site_id: m.site_id,
    is_demo: m.is_demo,
    obis_codes: m.registers,
    latest_data_at: latestAt,
    created_at: isoUtc(m.created_sec),
    consent: consentJson,
  };
}

/** A reading of a window read (team surface, or the `current` generation's window on its data endpoint). */
export function windowReadingJson(gen: Generation, r: DemoReading, tz: string): Record<string, unknown> {
  if (gen !== 'current')
    return {
      timestamp: isoUtc(r.startSec),
      timestamp_end: isoUtc(r.endSec),
      value: r.value,
      unit: 'kWh',
      obis_code: r.register,
      quality: r.quality,
    };
  return currentReadingJson(r, tz, false);
}

/** A reading of a feed page (the cursor-sync surface): timestamps with the zone's UTC offset. */
export function feedReadingJson(
  r: DemoReading,
  tz: string,
  gen: Generation = 'ours',
): Record<string, unknown> {
  if (gen === 'current') return currentReadingJson(r, tz, true);
  return {
    timestamp: isoWithOffset(r.startSec, tz),
    timestamp_end: isoWithOffset(r.endSec, tz),
    value: r.value,
    obis_code: r.register,
    quality: r.quality,
    updated_at: isoWithOffset(r.updatedSec, tz),
  };
}

function currentReadingJson(r: DemoReading, tz: string, withOffset: boolean): Record<string, unknown> {
  const time = (sec: number) => (withOffset ? isoWithOffset(sec, tz) : isoUtc(sec));
  const legacy = isLegacyRegister('current', r.meter, r.register);
  const register = wireRegister('current', r.meter, r.register);
  return {
    timestamp: time(r.startSec),
    timestamp_end: time(r.endSec),
    value: r.value,
    unit: 'kWh',
    ...(register === null ? {} : { obis_code: register }),
    quality: legacy ? QUALITY_NAME[r.quality] : r.quality,
    ...(legacy ? {} : { updated_at: isoWithOffset(r.updatedSec, tz) }),
  };
}

/** The `current` generation's page envelope; `next_cursor` is omitted on an empty page. */
export function dataWindowJson(
  gen: Generation,
  readings: readonly DemoReading[],
  tz: string,
  asFeed: boolean,
  isTruncated: boolean,
  nextCursor: string,
): Record<string, unknown> {
  return {
    object: 'data_window',
    data: readings.map((r) => (asFeed ? feedReadingJson(r, tz, gen) : windowReadingJson(gen, r, tz))),
    is_truncated: isTruncated,
    ...(readings.length === 0 ? {} : { next_cursor: nextCursor }),
  };
}

/** A list in the generation's form: `{data}` (spec), `{object:"list", …}` (current), paginated (ours). */
export function listJson<T>(
  gen: Generation,
  page: { data: T[]; page: number; per_page: number; has_more: boolean },
): Record<string, unknown> {
  return gen === 'current' ? { object: 'list', ...page } : page;
}
