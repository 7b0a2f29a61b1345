/**
 * A registered meter's consent on the account-level surface (`/api/v1/smart-meters/:id/consent`): the
 * request (sent again while one is pending) and its withdrawal.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors';
import { addBusinessDays, type DemoState } from '../state';
import { isoUtc } from '../../time/local-days';
import { meterOf, need } from './common';

/** The consent of a registered meter: requested (sent again while pending), and withdrawn while pending. */
export function consentRoutes(app: FastifyInstance, state: DemoState): void {
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
      const m = meterOf(state, t, req.params.id, false);
      if (m.status === 'connected') throw new HttpError(409, 'conflict', 'This meter is already connected.');
      // A request while one is pending sends it again: the earlier one is superseded, the expiry restarts.
      for (const c of state.consents.values())
        if (c.meterId === m.id && c.state === 'requested') c.state = 'superseded';
      const consent = {
        id: state.nextId(),
        meterId: m.id,
        state: 'requested' as const,
        requestedSec: state.nowSec,
        requestedAtMs: Date.now(),
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

  // Withdraws a pending consent request: the meter is registered again, nothing is shared.
  app.delete<{ Params: { id: string } }>('/api/v1/smart-meters/:id/consent', async (req, reply) => {
    const t = need(req, 'consents:request');
    const m = meterOf(state, t, req.params.id, false);
    const pending = [...state.consents.values()].filter((c) => c.meterId === m.id && c.state === 'requested');
    if (pending.length === 0)
      throw new HttpError(409, 'conflict', 'No consent request is pending for this meter.');
    for (const c of pending) c.state = 'withdrawn';
    m.status = 'registered';
    return reply.code(204).send();
  });
}
