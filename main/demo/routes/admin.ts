/**
 * The loopback-only admin API: totals, the clock, fault injection, cursor expiry, compatibility
 * switches and the push channels' logs. It answers the same in every contract generation.
 */
import type { FastifyInstance } from 'fastify';
import type { DemoAppHooks } from '../app';
import { HttpError, sendError } from '../http-errors';
import { stats } from '../range';
import type { DemoState, FaultKind } from '../state';
import { isoUtc, parseIsoSec } from '../../time/local-days';
import { isLoopback } from './common';

export function adminRoutes(app: FastifyInstance, state: DemoState, hooks: DemoAppHooks): void {
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
        state.faults.push({
          kind: b.kind,
          remaining: b.count ?? 1,
          retryAfter: b.retry_after,
          retryAfterSec: b.retry_after_sec,
          delayMs: b.delay_ms,
          pathContains: b.path_contains,
        });
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
      admin.post<{ Body: { feed_disabled?: boolean; rate_per_min?: number | null } }>(
        '/compat',
        async (req) => {
          if (req.body?.feed_disabled !== undefined) state.feedDisabled = req.body.feed_disabled;
          if (req.body?.rate_per_min !== undefined) state.ratePerMinOverride = req.body.rate_per_min;
          state.windows.clear();
          return {
            contract: state.generation,
            feed_disabled: state.feedDisabled,
            rate_per_min: state.ratePerMinOverride,
          };
        },
      );
      admin.post('/mqtt/disconnect', async () => ({ disconnected: hooks.disconnectMqtt() }));
      admin.get('/webhook-log', async () => ({ data: hooks.webhookLog() }));
      admin.get('/consents', async () => ({ data: [...state.consents.values()] }));
    },
    { prefix: '/admin' },
  );
}
