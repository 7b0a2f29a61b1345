/**
 * MQTT push: subscribes with the team's credentials (QoS 1) and feeds every message through the same
 * revision-guarded upsert as the cursor sync, so duplicates (possible with QoS 1) are no-ops.
 *
 * - Reconnects itself with exponential backoff and full jitter (mqtt.js alone retries at a fixed
 *   interval, so its own reconnect is switched off).
 * - Keeps a persistent session (clean: false, stable client id) and resubscribes whenever the broker did
 *   not keep it (sessionPresent false).
 * - After every reconnect it asks for a cursor sync, which reconciles whatever was missed while offline.
 * - Payloads: our JSON (the webhook body: `{meter_id?, metering_point, unit, data:[readings]}`) and the
 *   compact profile `{"val": <Wh>, "ts": <unix seconds of the interval start>}` on
 *   `<prefix>/<metering_point>/<name>`. A bad payload is counted and reported, never fatal.
 * - The topic decides the meter: a payload whose `metering_point` differs from its topic's is dropped
 *   and logged; readings that cannot be real are dropped as the sync drops them.
 */
import { parseJsonBounded } from '../doors/json-bytes';
import mqtt, { type MqttClient } from 'mqtt';
import { z } from 'zod';
import { implausibility, readingsSchema, type ApiReading } from '../api/schemas';
import { serviceText } from '../api/service-text';
import { systemClock } from '../time/clock';

export interface MqttSettings {
  url: string;
  username: string;
  password: string;
  topic_prefix: string;
}

export interface MqttPushStatus {
  state: 'connected' | 'reconnecting' | 'off';
  lastMessageSec: number | null;
  messages: number;
  rejected: number;
  lastError: string | null;
}

export interface MqttPushDeps {
  settings: MqttSettings;
  clientId: string;
  /** Maps a metering point number to our meter id (null = not one of ours: ignored). */
  meterIdFor: (meteringPoint: string) => string | null;
  apply: (meterId: string, readings: ApiReading[], source: 'mqtt') => void;
  /** Called after every reconnect (not the first connect): run a cursor sync to reconcile. */
  onReconnected?: () => void;
  onStatus?: (s: MqttPushStatus) => void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

const jsonPayload = z
  .object({
    meter_id: z.string().optional(),
    metering_point: z.string().optional(),
    unit: z.string().optional(),
    data: readingsSchema,
  })
  .loose();
const compactPayload = z.object({ val: z.number().finite(), ts: z.number().int().positive() }).loose();

/**
 * The largest push payload read: a day's readings of a meter (100 quarter-hours × a few registers) is
 * a few tens of KB; 1 MB leaves room and bounds what a broker can make this process hold per message.
 */
export const MAX_PUSH_BYTES = 1024 * 1024;
const PUSH_JSON_LIMITS = { containers: 20_000, values: 200_000 };

export function parsePushMessage(
  topic: string,
  prefix: string,
  payload: Buffer,
): { meteringPoint: string; readings: ApiReading[] } {
  if (!topic.startsWith(prefix + '/')) throw new Error(`topic ${topic} is outside ${prefix}/`);
  const [meteringPoint, name] = topic.slice(prefix.length + 1).split('/');
  if (!meteringPoint || !name) throw new Error(`topic ${topic} has no metering point`);
  let body: unknown;
  try {
    // Through the door (doors/json-bytes.ts): bytes and shape bounded before the parse.
    body = parseJsonBounded(payload, MAX_PUSH_BYTES, PUSH_JSON_LIMITS);
  } catch (err) {
    throw new Error(`payload refused: ${(err as Error).message}`);
  }
  const compact = compactPayload.safeParse(body);
  if (compact.success && name !== 'readings') {
    const { val, ts } = compact.data;
    return checked(
      [
        {
          startSec: ts,
          endSec: ts + 900,
          value: val / 1000,
          unit: 'kWh',
          obisCode: name,
          quality: 1,
          updatedSec: null,
        },
      ],
      meteringPoint,
    );
  }
  const full = jsonPayload.safeParse(body);
  if (!full.success) throw new Error(`payload does not match: ${full.error.issues[0]?.message ?? ''}`);
  // The topic decides whose readings these are: the broker's ACLs guard topics, not payloads, so a
  // payload naming another metering point could write another meter's readings.
  if (full.data.metering_point !== undefined && full.data.metering_point !== meteringPoint)
    throw new Error(
      `payload names metering point ${serviceText(full.data.metering_point, 40)}, the topic ${meteringPoint}: dropped`,
    );
  const unit = full.data.unit ?? 'kWh';
  return checked(
    full.data.data.map((r) => ({ ...r, unit: r.unit ?? unit })),
    meteringPoint,
  );
}

/** The readings, if every one can be real (as for the sync: schemas.ts `implausibility`). */
function checked(
  readings: ApiReading[],
  meteringPoint: string,
): { meteringPoint: string; readings: ApiReading[] } {
  const nowSec = systemClock.nowMs() / 1000;
  for (const r of readings) {
    const why = implausibility(r, nowSec);
    if (why !== null) throw new Error(`reading cannot be real: ${why}`);
  }
  return { meteringPoint, readings };
}

export function createMqttPush(deps: MqttPushDeps) {
  const base = deps.baseDelayMs ?? 1000;
  const cap = deps.maxDelayMs ?? 60_000;
  const random = deps.random ?? Math.random;
  const topic = `${deps.settings.topic_prefix}/#`;
  let client: MqttClient | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempts = 0;
  let stopped = true;
  let everConnected = false;
  const status: MqttPushStatus = {
    state: 'off',
    lastMessageSec: null,
    messages: 0,
    rejected: 0,
    lastError: null,
  };
  const report = () => deps.onStatus?.({ ...status });

  function scheduleReconnect(): void {
    if (stopped || timer) return;
    status.state = 'reconnecting';
    report();
    const delay = Math.floor(random() * Math.min(cap, base * 2 ** attempts));
    attempts += 1;
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, delay);
    timer.unref?.();
  }

  function connect(): void {
    if (stopped) return;
    const c = mqtt.connect(deps.settings.url, {
      username: deps.settings.username,
      password: deps.settings.password,
      clientId: deps.clientId,
      clean: false,
      reconnectPeriod: 0,
      connectTimeout: 15_000,
      protocolVersion: 4,
    });
    client = c;
    c.on('connect', (connack) => {
      attempts = 0;
      status.state = 'connected';
      status.lastError = null;
      report();
      const afterSubscribe = () => {
        if (everConnected) deps.onReconnected?.();
        everConnected = true;
      };
      if (!connack.sessionPresent) {
        c.subscribe(topic, { qos: 1 }, (err) => {
          if (err) {
            status.lastError = `subscribe failed: ${err.message}`;
            report();
          }
          afterSubscribe();
        });
      } else afterSubscribe();
    });
    c.on('message', (t, payload) => {
      try {
        const { meteringPoint, readings } = parsePushMessage(t, deps.settings.topic_prefix, payload);
        const meterId = deps.meterIdFor(meteringPoint);
        if (!meterId) return;
        deps.apply(meterId, readings, 'mqtt');
        status.messages += 1;
        status.lastMessageSec = systemClock.nowSec();
      } catch (err) {
        status.rejected += 1;
        status.lastError = `ignored a message on ${serviceText(t, 120)}: ${(err as Error).message}`;
        console.warn(`Meterdesk MQTT: ${status.lastError}`);
      }
      report();
    });
    c.on('error', (err) => {
      status.lastError = err.message;
    });
    c.on('close', () => {
      if (client !== c) return;
      c.removeAllListeners('message');
      c.end(true);
      client = null;
      scheduleReconnect();
    });
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      connect();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const c = client;
      client = null;
      if (c) await c.endAsync(true).catch(() => undefined);
      status.state = 'off';
      report();
    },
    status: (): MqttPushStatus => ({ ...status }),
  };
}

export type MqttPush = ReturnType<typeof createMqttPush>;
