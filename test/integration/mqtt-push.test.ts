// MQTT push through a real mosquitto broker: messages ingested through the revision-guarded upsert,
// duplicates ignored, a broker restart survived (reconnect + resubscribe), and what was missed while
// offline reconciled by the cursor sync that every reconnect triggers.
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMqttPush, parsePushMessage, type MqttPushStatus } from '../../main/push/mqtt-push';
import type { DemoService } from '../../main/demo/service';
import { pushPayload } from '../../main/demo/records';
import { demo } from './helpers';
import { startMosquitto, type Broker } from './mosquitto';
import { diff, localReadings, serviceReadings, syncCore } from './sync-helpers';

const prefix = 'meterdesk/team-test';
const until = async (cond: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

let broker: Broker;
let svc: DemoService;
beforeAll(async () => {
  broker = await startMosquitto();
  svc = await demo({ years: 0.1 });
});
afterAll(async () => {
  await broker.stop();
  await svc.stop();
});

describe('MQTT push', () => {
  it('parses our JSON payload and the compact {val, ts} profile, and rejects others', () => {
    const compact = parsePushMessage(
      `${prefix}/AT1/1-1:1.9.0 G.01`,
      prefix,
      Buffer.from('{"val": 125, "ts": 1699999200}'),
    );
    expect(compact.readings[0]).toMatchObject({
      value: 0.125,
      startSec: 1699999200,
      endSec: 1700000100,
      obisCode: '1-1:1.9.0 G.01',
      updatedSec: null,
    });
    expect(() => parsePushMessage(`${prefix}/AT1/readings`, prefix, Buffer.from('not json'))).toThrow(/JSON/);
    expect(() => parsePushMessage(`other/AT1/readings`, prefix, Buffer.from('{}'))).toThrow(/outside/);
  });

  it("lets the topic decide the meter: a payload naming another meter's metering point is dropped", () => {
    const reading = {
      timestamp: '2026-11-01T00:00:00+01:00',
      timestamp_end: '2026-11-01T00:15:00+01:00',
      value: 0.2,
      obis_code: '1-1:1.9.0 G.01',
      quality: 1,
      updated_at: '2026-11-02T06:00:00+01:00',
    };
    const body = (o: object) => Buffer.from(JSON.stringify({ unit: 'kWh', data: [reading], ...o }));
    expect(
      parsePushMessage(`${prefix}/AT1/readings`, prefix, body({ metering_point: 'AT1' })).meteringPoint,
    ).toBe('AT1');
    expect(parsePushMessage(`${prefix}/AT1/readings`, prefix, body({})).meteringPoint).toBe('AT1');
    expect(() => parsePushMessage(`${prefix}/AT1/readings`, prefix, body({ metering_point: 'AT2' }))).toThrow(
      /payload names metering point AT2, the topic AT1: dropped/,
    );
    // Readings that cannot be real are dropped here as in the sync.
    expect(() =>
      parsePushMessage(`${prefix}/AT1/readings`, prefix, body({ data: [{ ...reading, value: 1e308 }] })),
    ).toThrow(/cannot be real/);
    expect(() =>
      parsePushMessage(
        `${prefix}/AT1/1-1:1.9.0 G.01`,
        prefix,
        Buffer.from('{"val": -5000, "ts": 1699999200}'),
      ),
    ).toThrow(/negative/);
  });

  it('ingests, ignores duplicates, survives a broker restart and reconciles by cursor sync', async () => {
    const core = syncCore(svc);
    await core.sync.syncAll();
    const meter = svc.state.catalog.meters.find(
      (m) => m.team === svc.info.team && m.label === 'Wohnung Huber',
    )!;
    const statuses: MqttPushStatus[] = [];
    const writes: number[] = [];
    let reconciles = 0;
    const { createReadingsStore } = await import('../../main/db/readings-store');
    const store = createReadingsStore(core.db);
    const push = createMqttPush({
      settings: { url: broker.url, username: 'x', password: 'y', topic_prefix: prefix },
      clientId: 'meterdesk-test-client',
      meterIdFor: (mp) =>
        (
          core.db.prepare('SELECT id FROM meters WHERE metering_point = ?').get(mp) as
            { id: string } | undefined
        )?.id ?? null,
      apply: (meterId, readings) => {
        const r = store.applyPage(
          meterId,
          readings.map((x) => ({ ...x, unit: x.unit ?? 'kWh' })),
          'mqtt',
          Math.floor(Date.now() / 1000),
        );
        writes.push(r.inserted + r.updated);
      },
      onReconnected: () => {
        reconciles += 1;
        void core.sync.syncAll().catch(() => undefined);
      },
      onStatus: (s) => statuses.push(s),
      baseDelayMs: 50,
      maxDelayMs: 500,
    });
    push.start();
    await until(() => push.status().state === 'connected');
    const publisher = await mqtt.connectAsync(broker.url, { clientId: 'publisher', reconnectPeriod: 0 });
    await new Promise((r) => setTimeout(r, 100));

    // A message for a day the local copy does not have yet: a future delivery, built by the service.
    const nextDay = svc.state.readings.lastDeliveryDay(svc.state.nowSec) + 1;
    const batch = svc.state.readings.batch(meter, nextDay, svc.state.readings.opts.dataStartDay);
    const payload = JSON.stringify(pushPayload(svc.state, meter, nextDay, batch));
    await publisher.publishAsync(`${prefix}/${meter.metering_point}/readings`, payload, { qos: 1 });
    await until(() => writes.length === 1);
    expect(writes[0]).toBe(batch.length);
    await publisher.publishAsync(`${prefix}/${meter.metering_point}/readings`, payload, { qos: 1 });
    await until(() => writes.length === 2);
    expect(writes[1]).toBe(0);
    await publisher.publishAsync(`${prefix}/${meter.metering_point}/readings`, 'garbage', { qos: 1 });
    await until(() => push.status().rejected === 1);
    await publisher.endAsync();

    // The broker goes away; meanwhile the service delivers a day that MQTT never carries.
    await broker.stop();
    await until(() => push.status().state === 'reconnecting');
    await svc.advanceDays(2);
    await broker.restart();
    await until(() => push.status().state === 'connected' && reconciles === 1, 20_000);
    await until(() => !core.sync.isRunning());
    expect(diff(localReadings(core.db), await serviceReadings(svc))).toEqual([]);

    // The subscription was renewed after the restart (mosquitto kept no session): messages flow again.
    const pub2 = await mqtt.connectAsync(broker.url, { clientId: 'publisher2', reconnectPeriod: 0 });
    await pub2.publishAsync(
      `${prefix}/${meter.metering_point}/1-1:1.9.0 G.01`,
      JSON.stringify({ val: 4321, ts: 1_000_000_200 - (1_000_000_200 % 900) }),
      { qos: 1 },
    );
    await until(() => writes.length === 3);
    expect(writes[2]).toBe(1);
    await pub2.endAsync();
    expect(statuses.some((s) => s.state === 'reconnecting')).toBe(true);
    await push.stop();
    expect(push.status().state).toBe('off');
  });
});
