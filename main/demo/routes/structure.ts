/**
 * The account's structure: `/api/v1/account`, customers, sites and metering points. The `spec`
 * generation has none of these (their paths are "not shown" there).
 */
import type { FastifyInstance } from 'fastify';
import { planFeatures } from '../catalog';
import { listJson } from '../generations';
import { HttpError } from '../http-errors';
import type { DemoState } from '../state';
import { isoUtc } from '../../time/local-days';
import { listPage, need, only } from './common';

export function structureRoutes(app: FastifyInstance, state: DemoState): void {
  const gen = () => state.generation;
  const ourOrCurrent = (req: Parameters<typeof only>[2]) => only(state, ['ours', 'current'], req);

  app.get('/api/v1/account', async (req) => {
    ourOrCurrent(req);
    const t = need(req, 'meters:read');
    return { team: t.team, plan: t.plan, scopes: t.scopes, features: planFeatures[t.plan] };
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/customers', async (req) => {
    ourOrCurrent(req);
    return listJson(gen(), listPage(state.customers(need(req, 'meters:read').team), req.query));
  });
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
      ourOrCurrent(req);
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
    ourOrCurrent(req);
    const t = need(req, 'meters:read');
    const list = state
      .sites(t.team)
      .filter((s) => !req.query.customer_id || s.customer_id === req.query.customer_id);
    return listJson(gen(), listPage(list, req.query));
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
      ourOrCurrent(req);
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
    ourOrCurrent(req);
    const t = need(req, 'meters:read');
    const list = state.visibleMeters(t).map((m) => ({
      metering_point: m.metering_point,
      meter_id: m.id,
      site_id: m.site_id,
      energy_direction: m.energy_direction,
      commodity: m.commodity,
    }));
    return listJson(gen(), listPage(list, req.query));
  });
}
