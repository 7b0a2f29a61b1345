/** MQTT push for an open profile, where its plan has it: readings applied as they arrive. */
import type { MqttPushStatus } from './push/mqtt-push';
import { createMqttPush } from './push/mqtt-push';
import type { Emit, ProfileContext } from './profile-context';
import { systemClock } from './time/clock';

export interface PushDeps {
  /** False: MQTT is switched off for these services. */
  enabled: boolean;
  /** Whether `c` is still the active profile once the plan's settings have arrived. */
  stillActive: (c: ProfileContext) => boolean;
  emit: Emit;
  onState: (state: MqttPushStatus['state']) => void;
  onReconnected: () => void;
}

/** Starts MQTT push for the active profile when its plan has it; otherwise MQTT stays "off". */
export async function startPush(c: ProfileContext, d: PushDeps): Promise<void> {
  if (c.push || !d.enabled) return;
  let settings;
  try {
    settings = await c.api.mqttSettings();
  } catch {
    return; // no MQTT on this plan (403 plan_required) or not offered: the cursor sync suffices
  }
  if (!d.stillActive(c)) return;
  c.push = createMqttPush({
    settings,
    clientId: `meterdesk-${c.profile.id}-${process.pid}`.slice(0, 64),
    meterIdFor: (mp) => c.account.meterIdOfPoint(mp),
    apply: (meterId, rows) => {
      const w = c.readings.applyPage(
        meterId,
        rows.map((r) => ({ ...r, unit: r.unit ?? 'kWh' })),
        'mqtt',
        systemClock.nowSec(),
      );
      if (w.inserted + w.updated > 0) d.emit('readings:changed', { meterIds: [meterId] });
    },
    onReconnected: d.onReconnected,
    onStatus: (s) => d.onState(s.state),
  });
  c.push.start();
}
