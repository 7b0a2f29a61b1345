/**
 * The demo service's HTTP surface (Fastify): both API surfaces, the simulated grid-operator portal and
 * the loopback-only admin API, in the contract generation the state was started with (generations.ts).
 * Hooks apply, in order: fault injection, the `Energiedaten-Version` header, authentication, rate
 * limits; every answer carries the service clock as its `Date`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { DemoToken } from './catalog';
import { errorBody, HttpError, sendError } from './http-errors';
import { adminRoutes } from './routes/admin';
import { channelRoutes } from './routes/channels';
import { portalRoutes } from './routes/portal';
import { meterDataRoutes, smartMeterRoutes } from './routes/smart-meters';
import { structureRoutes } from './routes/structure';
import { teamRoutes } from './routes/team';
import type { DemoState, FaultKind } from './state';

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

export function createDemoApp(state: DemoState, hooks: DemoAppHooks): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: 1_000_000,
    forceCloseConnections: true,
    return503OnClosing: false,
  });
  const gen = () => state.generation;

  app.setNotFoundHandler((req, reply) =>
    sendError(reply, 404, 'not_found', `No route ${req.method} ${req.url.split('?')[0]}.`, gen()),
  );
  app.setErrorHandler(
    (err: Error & { statusCode?: number; validation?: unknown; code?: string }, _req, reply) => {
      if (err instanceof HttpError) return sendError(reply, err.status, err.code, err.message, gen());
      if (err.validation) return sendError(reply, 422, 'validation_failed', err.message, gen());
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return sendError(
          reply,
          err.statusCode === 415 ? 400 : err.statusCode,
          'bad_request',
          err.message,
          gen(),
        );
      }
      return sendError(
        reply,
        500,
        'internal',
        'The service had an internal problem. Try again later.',
        gen(),
      );
    },
  );

  // ---- fault injection, version header, auth, rate limits (API routes only) ----
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    state.approveDue(); // the simulated customer, who approves after a while
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
        return sendError(reply, 429, 'rate_limited', 'Too many requests (injected fault).', gen());
      }
      if (kind === 'status500') return sendError(reply, 500, 'internal', 'Injected internal error.', gen());
      if (kind === 'status503')
        return sendError(reply, 503, 'internal', 'Service unavailable (injected).', gen());
      if (kind === 'reset') {
        req.raw.socket.destroy();
        return reply;
      }
      if (kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 2000));
      if (kind === 'truncate') req.truncateBody = true;
    }
    const version = req.headers['energiedaten-version'];
    if (gen() === 'current' && version !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(version)))
      return sendError(reply, 400, 'bad_request', 'Energiedaten-Version must be a date (YYYY-MM-DD).', gen());
    const auth = req.headers.authorization;
    const m = typeof auth === 'string' ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
    const token = m ? state.tokenInfo(m[1]!) : undefined;
    if (!token)
      return sendError(
        reply,
        401,
        'unauthenticated',
        'Missing or invalid API token. Send "Authorization: Bearer <token>".',
        gen(),
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
    // The spec mentions rate-limit headers without naming them: a spec service sends none.
    if (gen() !== 'spec') {
      reply.header('X-RateLimit-Limit', String(limit));
      reply.header('X-RateLimit-Remaining', String(Math.max(0, limit - w.count)));
      reply.header('X-RateLimit-Reset', String(reset));
    }
    if (w.count > limit) {
      reply.header('Retry-After', String(Math.max(1, reset - nowSec)));
      return sendError(
        reply,
        429,
        'rate_limited',
        `Rate limit of ${limit} requests per minute exceeded.`,
        gen(),
      );
    }
    return undefined;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    // The service's own clock, which tests move: what "now" is for the readings it serves.
    reply.header('date', new Date(state.nowSec * 1000).toUTCString());
    if (req.truncateBody && (typeof payload === 'string' || Buffer.isBuffer(payload)))
      return payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
    return payload;
  });

  teamRoutes(app, state);
  smartMeterRoutes(app, state);
  meterDataRoutes(app, state);
  structureRoutes(app, state);
  channelRoutes(app, state, hooks);
  portalRoutes(app, state);
  adminRoutes(app, state, hooks);
  return app;
}

export { errorBody };
