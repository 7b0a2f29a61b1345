/**
 * The demo service's feed page as bytes (its hottest path), its cursors and the push payloads. The
 * per-generation shapes of meters and readings are in generations.ts.
 */
import type { DemoMeter } from './catalog';
import { feedReadingJson } from './generations';
import type { DemoReading } from './readings';
import type { DemoState } from './state';
import { isoWithOffset } from '../time/local-days';
import { HttpError } from './http-errors';

/** JSON text of each register name (they never change; escaping once is enough). */
const registerJson = new Map<string, string>();
/** JSON bytes of each value (kWh with three decimals: a few thousand distinct ones). */
const valueJson = new Map<number, Buffer>();
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/**
 * The feed page's JSON as UTF-8 bytes, written directly: byte for byte what JSON.stringify gives for
 * `{unit, data: readings.map(feedReadingJson), next_cursor, has_more}` (pinned by a test; `has_more`
 * left out when `hasMore` is null, as the `spec` generation's pages are), without
 * building an object or a string per reading. A sync of millions of readings spends most of the
 * service's time here: a reading is copied from three parts made once — its quarter-hour's
 * `{"timestamp":…,"timestamp_end":…,"value":` (shared by the registers of that quarter-hour), the
 * value's text, and `,"obis_code":…,"quality":…,"updated_at":…}` per register and quality (shared
 * by the readings of one delivery).
 */
export function feedPageJson(
  readings: readonly DemoReading[],
  tz: string,
  nextCursor: string,
  hasMore: boolean | null,
): Buffer {
  const head = utf8('{"unit":"kWh","data":[');
  const more = hasMore === null ? '' : `,"has_more":${hasMore}`;
  const tail = utf8(`],"next_cursor":${JSON.stringify(nextCursor)}${more}}`);
  let buf = Buffer.allocUnsafe(head.length + readings.length * 200 + tail.length);
  buf.set(head, 0);
  let pos = head.length;
  // Registers of one quarter-hour come together and end where the next begins: remember the last parts.
  let startSec = NaN;
  let startText = '';
  let endSec = NaN;
  let endText = '';
  // Where this quarter-hour's `{"timestamp":…,"value":` was written last (copied for its next registers).
  let timesAt = 0;
  let timesLen = 0;
  let updSec = NaN;
  let updText = '';
  const rest = new Map<string, (Buffer | undefined)[]>();
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i]!;
    if (r.startSec !== startSec || r.endSec !== endSec) {
      if (r.startSec !== startSec) {
        startSec = r.startSec;
        startText = r.startSec === endSec ? endText : isoWithOffset(r.startSec, tz);
      }
      if (r.endSec !== endSec) {
        endSec = r.endSec;
        endText = isoWithOffset(r.endSec, tz);
      }
      timesLen = 0;
    }
    if (r.updatedSec !== updSec) {
      updSec = r.updatedSec;
      updText = isoWithOffset(r.updatedSec, tz);
      rest.clear();
    }
    let byQuality = rest.get(r.register);
    if (byQuality === undefined) rest.set(r.register, (byQuality = []));
    let after = byQuality[r.quality];
    if (after === undefined) {
      let reg = registerJson.get(r.register);
      if (reg === undefined) registerJson.set(r.register, (reg = JSON.stringify(r.register)));
      after = byQuality[r.quality] = utf8(
        `,"obis_code":${reg},"quality":${r.quality},"updated_at":"${updText}"}`,
      );
    }
    let value = valueJson.get(r.value);
    if (value === undefined) {
      if (valueJson.size > 100_000) valueJson.clear();
      valueJson.set(r.value, (value = utf8(JSON.stringify(r.value))));
    }
    // Room for the comma, the times (ASCII: a character is a byte), the value and the rest.
    const n = 1 + 64 + startText.length + endText.length + value.length + after.length;
    if (pos + n + tail.length > buf.length) {
      const grown = Buffer.allocUnsafe(2 * buf.length + n + tail.length);
      grown.set(buf.subarray(0, pos), 0);
      buf = grown;
    }
    if (i > 0) buf[pos++] = 0x2c; // ,
    if (timesLen === 0) {
      timesAt = pos;
      timesLen = buf.write(
        `{"timestamp":"${startText}","timestamp_end":"${endText}","value":`,
        pos,
        'latin1',
      );
    } else buf.copyWithin(pos, timesAt, timesAt + timesLen);
    pos += timesLen;
    buf.set(value, pos);
    pos += value.length;
    buf.set(after, pos);
    pos += after.length;
  }
  buf.set(tail, pos);
  return buf.subarray(0, pos + tail.length);
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

/**
 * The `current` generation's window-read position: the offset into the range read (timestamp order),
 * and the feed position when the read began, which its last page hands out as the change feed's cursor.
 */
export interface WindowCursor {
  v: 2;
  meter: number;
  from: number;
  to: number;
  quality: number | null;
  offset: number;
  feed: FeedCursor;
}

/** A cursor of either kind (the `current` generation's data endpoint takes both). */
export function decodeAnyCursor(
  text: string,
  meter: DemoMeter,
  epoch: number,
): { kind: 'feed'; cursor: FeedCursor } | { kind: 'window'; cursor: WindowCursor } {
  let parsed: Partial<WindowCursor> | null = null;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<WindowCursor>;
  } catch {
    // not ours: decodeCursor says so
  }
  if (parsed && parsed.v === 2) {
    if (
      parsed.meter !== meter.index ||
      !Number.isInteger(parsed.from) ||
      !Number.isInteger(parsed.to) ||
      !Number.isInteger(parsed.offset) ||
      (parsed.offset ?? -1) < 0 ||
      !parsed.feed
    )
      throw new HttpError(422, 'validation_failed', 'The cursor is malformed or belongs to another meter.');
    if (parsed.feed.epoch !== epoch)
      throw new HttpError(
        422,
        'validation_failed',
        'The cursor has expired. Start again with a window read.',
      );
    return { kind: 'window', cursor: parsed as WindowCursor };
  }
  return { kind: 'feed', cursor: decodeCursor(text, meter, epoch) };
}
