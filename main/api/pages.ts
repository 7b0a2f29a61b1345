/** Pages of readings: bounded, checked reading by reading, stamped with the service's clock. */
import { ApiError } from './api-error';
import { readPageBytes } from './page-reader';
import { implausibility, MAX_SERIES_PER_METER, pageSchema, readPageSchema, type ApiPage } from './schemas';
import { MAX_JSON_CONTAINERS, MAX_JSON_VALUES, MAX_PAGE_READINGS, type Transport } from './transport';
import { believedServiceNow, readingPlausible } from '../../common/rules';
import { isoUtc } from '../time/local-days';
import { systemClock } from '../time/clock';

/** A window read's readings without `updated_at` are the service's state as of its answer. */
function stampUndated(p: ApiPage): ApiPage {
  // The service's clock, believed as far as readPage believes it (common/rules.ts).
  const asOf = believedServiceNow(p.servedSec, systemClock.nowSec());
  const updated = p.readings.updatedSec;
  for (let i = 0; i < p.readings.length; i++) if (Number.isNaN(updated[i])) updated[i] = asOf;
  return p;
}

const readLimits = {
  readings: MAX_PAGE_READINGS,
  registers: MAX_SERIES_PER_METER,
  containers: MAX_JSON_CONTAINERS,
  values: MAX_JSON_VALUES,
};

/** A page read from its bytes by the page reader (page-reader.ts), or null: the general way reads it. */
export function pageFromBytes(bytes: Buffer): ApiPage | null {
  const read = readPageBytes(bytes, readLimits);
  if (!read) return null;
  const page = readPageSchema.safeParse({ ...read.envelope, data: read.readings });
  return page.success ? page.data : null;
}

/**
 * A page of readings, with the service's clock. Refused as a whole (nothing of it is stored) when it
 * holds more readings than any page may, or a reading that cannot be real (`implausibility`, measured
 * against the service's clock: its `Date`, believed up to a day ahead of this computer's).
 */
export async function readPage(
  t: Transport,
  path: string,
  query: Record<string, string | undefined>,
): Promise<ApiPage> {
  const { data, servedSec } = await t.request('GET', path, pageSchema, { query, fast: pageFromBytes });
  const page = data as ApiPage;
  const { readings } = page;
  if (readings.length > MAX_PAGE_READINGS) throw tooMany(readings.length);
  const registers = new Set(readings.registers.map((r) => r.obisCode));
  const units = new Set(readings.registers.map((r) => r.unit));
  if (registers.size > MAX_SERIES_PER_METER) throw tooManySeries(registers.size, 'registers');
  // A register per unit is a series of its own: as many units are as broken as as many registers.
  if (units.size > MAX_SERIES_PER_METER) throw tooManySeries(units.size, 'units');
  const serviceNow = believedServiceNow(servedSec, systemClock.nowMs() / 1000);
  const { startSec, endSec, value, updatedSec } = readings;
  for (let i = 0; i < readings.length; i++) {
    if (readingPlausible(startSec[i]!, endSec[i]!, value[i]!, updatedSec[i]!, serviceNow)) continue;
    const why = implausibility(readings.at(i), serviceNow);
    if (why !== null)
      throw new ApiError(
        'bad_response',
        `The service sent a reading that cannot be real for ${path}: data.${i}: ${why}. Nothing of that page was stored; report this to the service.`,
        200,
      );
  }
  page.servedSec = servedSec;
  return page;
}

const tooManySeries = (n: number, what: 'registers' | 'units') =>
  new ApiError(
    'bad_response',
    `The service sent ${n} ${what} for one meter in one page (at most ${MAX_SERIES_PER_METER} are accepted); nothing of that page was stored. Report this to the service.`,
    200,
  );
const tooMany = (n: number) =>
  new ApiError(
    'bad_response',
    `The service sent ${n} readings in one page (at most ${MAX_PAGE_READINGS} are accepted).`,
    200,
  );

/** The three reads of readings: the team surface's window, the feed, and the feed's window. */
export function readingReads(t: Transport, team: string) {
  const dataPath = (meterId: string) => `/api/v1/smart-meters/${encodeURIComponent(meterId)}/data`;

  const windowRead = async (
    meterId: string,
    fromSec: number,
    toSec: number,
    o: { quality?: string; cursor?: string | null; limit?: number } = {},
  ): Promise<ApiPage> =>
    stampUndated(
      await readPage(t, `/api/v1/teams/${team}/meters/${encodeURIComponent(meterId)}/data`, {
        from: isoUtc(fromSec),
        to: isoUtc(toSec),
        order: 'asc',
        quality: o.quality,
        cursor: o.cursor ?? undefined,
        limit: o.limit ? String(o.limit) : undefined,
      }),
    );
  const feed = (
    meterId: string,
    cursor: string | null,
    o: { limit?: number; fromSec?: number } = {},
  ): Promise<ApiPage> =>
    readPage(t, dataPath(meterId), {
      cursor: cursor ?? undefined,
      from: cursor === null && o.fromSec !== undefined ? isoUtc(o.fromSec) : undefined,
      limit: o.limit ? String(o.limit) : undefined,
    });
  const feedWindow = async (
    meterId: string,
    fromSec: number,
    toSec: number,
    o: { cursor?: string | null; limit?: number } = {},
  ): Promise<ApiPage> =>
    stampUndated(
      await readPage(
        t,
        dataPath(meterId),
        o.cursor
          ? { cursor: o.cursor, limit: o.limit ? String(o.limit) : undefined }
          : {
              from: isoUtc(fromSec),
              to: isoUtc(toSec),
              order: 'asc',
              limit: o.limit ? String(o.limit) : undefined,
            },
      ),
    );
  return { windowRead, feed, feedWindow };
}
