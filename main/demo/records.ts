/**
 * JSON shapes of the demo service: meters, readings on both surfaces, the cursor, push payloads.
 */
import type { DemoMeter } from './catalog';
import type { DemoReading } from './readings';
import type { DemoState } from './state';
import { isoUtc, isoWithOffset } from '../time/local-days';
import { HttpError } from './http-errors';

export function meterJson(state: DemoState, m: DemoMeter): Record<string, unknown> {
  const latest = state.latestDataSec(m);
  const consent = [...state.consents.values()].filter((c) => c.meterId === m.id).at(-1);
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
    latest_data_at: latest === null ? null : isoUtc(latest),
    created_at: isoUtc(m.created_sec),
    consent: consent
      ? { id: consent.id, state: consent.state, expires_at: isoUtc(consent.expiresSec) }
      : null,
  };
}

export function teamReadingJson(r: DemoReading): Record<string, unknown> {
  return {
    timestamp: isoUtc(r.startSec),
    timestamp_end: isoUtc(r.endSec),
    value: r.value,
    unit: 'kWh',
    obis_code: r.register,
    quality: r.quality,
  };
}

export function feedReadingJson(r: DemoReading, tz: string): Record<string, unknown> {
  return {
    timestamp: isoWithOffset(r.startSec, tz),
    timestamp_end: isoWithOffset(r.endSec, tz),
    value: r.value,
    obis_code: r.register,
    quality: r.quality,
    updated_at: isoWithOffset(r.updatedSec, tz),
  };
}

/** JSON text of each register name (they never change; escaping once is enough). */
const registerJson = new Map<string, string>();

/**
 * The feed page's JSON text, written directly: byte-for-byte what JSON.stringify gives for
 * `{unit, data: readings.map(feedReadingJson), next_cursor, has_more}` (pinned by a test), without
 * building an object per reading. A sync of millions of readings spent most of the service's time there.
 */
export function feedPageJson(
  readings: readonly DemoReading[],
  tz: string,
  nextCursor: string,
  hasMore: boolean,
): string {
  const parts = new Array<string>(readings.length);
  // Registers of one quarter-hour come together and end where the next begins: remember the last texts.
  let startSec = NaN;
  let startText = '';
  let endSec = NaN;
  let endText = '';
  let updSec = NaN;
  let updText = '';
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i]!;
    if (r.startSec !== startSec) {
      startSec = r.startSec;
      startText = r.startSec === endSec ? endText : isoWithOffset(r.startSec, tz);
    }
    if (r.endSec !== endSec) {
      endSec = r.endSec;
      endText = isoWithOffset(r.endSec, tz);
    }
    if (r.updatedSec !== updSec) {
      updSec = r.updatedSec;
      updText = isoWithOffset(r.updatedSec, tz);
    }
    let reg = registerJson.get(r.register);
    if (reg === undefined) registerJson.set(r.register, (reg = JSON.stringify(r.register)));
    parts[i] =
      '{"timestamp":"' +
      startText +
      '","timestamp_end":"' +
      endText +
      '","value":' +
      JSON.stringify(r.value) +
      ',"obis_code":' +
      reg +
      ',"quality":' +
      r.quality +
      ',"updated_at":"' +
      updText +
      '"}';
  }
  return `{"unit":"kWh","data":[${parts.join(',')}],"next_cursor":${JSON.stringify(nextCursor)},"has_more":${hasMore}}`;
}

/** Position in a meter's change feed: delivery day `e`, index `i` within that delivery. */
export interface FeedCursor {
  v: 1;
  meter: number;
  e: number;
  i: number;
  /** First measured day included (the plan's reach when the feed was started). */
  d: number;
  epoch: number;
}

export function encodeCursor(c: FeedCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(text: string, meter: DemoMeter, epoch: number): FeedCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(
      422,
      'validation_failed',
      'The cursor is malformed. Start again without a cursor or with a window read.',
    );
  }
  const c = parsed as Partial<FeedCursor>;
  if (
    !c ||
    c.v !== 1 ||
    c.meter !== meter.index ||
    !Number.isInteger(c.e) ||
    !Number.isInteger(c.i) ||
    !Number.isInteger(c.d) ||
    (c.i ?? -1) < 0
  ) {
    throw new HttpError(422, 'validation_failed', 'The cursor is malformed or belongs to another meter.');
  }
  if (c.epoch !== epoch) {
    throw new HttpError(
      422,
      'validation_failed',
      'The cursor has expired. Re-baseline with a window read, then continue without it.',
    );
  }
  return c as FeedCursor;
}

export function pushPayload(
  state: DemoState,
  meter: DemoMeter,
  deliveryDay: number,
  data: DemoReading[],
): Record<string, unknown> {
  return {
    id: `${meter.id.slice(0, 8)}-${deliveryDay}`,
    event: 'readings.delivered',
    created_at: isoWithOffset(state.readings.deliverySec(deliveryDay), state.tz),
    meter_id: meter.id,
    metering_point: meter.metering_point,
    unit: 'kWh',
    data: data.map((r) => feedReadingJson(r, state.tz)),
  };
}
