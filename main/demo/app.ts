/**
 * The demo service's HTTP surface (Fastify): both API surfaces, the simulated grid-operator portal and
 * the loopback-only admin API. Hooks apply, in order: fault injection, authentication, rate limits.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { planFeatures, planRank, type DemoToken, type Plan, type Scope } from './catalog';
import { errorBody, HttpError, sendError } from './http-errors';
import { decodeCursor, encodeCursor, feedPageJson, meterJson, teamReadingJson } from './records';
import type { DemoReading } from './readings';
import { addBusinessDays, type DemoState, type FaultKind } from './state';
import { dayNumberOf, dayStartSec, isoUtc, parseIsoSec, QH_SEC, quarterHoursInDay } from '../time/local-days';

declare module 'fastify' {
  interface FastifyRequest {
    token?: DemoToken;
    truncateBody?: boolean;
  }
}

export interface DemoAppHooks {
  mqttInfo(token: DemoToken): Record<string, unknown>;
  sftpInfo(token: DemoToken): Record<string, unknown>;
  disconnectMqtt(): number;
  webhookLog(): unknown[];
}

const MAX_RANGE_DAYS = 366;
const QUALITY_NAMES = { measured: 1, estimated: 2, unreliable: 3 } as const;

function isLoopback(req: FastifyRequest): boolean {
  const a = req.socket.remoteAddress ?? '';
  return a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';
}

function need(req: FastifyRequest, scope: Scope): DemoToken {
  const t = req.token;
  if (!t) throw new HttpError(401, 'unauthenticated', 'Missing or invalid API token.');
  if (!t.scopes.includes(scope))
    throw new HttpError(403, 'forbidden', `This token lacks the "${scope}" scope.`);
  return t;
}

function needPlan(t: DemoToken, plan: Plan, feature: string): void {
  if (planRank[t.plan] < planRank[plan]) {
    throw new HttpError(
      403,
      'plan_required',
      `${feature} needs the ${plan[0]!.toUpperCase()}${plan.slice(1)} plan or higher (this token's plan: ${t.plan}).`,
    );
  }
}

function listPage<T>(
  items: T[],
  query: Record<string, string | undefined>,
): { data: T[]; page: number; per_page: number; has_more: boolean } {
  const page = query.page === undefined ? 1 : Number(query.page);
  const perPage = query.per_page === undefined ? 25 : Number(query.per_page);
  if (!Number.isInteger(page) || page < 1)
    throw new HttpError(422, 'validation_failed', 'page must be a whole number ≥ 1.');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
    throw new HttpError(422, 'validation_failed', 'per_page must be between 1 and 100.');
  const start = (page - 1) * perPage;
  return {
    data: items.slice(start, start + perPage),
    page,
    per_page: perPage,
    has_more: start + perPage < items.length,
  };
}

export function createDemoApp(state: DemoState, hooks: DemoAppHooks): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: 1_000_000,
    forceCloseConnections: true,
    return503OnClosing: false,
  });

  app.setNotFoundHandler((req, reply) =>
    sendError(reply, 404, 'not_found', `No route ${req.method} ${req.url.split('?')[0]}.`),
  );
  app.setErrorHandler(
    (err: Error & { statusCode?: number; validation?: unknown; code?: string }, _req, reply) => {
      if (err instanceof HttpError) return sendError(reply, err.status, err.code, err.message);
      if (err.validation) return sendError(reply, 422, 'validation_failed', err.message);
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return sendError(reply, err.statusCode === 415 ? 400 : err.statusCode, 'bad_request', err.message);
      }
      return sendError(reply, 500, 'internal', 'The service had an internal problem. Try again later.');
    },
  );

  // ---- fault injection, auth, rate limits (API and portal routes only) ----
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const fault = state.faults.find(
      (f) => f.remaining > 0 && (!f.pathContains || req.url.includes(f.pathContains)),
    );
    if (fault) {
      fault.remaining -= 1;
      const kind: FaultKind = fault.kind;
      if (kind === 'status429') {
        const after = fault.retryAfterSec ?? 1;
        reply.header(
          'Retry-After',
          fault.retryAfter === 'date'
            ? new Date((Math.floor(Date.now() / 1000) + after) * 1000).toUTCString()
            : String(after),
        );
        return sendError(reply, 429, 'rate_limited', 'Too many requests (injected fault).');
      }
      if (kind === 'status500') return sendError(reply, 500, 'internal', 'Injected internal error.');
      if (kind === 'status503') return sendError(reply, 503, 'internal', 'Service unavailable (injected).');
      if (kind === 'reset') {
        req.raw.socket.destroy();
        return reply;
      }
      if (kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 2000));
      if (kind === 'truncate') req.truncateBody = true;
    }
    const auth = req.headers.authorization;
    const m = typeof auth === 'string' ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
    const token = m ? state.tokenInfo(m[1]!) : undefined;
    if (!token)
      return sendError(
        reply,
        401,
        'unauthenticated',
        'Missing or invalid API token. Send "Authorization: Bearer <token>".',
      );
    req.token = token;
    const nowSec = Math.floor(Date.now() / 1000);
    const limit = state.rateLimit(token);
    let w = state.windows.get(token.token);
    if (!w || nowSec - w.startSec >= 60) {
      w = { startSec: nowSec, count: 0 };
      state.windows.set(token.token, w);
    }
    w.count += 1;
    const reset = w.startSec + 60;
    reply.header('X-RateLimit-Limit', String(limit));
    reply.header('X-RateLimit-Remaining', String(Math.max(0, limit - w.count)));
    reply.header('X-RateLimit-Reset', String(reset));
    if (w.count > limit) {
      reply.header('Retry-After', String(Math.max(1, reset - nowSec)));
      return sendError(reply, 429, 'rate_limited', `Rate limit of ${limit} requests per minute exceeded.`);
    }
    return undefined;
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.truncateBody && (typeof payload === 'string' || Buffer.isBuffer(payload)))
      return payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
    return payload;
  });

  const teamOf = (req: FastifyRequest<{ Params: { team: string } }>, scope: Scope): DemoToken => {
    const t = need(req, scope);
    if (req.params.team !== t.team)
      throw new HttpError(403, 'forbidden', 'This token belongs to another team.');
    return t;
  };
  const meterOf = (t: DemoToken, id: string, withData: boolean) => {
    const m = state.meterById(t, id);
    if (!m) {
      const hidden = state.teamMeters(t.team).find((x) => x.id === id);
      if (hidden?.is_demo)
        throw new HttpError(403, 'plan_required', 'The demo meter needs the Light plan or higher.');
      throw new HttpError(404, 'not_found', `No meter ${id} in this team.`);
    }
    if (withData && !m.hasData) {
      throw new HttpError(
        403,
        'forbidden',
        `Meter ${m.metering_point} has no approved consent (status "${m.status}"): request consent and wait for the customer's approval.`,
      );
    }
    return m;
  };

  // ---- team-scoped surface ----
  app.get<{ Params: { team: string } }>('/api/v1/teams/:team/meters', async (req) => {
    const t = teamOf(req, 'meters:read');
    return { data: state.visibleMeters(t).map((m) => meterJson(state, m)) };
  });

  app.get<{ Params: { team: string; id: string }; Querystring: Record<string, string | undefined> }>(
    '/api/v1/teams/:team/meters/:id/data',
    async (req) => {
      const t = teamOf(req, 'data:read');
      const m = meterOf(t, req.params.id, true);
      const q = req.query;
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
      if (toSec - fromSec > MAX_RANGE_DAYS * 86_400)
        throw new HttpError(422, 'validation_failed', `The range may span at most ${MAX_RANGE_DAYS} days.`);
      let quality: number | null = null;
      if (q.quality !== undefined) {
        if (!(q.quality in QUALITY_NAMES))
          throw new HttpError(422, 'validation_failed', 'quality must be measured, estimated or unreliable.');
        quality = QUALITY_NAMES[q.quality as keyof typeof QUALITY_NAMES];
      }
      const limit = q.limit === undefined ? 10_000 : Number(q.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 50_000)
        throw new HttpError(422, 'validation_failed', 'limit must be between 1 and 50000.');
      let offset = 0;
      if (q.cursor !== undefined) {
        const m2 = /^w([0-9]+)$/.exec(Buffer.from(q.cursor, 'base64url').toString('utf8'));
        if (!m2) throw new HttpError(422, 'validation_failed', 'The cursor is malformed.');
        offset = Number(m2[1]);
      }
      const granularity = q.granularity ?? 'quarter_hour';
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
      return {
        data: page.map(teamReadingJson),
        meta: {
          meter_id: m.id,
          metering_point: m.metering_point,
          granularity,
          from: q.from,
          to: q.to,
          total_records: filtered.length,
          data_completeness: expected === 0 ? 0 : Math.round((all.length / expected) * 10_000) / 10_000,
          quality_breakdown: breakdown,
          is_truncated: truncated,
          next_cursor: truncated ? Buffer.from(`w${offset + limit}`).toString('base64url') : null,
        },
      };
    },
  );

  app.get<{ Params: { team: string; id: string } }>(
    '/api/v1/teams/:team/meters/:id/data/latest',
    async (req) => {
      const t = teamOf(req, 'data:read');
      const m = meterOf(t, req.params.id, true);
      const day = state.readings.lastDeliveredDay(state.nowSec);
      const from = dayStartSec(day, state.tz);
      const to = dayStartSec(day + 1, state.tz);
      const primary = m.registers[0]!;
      const data = rangeReadings(state, m, from, to).filter((r) => r.register === primary);
      return {
        data: data.map(teamReadingJson),
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

  // ---- account-level surface ----
  app.get('/api/v1/account', async (req) => {
    const t = need(req, 'meters:read');
    return { team: t.team, plan: t.plan, scopes: t.scopes, features: planFeatures[t.plan] };
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/smart-meters', async (req) => {
    const t = need(req, 'meters:read');
    return listPage(
      state.visibleMeters(t).map((m) => meterJson(state, m)),
      req.query,
    );
  });

  app.post<{
    Body: {
      metering_point: string;
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
          required: ['metering_point'],
          additionalProperties: false,
          properties: {
            metering_point: { type: 'string' },
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
      if (!/^AT[0-9]{6}[0-9A-Z]{25}$/.test(b.metering_point)) {
        throw new HttpError(
          422,
          'validation_failed',
          'metering_point must be 33 characters: "AT", a 6-digit grid operator code and 25 letters or digits.',
        );
      }
      const teamMeters = state.teamMeters(t.team);
      if (teamMeters.some((m) => m.metering_point === b.metering_point))
        throw new HttpError(409, 'conflict', `Metering point ${b.metering_point} is already registered.`);
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
        metering_point: b.metering_point,
        label: b.label ?? b.metering_point,
        energy_direction: b.energy_direction ?? ('consumption' as const),
        commodity: 'electricity' as const,
        granularity: 'quarter_hour' as const,
        site_id: b.site_id ?? null,
        registers:
          b.energy_direction === 'feed_in'
            ? ['1-1:2.9.0 G.01', '1-1:2.9.0 P.01']
            : ['1-1:1.9.0 G.01', '1-1:1.9.0 P.01'],
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
    return meterJson(state, meterOf(t, req.params.id, false));
  });

  app.post<{ Params: { id: string }; Body: { customer_email?: string } | undefined }>(
    '/api/v1/smart-meters/:id/consent',
    {
      schema: {
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { customer_email: { type: 'string', format: 'email' } },
        },
      },
    },
    async (req, reply) => {
      const t = need(req, 'consents:request');
      const m = meterOf(t, req.params.id, false);
      if (m.status === 'connected') throw new HttpError(409, 'conflict', 'This meter is already connected.');
      if (m.status === 'pending')
        throw new HttpError(409, 'conflict', 'A consent request is already pending for this meter.');
      const consent = {
        id: state.nextId(),
        meterId: m.id,
        state: 'requested' as const,
        requestedSec: state.nowSec,
        expiresSec: addBusinessDays(state.nowSec, 10),
        customerEmail: req.body?.customer_email ?? null,
      };
      state.consents.set(consent.id, consent);
      m.status = 'pending';
      return reply.code(202).send({
        consent: {
          id: consent.id,
          state: consent.state,
          requested_at: isoUtc(consent.requestedSec),
          expires_at: isoUtc(consent.expiresSec),
        },
      });
    },
  );

  // A response schema lets Fastify serialise the (large) feed pages with fast-json-stringify.
  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    '/api/v1/smart-meters/:id/data',
    async (req, reply) => {
      const t = need(req, 'data:read');
      const m = meterOf(t, req.params.id, true);
      const limit = req.query.limit === undefined ? state.feedPageSize : Number(req.query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 50_000)
        throw new HttpError(422, 'validation_failed', 'limit must be between 1 and 50000.');
      let pos;
      if (req.query.cursor === undefined || req.query.cursor === '') {
        const minDay = state.retentionStartDay(t);
        let startDelivery = minDay + 1;
        if (req.query.from !== undefined) {
          // Readings updated at or after `from` (clamped to the plan's retention).
          const fromSec = parseIsoSec(req.query.from);
          if (!Number.isFinite(fromSec))
            throw new HttpError(422, 'validation_failed', '"from" must be an ISO 8601 timestamp.');
          startDelivery = Math.max(
            startDelivery,
            dayNumberOf(fromSec, state.tz) +
              (fromSec > state.readings.deliverySec(dayNumberOf(fromSec, state.tz)) ? 1 : 0),
          );
        } else if (state.requireCursor) {
          throw new HttpError(
            400,
            'bad_request',
            'Give a cursor, or "from" to start the change feed at a point in time.',
          );
        }
        pos = { v: 1 as const, meter: m.index, e: startDelivery, i: 0, d: minDay, epoch: state.cursorEpoch };
      } else {
        pos = decodeCursor(req.query.cursor, m, state.cursorEpoch);
        if (pos.e < state.retentionStartDay(t))
          throw new HttpError(
            422,
            'validation_failed',
            'The cursor has expired (older than the plan retention). Re-baseline with a window read.',
          );
      }
      const last = state.readings.lastDeliveryDay(state.nowSec);
      const out: DemoReading[] = [];
      let { e, i } = pos;
      while (out.length < limit && e <= last) {
        const batch = state.readings.batch(m, e, pos.d);
        const take = batch.slice(i, i + (limit - out.length));
        out.push(...take);
        if (i + take.length >= batch.length) {
          e += 1;
          i = 0;
        } else i += take.length;
      }
      const next = { ...pos, e, i };
      // Written as bytes (the shape of feedReadingJson): the service's hottest path during a sync.
      return reply
        .type('application/json; charset=utf-8')
        .send(feedPageJson(out, state.tz, encodeCursor(next), e <= last));
    },
  );

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
      const t = need(req, 'data:read');
      const m = meterOf(t, req.params.id, true);
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

  // ---- customers, sites, metering points ----
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/customers', async (req) =>
    listPage(state.customers(need(req, 'meters:read').team), req.query),
  );
  app.post<{ Body: { name: string; email?: string } }>(
    '/api/v1/customers',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 200 },
            email: { type: 'string', format: 'email' },
          },
        },
      },
    },
    async (req, reply) => {
      const t = need(req, 'customers:write');
      const c = {
        id: state.nextId(),
        team: t.team,
        name: req.body.name,
        email: req.body.email ?? '',
        created_at: isoUtc(state.nowSec),
      };
      state.catalog.customers.push(c);
      return reply.code(201).send(c);
    },
  );
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/sites', async (req) => {
    const t = need(req, 'meters:read');
    const list = state
      .sites(t.team)
      .filter((s) => !req.query.customer_id || s.customer_id === req.query.customer_id);
    return listPage(list, req.query);
  });
  app.post<{ Body: { customer_id: string; name: string; address?: string } }>(
    '/api/v1/sites',
    {
      schema: {
        body: {
          type: 'object',
          required: ['customer_id', 'name'],
          additionalProperties: false,
          properties: {
            customer_id: { type: 'string' },
            name: { type: 'string', minLength: 1, maxLength: 200 },
            address: { type: 'string', maxLength: 300 },
          },
        },
      },
    },
    async (req, reply) => {
      const t = need(req, 'customers:write');
      if (!state.customers(t.team).some((c) => c.id === req.body.customer_id))
        throw new HttpError(422, 'validation_failed', `No customer ${req.body.customer_id} in this team.`);
      const s = {
        id: state.nextId(),
        team: t.team,
        customer_id: req.body.customer_id,
        name: req.body.name,
        address: req.body.address ?? '',
        created_at: isoUtc(state.nowSec),
      };
      state.catalog.sites.push(s);
      return reply.code(201).send(s);
    },
  );
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/metering-points', async (req) => {
    const t = need(req, 'meters:read');
    const list = state.visibleMeters(t).map((m) => ({
      metering_point: m.metering_point,
      meter_id: m.id,
      site_id: m.site_id,
      energy_direction: m.energy_direction,
      commodity: m.commodity,
    }));
    return listPage(list, req.query);
  });

  // ---- push channel settings ----
  app.get('/api/v1/webhooks', async (req) => {
    const t = need(req, 'webhooks:manage');
    needPlan(t, 'light', 'Webhooks');
    return {
      data: [...state.webhooks.values()]
        .filter((w) => w.team === t.team)
        .map((w) => ({ id: w.id, url: w.url, created_at: isoUtc(w.createdSec) })),
    };
  });
  app.post<{ Body: { url: string } }>(
    '/api/v1/webhooks',
    {
      schema: {
        body: {
          type: 'object',
          required: ['url'],
          additionalProperties: false,
          properties: { url: { type: 'string', pattern: '^https?://' } },
        },
      },
    },
    async (req, reply) => {
      const t = need(req, 'webhooks:manage');
      needPlan(t, 'light', 'Webhooks');
      const id = state.nextId();
      const secret = `whsec_${Buffer.from(id).toString('base64url').slice(0, 32)}`;
      state.webhooks.set(id, { id, team: t.team, url: req.body.url, secret, createdSec: state.nowSec });
      return reply.code(201).send({ id, url: req.body.url, secret });
    },
  );
  app.delete<{ Params: { id: string } }>('/api/v1/webhooks/:id', async (req, reply) => {
    const t = need(req, 'webhooks:manage');
    needPlan(t, 'light', 'Webhooks');
    const w = state.webhooks.get(req.params.id);
    if (!w || w.team !== t.team) throw new HttpError(404, 'not_found', `No webhook ${req.params.id}.`);
    state.webhooks.delete(w.id);
    return reply.code(204).send();
  });
  app.get('/api/v1/mqtt', async (req) => {
    const t = need(req, 'meters:read');
    needPlan(t, 'plus', 'MQTT');
    return hooks.mqttInfo(t);
  });
  app.get('/api/v1/sftp', async (req) => {
    const t = need(req, 'meters:read');
    needPlan(t, 'pro', 'SFTP');
    return hooks.sftpInfo(t);
  });

  // ---- simulated grid-operator portal (the customer's side; no API token) ----
  app.post<{ Params: { id: string; action: string } }>('/portal/consents/:id/:action', async (req) => {
    const c = state.consents.get(req.params.id);
    if (!c) throw new HttpError(404, 'not_found', `No consent ${req.params.id}.`);
    if (req.params.action !== 'approve' && req.params.action !== 'reject')
      throw new HttpError(404, 'not_found', 'Use approve or reject.');
    if (c.state !== 'requested') throw new HttpError(409, 'conflict', `This consent is ${c.state}.`);
    const m = state.catalog.meters.find((x) => x.id === c.meterId)!;
    if (req.params.action === 'approve') {
      c.state = 'approved';
      m.status = 'connected';
      m.hasData = true;
    } else {
      c.state = 'rejected';
      m.status = 'rejected';
    }
    return { consent: { id: c.id, state: c.state }, meter: { id: m.id, status: m.status } };
  });

  // ---- admin (loopback only) ----
  app.register(
    async (admin) => {
      admin.addHook('onRequest', async (req, reply) => {
        if (!isLoopback(req))
          return sendError(reply, 403, 'forbidden', 'The admin API answers on loopback only.');
        return undefined;
      });
      admin.get('/stats', async () => stats(state));
      admin.get('/clock', async () => ({ now: isoUtc(state.nowSec), now_sec: state.nowSec }));
      admin.post<{ Body: { to?: string; advance_days?: number; advance_sec?: number } }>(
        '/clock',
        async (req) => {
          const b = req.body ?? {};
          let target = state.nowSec;
          if (b.to !== undefined) target = parseIsoSec(b.to);
          if (b.advance_days !== undefined) target += b.advance_days * 86_400;
          if (b.advance_sec !== undefined) target += b.advance_sec;
          if (!Number.isFinite(target) || target < state.nowSec)
            throw new HttpError(
              422,
              'validation_failed',
              'The clock only moves forward; give "to", "advance_days" or "advance_sec".',
            );
          const delivered = await state.advanceTo(target);
          return { now: isoUtc(state.nowSec), delivered_days: delivered.length };
        },
      );
      admin.post<{
        Body: {
          kind: FaultKind;
          count?: number;
          retry_after?: 'seconds' | 'date';
          retry_after_sec?: number;
          delay_ms?: number;
          path_contains?: string;
        };
      }>('/faults', async (req) => {
        const b = req.body;
        const kinds: FaultKind[] = ['status429', 'status500', 'status503', 'slow', 'reset', 'truncate'];
        if (!b || !kinds.includes(b.kind))
          throw new HttpError(422, 'validation_failed', `kind must be one of ${kinds.join(', ')}.`);
        const f = {
          kind: b.kind,
          remaining: b.count ?? 1,
          retryAfter: b.retry_after,
          retryAfterSec: b.retry_after_sec,
          delayMs: b.delay_ms,
          pathContains: b.path_contains,
        };
        state.faults.push(f);
        return { faults: state.faults };
      });
      admin.delete('/faults', async () => {
        state.faults = [];
        return { faults: [] };
      });
      admin.post('/cursors/expire', async () => {
        state.cursorEpoch += 1;
        return { epoch: state.cursorEpoch };
      });
      admin.post<{ Body: { require_cursor?: boolean; rate_per_min?: number | null } }>(
        '/compat',
        async (req) => {
          if (req.body?.require_cursor !== undefined) state.requireCursor = req.body.require_cursor;
          if (req.body?.rate_per_min !== undefined) state.ratePerMinOverride = req.body.rate_per_min;
          state.windows.clear();
          return { require_cursor: state.requireCursor, rate_per_min: state.ratePerMinOverride };
        },
      );
      admin.post('/mqtt/disconnect', async () => ({ disconnected: hooks.disconnectMqtt() }));
      admin.get('/webhook-log', async () => ({ data: hooks.webhookLog() }));
      admin.get('/consents', async () => ({ data: [...state.consents.values()] }));
    },
    { prefix: '/admin' },
  );

  return app;
}

/** Visible readings of a meter in [fromSec, toSec), ordered by timestamp, then register. */
export function rangeReadings(
  state: DemoState,
  m: { registers: string[] } & Parameters<DemoState['readings']['visible']>[0],
  fromSec: number,
  toSec: number,
): DemoReading[] {
  const out: DemoReading[] = [];
  let sec = Math.ceil(fromSec / QH_SEC) * QH_SEC;
  while (sec < toSec) {
    const day = dayNumberOf(sec, state.tz);
    const dayStart = dayStartSec(day, state.tz);
    const dayEnd = dayStartSec(day + 1, state.tz);
    for (; sec < toSec && sec < dayEnd; sec += QH_SEC) {
      const slot = (sec - dayStart) / QH_SEC;
      for (const reg of m.registers) {
        const r = state.readings.visible(m, reg, day, slot, state.nowSec);
        if (r) out.push(r);
      }
    }
  }
  return out;
}

/** Per-local-day sums (granularity daily): one record per day and register, quality = worst of the day. */
function dailyRecords(
  state: DemoState,
  m: Parameters<DemoState['readings']['visible']>[0],
  fromSec: number,
  toSec: number,
): DemoReading[] {
  const out: DemoReading[] = [];
  const firstDay = dayNumberOf(fromSec, state.tz);
  const lastDay = dayNumberOf(toSec - 1, state.tz);
  for (let day = firstDay; day <= lastDay; day++) {
    const start = dayStartSec(day, state.tz);
    if (start < fromSec) continue;
    const end = dayStartSec(day + 1, state.tz);
    const qh = quarterHoursInDay(day, state.tz);
    for (const reg of m.registers) {
      let sum = 0;
      let n = 0;
      let worst: 1 | 2 | 3 = 1;
      let updated = 0;
      for (let slot = 0; slot < qh; slot++) {
        const r = state.readings.visible(m, reg, day, slot, state.nowSec);
        if (!r) continue;
        sum += r.value;
        n += 1;
        if (r.quality > worst) worst = r.quality;
        if (r.updatedSec > updated) updated = r.updatedSec;
      }
      if (n === 0) continue;
      out.push({
        meter: m,
        register: reg,
        startSec: start,
        endSec: end,
        day,
        slot: 0,
        value: Math.round(sum * 1000) / 1000,
        quality: n < qh ? 3 : worst,
        updatedSec: updated,
      });
    }
  }
  return out;
}

function expectedIntervals(state: DemoState, fromSec: number, toSec: number, granularity: string): number {
  if (granularity === 'daily') {
    let n = 0;
    for (let day = dayNumberOf(fromSec, state.tz); day <= dayNumberOf(toSec - 1, state.tz); day++)
      if (dayStartSec(day, state.tz) >= fromSec) n += 1;
    return n;
  }
  // Quarter-hours are fixed 900 s of UTC, so the real count of a range is its length / 900,
  // which is 92 or 100 on DST change days.
  return Math.max(0, Math.floor(toSec / QH_SEC) - Math.ceil(fromSec / QH_SEC));
}

export function stats(state: DemoState): Record<string, unknown> {
  const teams: Record<
    string,
    { readings: number; meters: Record<string, { metering_point: string; readings: Record<string, number> }> }
  > = {};
  for (const team of state.catalog.teams) {
    let total = 0;
    const meters: Record<string, { metering_point: string; readings: Record<string, number> }> = {};
    for (const m of state.teamMeters(team)) {
      const counts = state.readings.countVisible(m, state.nowSec);
      for (const v of Object.values(counts)) total += v;
      meters[m.id] = { metering_point: m.metering_point, readings: counts };
    }
    teams[team] = { readings: total, meters };
  }
  return { now: isoUtc(state.nowSec), now_sec: state.nowSec, teams };
}

export { errorBody };
export type { FastifyReply };
