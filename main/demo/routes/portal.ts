/**
 * The simulated grid-operator portal: the customer's side of a consent (no API token).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors';
import type { DemoState } from '../state';

export function portalRoutes(app: FastifyInstance, state: DemoState): void {
  app.post<{ Params: { id: string; action: string } }>('/portal/consents/:id/:action', async (req) => {
    const c = state.consents.get(req.params.id);
    if (!c) throw new HttpError(404, 'not_found', `No consent ${req.params.id}.`);
    if (req.params.action !== 'approve' && req.params.action !== 'reject')
      throw new HttpError(404, 'not_found', 'Use approve or reject.');
    if (c.state !== 'requested') throw new HttpError(409, 'conflict', `This consent is ${c.state}.`);
    const m = state.catalog.meters.find((x) => x.id === c.meterId)!;
    if (req.params.action === 'approve') state.approve(c);
    else {
      c.state = 'rejected';
      m.status = 'rejected';
    }
    return { consent: { id: c.id, state: c.state }, meter: { id: m.id, status: m.status } };
  });
}
