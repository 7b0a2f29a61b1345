/**
 * Settings of the push channels: webhooks (Light+), MQTT (Plus+) and SFTP (Pro).
 */
import type { FastifyInstance } from 'fastify';
import type { DemoAppHooks } from '../app';
import { HttpError } from '../http-errors';
import type { DemoState } from '../state';
import { isoUtc } from '../../time/local-days';
import { need, needPlan } from './common';

export function channelRoutes(app: FastifyInstance, state: DemoState, hooks: DemoAppHooks): void {
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
}
