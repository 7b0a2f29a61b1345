/**
 * The team-scoped surface (`/api/v1/teams/{team}`): the meter list, data by range and the latest day.
 * The `current` generation answers these legacy URLs with 308 to the smart-meters surface.
 */
import type { FastifyInstance } from 'fastify';
import { meterJson, windowReadingJson } from '../generations';
import { HttpError } from '../http-errors';
import { dailyRecords, expectedIntervals, rangeReadings } from '../range';
import type { DemoState } from '../state';
import { dayStartSec, isoUtc, parseIsoSec } from '../../time/local-days';
import { limitParam, meterOf, qualityParam, redirect, teamOf } from './common';

const MAX_RANGE_DAYS = 366;

/** `from` and `to` of a range read: required, ISO 8601, `to` after `from`, at most `maxDays` (or no cap). */
export function rangeParams(
  q: Record<string, string | undefined>,
  maxDays: number | null,
): { fromSec: number; toSec: number } {
  if (q.from === undefined || q.to === undefined)
    throw new HttpError(400, 'bad_request', 'Query parameters "from" and "to" are required (ISO 8601).');
  const fromSec = parseIsoSec(q.from);
  const toSec = parseIsoSec(q.to);
  if (!Number.isFinite(fromSec) || !Number.isFinite(toSec))
    throw new HttpError(
      422,
      'validation_failed',
      '"from" and "to" must be ISO 8601 timestamps with Z or an offset.',
    );
  if (toSec <= fromSec) throw new HttpError(422, 'validation_failed', '"to" must be after "from".');
  if (maxDays !== null && toSec - fromSec > maxDays * 86_400)
    throw new HttpError(422, 'validation_failed', `The range may span at most ${maxDays} days.`);
  return { fromSec, toSec };
}

export function teamRoutes(app: FastifyInstance, state: DemoState): void {
  const gen = () => state.generation;

  app.get<{ Params: { team: string } }>('/api/v1/teams/:team/meters', async (req, reply) => {
    const t = teamOf(req, 'meters:read');
    if (gen() === 'current') return redirect(reply, req, '/api/v1/smart-meters');
    return { data: state.visibleMeters(t).map((m) => meterJson(state, m)) };
  });

  app.get<{ Params: { team: string; id: string }; Querystring: Record<string, string | undefined> }>(
    '/api/v1/teams/:team/meters/:id/data',
    async (req, reply) => {
      const t = teamOf(req, 'data:read');
      if (gen() === 'current')
        return redirect(reply, req, `/api/v1/smart-meters/${encodeURIComponent(req.params.id)}/data`);
      const m = meterOf(state, t, req.params.id, true);
      const q = req.query;
      const spec = gen() === 'spec';
      // The spec shows neither a range cap, nor pagination, nor granularity: a spec service returns it all.
      const { fromSec, toSec } = rangeParams(q, spec ? null : MAX_RANGE_DAYS);
      const quality = qualityParam(q.quality);
      const limit = spec ? Infinity : limitParam(q.limit, 10_000);
      let offset = 0;
      if (!spec && q.cursor !== undefined) {
        const m2 = /^w([0-9]+)$/.exec(Buffer.from(q.cursor, 'base64url').toString('utf8'));
        if (!m2) throw new HttpError(422, 'validation_failed', 'The cursor is malformed.');
        offset = Number(m2[1]);
      }
      const granularity = spec ? 'quarter_hour' : (q.granularity ?? 'quarter_hour');
      if (granularity !== 'quarter_hour' && granularity !== 'daily')
        throw new HttpError(422, 'validation_failed', 'granularity must be quarter_hour or daily.');

      const all =
        granularity === 'daily'
          ? dailyRecords(state, m, fromSec, toSec)
          : rangeReadings(state, m, fromSec, toSec);
      const expected = expectedIntervals(state, fromSec, toSec, granularity) * m.registers.length;
      const breakdown = { measured: 0, estimated: 0, unreliable: 0 };
      for (const r of all)
        breakdown[r.quality === 1 ? 'measured' : r.quality === 2 ? 'estimated' : 'unreliable'] += 1;
      const filtered = quality === null ? all : all.filter((r) => r.quality === quality);
      const page = filtered.slice(offset, offset + limit);
      const truncated = offset + limit < filtered.length;
      const meta: Record<string, unknown> = {
        meter_id: m.id,
        metering_point: m.metering_point,
        granularity,
        from: q.from,
        to: q.to,
        total_records: filtered.length,
        data_completeness: expected === 0 ? 0 : Math.round((all.length / expected) * 10_000) / 10_000,
        quality_breakdown: breakdown,
      };
      if (!spec) {
        meta.is_truncated = truncated;
        meta.next_cursor = truncated ? Buffer.from(`w${offset + limit}`).toString('base64url') : null;
      }
      return { data: page.map((r) => windowReadingJson(gen(), r, state.tz)), meta };
    },
  );

  app.get<{ Params: { team: string; id: string } }>(
    '/api/v1/teams/:team/meters/:id/data/latest',
    async (req, reply) => {
      const t = teamOf(req, 'data:read');
      if (gen() === 'current')
        return redirect(reply, req, `/api/v1/smart-meters/${encodeURIComponent(req.params.id)}/data/latest`);
      const m = meterOf(state, t, req.params.id, true);
      const day = state.readings.lastDeliveredDay(state.nowSec);
      const from = dayStartSec(day, state.tz);
      const to = dayStartSec(day + 1, state.tz);
      const primary = m.registers[0]!;
      const data = rangeReadings(state, m, from, to).filter((r) => r.register === primary);
      return {
        data: data.map((r) => windowReadingJson(gen(), r, state.tz)),
        meta: {
          meter_id: m.id,
          metering_point: m.metering_point,
          granularity: m.granularity,
          from: isoUtc(from),
          to: isoUtc(to),
          total_records: data.length,
          obis_code: primary,
        },
      };
    },
  );
}
