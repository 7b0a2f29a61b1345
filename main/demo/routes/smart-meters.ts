/**
 * The account-level surface (`/api/v1/smart-meters`): register a meter, request consent, read its
 * status, sync its readings (the change feed, and in the `current` generation window reads on the same
 * endpoint) and request history.
 */
import type { FastifyInstance } from 'fastify';
import { planFeatures, registersFor } from '../catalog';
import { dataWindowJson, listJson, meterJson, windowReadingJson } from '../generations';
import { HttpError } from '../http-errors';
import { feedFrom, feedPositionNow, rangeReadings } from '../range';
import { decodeAnyCursor, decodeCursor, encodeCursor, feedPageJson, type FeedCursor } from '../records';
import type { DemoState } from '../state';
import { dayNumberOf, dayStartSec, isoUtc, parseIsoSec } from '../../time/local-days';
import { limitParam, listPage, meterOf, need, only, qualityParam } from './common';
import { consentRoutes } from './consent';
import { rangeParams } from './team';

const WINDOW_MAX_DAYS = 366;

export function smartMeterRoutes(app: FastifyInstance, state: DemoState): void {
  const gen = () => state.generation;

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/smart-meters', async (req) => {
    only(state, ['ours', 'current'], req);
    const t = need(req, 'meters:read');
    return listJson(
      gen(),
      listPage(
        state.visibleMeters(t).map((m) => meterJson(state, m)),
        req.query,
      ),
    );
  });

  app.post<{
    Body: {
      metering_point?: string;
      metering_point_number?: string;
      energy_direction?: 'consumption' | 'feed_in';
      label?: string;
      site_id?: string;
    };
  }>(
    '/api/v1/smart-meters',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            metering_point: { type: 'string' },
            metering_point_number: { type: 'string' },
            energy_direction: { type: 'string', enum: ['consumption', 'feed_in'] },
            label: { type: 'string', maxLength: 200 },
            site_id: { type: 'string' },
          },
        },
      },
    },
    async (req, reply) => {
      const t = need(req, 'meters:create');
      const b = req.body;
      const mp = b.metering_point ?? (gen() === 'current' ? b.metering_point_number : undefined);
      if (mp === undefined) throw new HttpError(422, 'validation_failed', 'metering_point is required.');
      if (!/^AT[0-9]{6}[0-9A-Z]{25}$/.test(mp)) {
        throw new HttpError(
          422,
          'validation_failed',
          'metering_point must be 33 characters: "AT", a 6-digit grid operator code and 25 letters or digits.',
        );
      }
      const teamMeters = state.teamMeters(t.team);
      if (teamMeters.some((m) => m.metering_point === mp))
        throw new HttpError(409, 'conflict', `Metering point ${mp} is already registered.`);
      if (b.site_id && !state.sites(t.team).some((s) => s.id === b.site_id))
        throw new HttpError(422, 'validation_failed', `No site ${b.site_id} in this team.`);
      const f = planFeatures[t.plan];
      const counted = teamMeters.filter((m) => !m.is_demo).length;
      if (counted >= f.meters && !f.extraMeters) {
        throw new HttpError(
          403,
          'plan_required',
          `The ${t.plan} plan includes ${f.meters} metering point(s); upgrade to add more.`,
        );
      }
      const meter = {
        id: state.nextId(),
        index: 5000 + state.catalog.meters.length,
        team: t.team,
        kind: 'household' as const,
        metering_point: mp,
        label: b.label ?? mp,
        energy_direction: b.energy_direction ?? ('consumption' as const),
        commodity: 'electricity' as const,
        granularity: 'quarter_hour' as const,
        site_id: b.site_id ?? null,
        registers: registersFor(b.energy_direction === 'feed_in' ? 'pv_feed_in' : 'household'),
        is_demo: false,
        status: 'registered' as const,
        scale: 1,
        created_sec: state.nowSec,
        hasData: false,
      };
      state.catalog.meters.push(meter);
      return reply.code(201).send(meterJson(state, meter));
    },
  );

  app.get<{ Params: { id: string } }>('/api/v1/smart-meters/:id', async (req) => {
    const t = need(req, 'meters:read');
    return meterJson(state, meterOf(state, t, req.params.id, false));
  });
  consentRoutes(app, state);
}

/** The readings of a meter on the account-level surface: the change feed, its latest reading, history requests. */
export function meterDataRoutes(app: FastifyInstance, state: DemoState): void {
  const gen = () => state.generation;

  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    '/api/v1/smart-meters/:id/data',
    async (req, reply) => {
      if (state.feedDisabled) only(state, [], req);
      const t = need(req, 'data:read');
      const m = meterOf(state, t, req.params.id, true);
      const q = req.query;
      const g = gen();

      if (g === 'current') return currentData(state, t, m, q);

      // The spec shows no page size parameter: a spec service pages at its own size.
      const limit = g === 'spec' ? state.feedPageSize : limitParam(q.limit, state.feedPageSize);
      const pos = feedPosition(state, t, m, q);
      const f = feedFrom(state, m, pos, limit);
      // Written as bytes (the shape of feedReadingJson): the service's hottest path during a sync.
      return reply
        .type('application/json; charset=utf-8')
        .send(feedPageJson(f.readings, state.tz, encodeCursor(f.next), g === 'spec' ? null : f.more));
    },
  );

  app.get<{ Params: { id: string } }>('/api/v1/smart-meters/:id/data/latest', async (req) => {
    only(state, ['current'], req);
    const t = need(req, 'data:read');
    const m = meterOf(state, t, req.params.id, true);
    const day = state.readings.lastDeliveredDay(state.nowSec);
    const primary = m.registers[0]!;
    const data = rangeReadings(state, m, dayStartSec(day, state.tz), dayStartSec(day + 1, state.tz)).filter(
      (r) => r.register === primary,
    );
    return {
      object: 'data_window',
      data: data.map((r) => windowReadingJson('current', r, state.tz)),
      is_truncated: false,
    };
  });

  app.post<{ Params: { id: string }; Body: { from: string } }>(
    '/api/v1/smart-meters/:id/history',
    {
      schema: {
        body: {
          type: 'object',
          required: ['from'],
          additionalProperties: false,
          properties: { from: { type: 'string' } },
        },
      },
    },
    async (req, reply) => {
      only(state, ['ours', 'current'], req);
      const t = need(req, 'data:read');
      const m = meterOf(state, t, req.params.id, true);
      const fromSec = parseIsoSec(req.body.from);
      if (!Number.isFinite(fromSec))
        throw new HttpError(422, 'validation_failed', '"from" must be an ISO 8601 timestamp.');
      const years = (state.nowSec - fromSec) / (365.25 * 86_400);
      const reach = planFeatures[t.plan].historyYears;
      if (years > reach + 0.01)
        throw new HttpError(
          403,
          'plan_required',
          `History of ${Math.ceil(years)} years needs a bigger plan (the ${t.plan} plan reaches ${reach} year(s)).`,
        );
      const request = { id: state.nextId(), meterId: m.id, fromSec, createdSec: state.nowSec };
      state.historyRequests.push(request);
      return reply.code(202).send({
        history_request: {
          id: request.id,
          meter_id: m.id,
          from: isoUtc(fromSec),
          state: 'accepted',
          granularity: years > 1 ? 'daily' : 'quarter_hour',
          note: 'Readings arrive through cursor sync; periods older than one year are also available with granularity=daily on the team surface.',
        },
      });
    },
  );
}

type Token = ReturnType<typeof need>;
type Meter = ReturnType<typeof meterOf>;
type Query = Record<string, string | undefined>;

/**
 * The `current` generation's data endpoint: a window read (`from`, `to`, `order=asc`, paged by its own
 * cursor whose last page hands out the change feed's), or the change feed from a feed cursor.
 */
function currentData(state: DemoState, t: Token, m: Meter, q: Query) {
  const limit = limitParam(q.limit, state.feedPageSize);
  let window: {
    fromSec: number;
    toSec: number;
    quality: number | null;
    offset: number;
    feed: FeedCursor;
  };
  if (q.cursor === undefined || q.cursor === '') {
    if (q.from === undefined || q.to === undefined)
      throw new HttpError(
        400,
        'bad_request',
        'Give a cursor, or "from" and "to" (ISO 8601) for a window read; its last next_cursor continues as the change feed.',
      );
    if (q.order !== undefined && q.order !== 'asc')
      throw new HttpError(422, 'validation_failed', 'order must be asc.');
    const { fromSec, toSec } = rangeParams(q, WINDOW_MAX_DAYS);
    window = {
      fromSec,
      toSec,
      quality: qualityParam(q.quality),
      offset: 0,
      feed: feedPositionNow(state, m, t),
    };
  } else {
    const c = decodeAnyCursor(q.cursor, m, state.cursorEpoch);
    if (c.kind === 'feed') {
      if (c.cursor.e < state.retentionStartDay(t))
        throw new HttpError(
          422,
          'validation_failed',
          'The cursor has expired. Start again with a window read.',
        );
      const f = feedFrom(state, m, c.cursor, limit);
      return dataWindowJson('current', f.readings, state.tz, true, f.more, encodeCursor(f.next));
    }
    const w = c.cursor;
    window = { fromSec: w.from, toSec: w.to, quality: w.quality, offset: w.offset, feed: w.feed };
  }
  const all = rangeReadings(state, m, window.fromSec, window.toSec).filter(
    (r) => window.quality === null || r.quality === window.quality,
  );
  const page = all.slice(window.offset, window.offset + limit);
  const truncated = window.offset + limit < all.length;
  const next = truncated
    ? Buffer.from(
        JSON.stringify({
          v: 2,
          meter: m.index,
          from: window.fromSec,
          to: window.toSec,
          quality: window.quality,
          offset: window.offset + limit,
          feed: window.feed,
        }),
      ).toString('base64url')
    : encodeCursor(window.feed);
  return dataWindowJson('current', page, state.tz, false, truncated, next);
}

/** Where the feed continues: from the cursor given, or from the start of the plan's retention (or `from`). */
function feedPosition(state: DemoState, t: Token, m: Meter, q: Query): FeedCursor {
  const g = state.generation;
  if (q.cursor === undefined || q.cursor === '') {
    const minDay = state.retentionStartDay(t);
    let startDelivery = minDay + 1;
    if (g === 'ours' && q.from !== undefined) {
      // Readings updated at or after `from` (clamped to the plan's retention).
      const fromSec = parseIsoSec(q.from);
      if (!Number.isFinite(fromSec))
        throw new HttpError(422, 'validation_failed', '"from" must be an ISO 8601 timestamp.');
      startDelivery = Math.max(
        startDelivery,
        dayNumberOf(fromSec, state.tz) +
          (fromSec > state.readings.deliverySec(dayNumberOf(fromSec, state.tz)) ? 1 : 0),
      );
    }
    return { v: 1, meter: m.index, e: startDelivery, i: 0, d: minDay, epoch: state.cursorEpoch };
  }
  const pos = decodeCursor(q.cursor, m, state.cursorEpoch);
  if (pos.e < state.retentionStartDay(t))
    throw new HttpError(
      422,
      'validation_failed',
      'The cursor has expired (older than the plan retention). Re-baseline with a window read.',
    );
  return pos;
}
