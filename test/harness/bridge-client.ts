/**
 * Runs in the page served by the harness, before the app: defines `window.meterdesk` with exactly the
 * contract's channels (the same createMeterdeskApi as the Electron preload), speaking over a loopback
 * WebSocket opened with the ticket of this page load.
 */
import { createMeterdeskApi } from '../../preload/api';
import type { EventName, Result } from '../../preload/contract';

// The ticket comes with this page load (a meta tag the harness writes into the HTML), once.
const ticket = document.querySelector('meta[name="meterdesk-bridge-ticket"]')?.getAttribute('content') ?? '';
const ws = new WebSocket(
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/__harness/ws?ticket=${encodeURIComponent(ticket)}`,
);
const opened = new Promise<void>((resolve, reject) => {
  ws.addEventListener('open', () => resolve(), { once: true });
  ws.addEventListener('error', () => reject(new Error('harness bridge: WebSocket failed')), { once: true });
});
let nextId = 1;
const pending = new Map<number, (r: Result<unknown>) => void>();
const listeners = new Map<string, Set<(p: unknown) => void>>();

ws.addEventListener('message', (m) => {
  const msg = JSON.parse(String(m.data)) as {
    id?: number;
    result?: Result<unknown>;
    event?: string;
    payload?: unknown;
  };
  if (msg.id !== undefined && msg.result) {
    pending.get(msg.id)?.(msg.result);
    pending.delete(msg.id);
  } else if (msg.event) {
    for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
  }
});
ws.addEventListener('close', () => {
  for (const resolve of pending.values())
    resolve({ ok: false, error: { code: 'unreachable', message: 'The harness connection closed.' } });
  pending.clear();
});

const api = createMeterdeskApi(
  async (channel, input) => {
    await opened;
    const id = nextId++;
    return new Promise<Result<unknown>>((resolve) => {
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, channel, input }));
    });
  },
  (event: EventName, listener) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  },
);

Object.defineProperty(window, 'meterdesk', { value: api, writable: false, configurable: false });
