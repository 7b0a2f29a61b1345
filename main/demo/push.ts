/**
 * Push delivery of the demo service: signed webhooks with retries, and an embedded MQTT broker
 * (aedes) with per-team credentials and an ACL that keeps each team to its own topics.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Aedes } from 'aedes';
import type { DemoState } from './state';
import { pushPayload } from './records';
import { hash } from './rng';

export function signBody(secret: string, rawBody: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex');
}

export interface WebhookAttempt {
  webhookId: string;
  url: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: string;
}

/** Delivers every webhook of every team for one delivery day; retries up to 4 times with backoff. */
export function createWebhookDelivery(state: DemoState) {
  const log: WebhookAttempt[] = [];
  const pending = new Set<Promise<void>>();

  async function send(webhook: { id: string; url: string; secret: string }, body: string): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      let status: number | null = null;
      let error: string | null = null;
      try {
        const res = await fetch(webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-signature-256': signBody(webhook.secret, body),
            'x-webhook-id': webhook.id,
            'x-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      log.push({
        webhookId: webhook.id,
        url: webhook.url,
        attempt,
        status,
        error,
        at: new Date().toISOString(),
      });
      if (log.length > 1000) log.shift();
      if (status !== null && status >= 200 && status < 300) return;
      if (attempt < 5) await new Promise((r) => setTimeout(r, state.webhookBackoffMs * 2 ** (attempt - 1)));
    }
  }

  function deliver(deliveryDay: number): void {
    for (const webhook of state.webhooks.values()) {
      for (const meter of state.teamMeters(webhook.team)) {
        const data = state.readings.batch(meter, deliveryDay, state.readings.opts.dataStartDay);
        if (data.length === 0) continue;
        const body = JSON.stringify(pushPayload(state, meter, deliveryDay, data));
        const p = send(webhook, body).finally(() => pending.delete(p));
        pending.add(p);
      }
    }
  }

  return {
    deliver,
    log: () => [...log],
    /** Waits for deliveries in flight (used on shutdown and by tests). */
    settle: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export interface MqttBroker {
  port: number;
  url: string;
  credentials(team: string): { username: string; password: string; topic_prefix: string };
  publishDelivery(deliveryDay: number): Promise<void>;
  disconnectAll(): number;
  close(): Promise<void>;
}

export async function startMqttBroker(state: DemoState, host: string, port: number): Promise<MqttBroker> {
  const broker = await Aedes.createBroker({ id: 'meterdesk-demo' });
  const credentials = (team: string) => ({
    username: team,
    password:
      'mq_' +
      hash(state.opts.seed, 4242, ...[...team].map((c) => c.charCodeAt(0))).toString(36) +
      hash(state.opts.seed, 4343, team.length).toString(36),
    topic_prefix: `meterdesk/${team}`,
  });
  const teamOfClient = new Map<string, string>();
  broker.authenticate = (client, username, password, done) => {
    const team = state.catalog.teams.find((t) => t === username);
    const ok = !!team && !!password && password.toString() === credentials(team).password;
    if (ok) teamOfClient.set(client.id, team);
    if (!ok) {
      const err = Object.assign(new Error('Bad username or password'), { returnCode: 4 });
      done(err as never, false);
      return;
    }
    done(null, true);
  };
  broker.authorizeSubscribe = (client, sub, done) => {
    const team = client ? teamOfClient.get(client.id) : undefined;
    if (!team || !sub.topic.startsWith(`meterdesk/${team}/`)) {
      // A negative SUBACK (0x80) for another team's topics; the connection stays up.
      done(null, null);
      return;
    }
    done(null, sub);
  };
  broker.authorizePublish = (client, _packet, done) => {
    // Clients are read-only; only the service itself (client === null) publishes.
    done(client ? new Error('Publishing is not allowed') : null);
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as { port: number }).port;

  return {
    port: actualPort,
    url: `mqtt://${host}:${actualPort}`,
    credentials,
    async publishDelivery(deliveryDay: number) {
      for (const meter of state.catalog.meters) {
        const data = state.readings.batch(meter, deliveryDay, state.readings.opts.dataStartDay);
        if (data.length === 0) continue;
        const payload = Buffer.from(JSON.stringify(pushPayload(state, meter, deliveryDay, data)));
        await new Promise<void>((resolve) => {
          broker.publish(
            {
              cmd: 'publish',
              topic: `meterdesk/${meter.team}/${meter.metering_point}/readings`,
              payload,
              qos: 1,
              retain: false,
              dup: false,
            },
            () => resolve(),
          );
        });
      }
    },
    disconnectAll() {
      const n = sockets.size;
      for (const s of sockets) s.destroy();
      return n;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      await new Promise<void>((r) => broker.close(() => r()));
    },
  };
}
