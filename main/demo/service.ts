/**
 * Starts a complete demo service: HTTP API (both surfaces, portal, admin), embedded MQTT broker,
 * webhook delivery and SFTP server, sharing one state and clock. Used standalone (`npm run
 * demo-service`), by the tests and the benchmarks, and in-process by the app's demo profile — there
 * with HTTP and MQTT only (`inApp`), the two the app reads: no SFTP server (ssh2 is not even loaded)
 * and no webhook deliveries.
 */
import type { AddressInfo } from 'node:net';
import { createDemoApp } from './app';
import type { Generation } from './generations';
import { createWebhookDelivery, startMqttBroker } from './push';
import { DemoState, type DemoOptions } from './state';

export interface DemoServiceOptions extends Partial<DemoOptions> {
  host?: string;
  port?: number;
  mqttPort?: number;
  sftpPort?: number;
  /** Deliver a simulated day every this many seconds. */
  accelerateSec?: number;
  /** Start the MQTT broker and SFTP server (default true). */
  withBrokers?: boolean;
  /** The app's own demo: HTTP and MQTT only, no SFTP server and no webhook deliveries. */
  inApp?: boolean;
}

export interface DemoServiceInfo {
  base_url: string;
  team: string;
  /** The team base URL as the token page shows it (`{base_url}/api/v1/teams/{team}`): paste it into Connect. */
  team_url: string;
  /** The contract generation the service speaks. */
  contract: Generation;
  tokens: { free: string; light: string; plus: string; pro: string; readonly: string; other_team: string };
  mqtt: { url: string; username: string; password: string; topic_prefix: string } | null;
  sftp: { host: string; port: number; username: string; password: string } | null;
  admin_url: string;
  portal_url: string;
  other_team: string;
}

export interface DemoService {
  info: DemoServiceInfo;
  state: DemoState;
  /** Moves the clock by whole days and waits until pushes for them were sent. */
  advanceDays(days: number): Promise<void>;
  settleWebhooks(): Promise<void>;
  stop(): Promise<void>;
}

export async function startDemoService(opts: DemoServiceOptions = {}): Promise<DemoService> {
  const host = opts.host ?? '127.0.0.1';
  const state = new DemoState({
    seed: opts.seed ?? 1,
    meters: opts.meters ?? 9,
    years: opts.years ?? 3,
    clock: opts.clock,
    tz: opts.tz,
    ratePerMin: opts.ratePerMin,
    feedPageSize: opts.feedPageSize,
    webhookBackoffMs: opts.webhookBackoffMs,
    contract: opts.contract,
    autoApproveSec: opts.autoApproveSec,
  });
  const withBrokers = opts.withBrokers ?? true;
  const mqtt = withBrokers ? await startMqttBroker(state, host, opts.mqttPort ?? 0) : null;
  const sftp =
    withBrokers && !opts.inApp
      ? await (await import('./sftp')).startSftpServer(state, host, opts.sftpPort ?? 0)
      : null;
  const webhooks = createWebhookDelivery(state);
  state.onDelivery(async (day) => {
    if (!opts.inApp) webhooks.deliver(day);
    if (mqtt) await mqtt.publishDelivery(day);
  });

  const app = createDemoApp(state, {
    mqttInfo: (t) => (mqtt ? { url: mqtt.url, ...mqtt.credentials(t.team) } : {}),
    sftpInfo: (t) => (sftp ? sftp.credentials(t.team) : {}),
    disconnectMqtt: () => (mqtt ? mqtt.disconnectAll() : 0),
    webhookLog: () => webhooks.log(),
  });
  await app.listen({ host, port: opts.port ?? 0 });
  const port = (app.server.address() as AddressInfo).port;
  const baseUrl = `http://${host}:${port}`;
  const team = state.catalog.teams[0]!;
  const tok = (name: string) => state.catalog.tokens.find((t) => t.name === name)!.token;

  let timer: NodeJS.Timeout | null = null;
  if (opts.accelerateSec && opts.accelerateSec > 0) {
    timer = setInterval(() => void state.advanceTo(state.nowSec + 86_400), opts.accelerateSec * 1000);
    timer.unref();
  }

  const info: DemoServiceInfo = {
    base_url: baseUrl,
    team,
    team_url: `${baseUrl}/api/v1/teams/${team}`,
    contract: state.generation,
    tokens: {
      free: tok('free token'),
      light: tok('light token'),
      plus: tok('plus token'),
      pro: tok('pro token'),
      readonly: tok('read-only token'),
      other_team: tok('other team'),
    },
    mqtt: mqtt ? { url: mqtt.url, ...mqtt.credentials(team) } : null,
    sftp: sftp ? sftp.credentials(team) : null,
    admin_url: `${baseUrl}/admin`,
    portal_url: `${baseUrl}/portal`,
    other_team: state.catalog.teams[1]!,
  };
  return {
    info,
    state,
    async advanceDays(days: number) {
      await state.advanceTo(state.nowSec + days * 86_400);
    },
    settleWebhooks: () => webhooks.settle(),
    async stop() {
      if (timer) clearInterval(timer);
      await app.close();
      await mqtt?.close();
      await sftp?.close();
    },
  };
}
