// Every contract channel has a handler; the Electron preload and the harness bridge expose exactly
// the contract's channels, as the same domain-shaped functions.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { channelNames, channels, eventNames, events } from '../../preload/contract';
import { createHandlers } from '../../main/handlers';
import { createServices } from '../../main/services';

let exposed: Record<string, unknown> | null = null;
const invoked: { channel: string; input: unknown }[] = [];
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (_key: string, api: Record<string, unknown>) => (exposed = api) },
  ipcRenderer: {
    invoke: async (channel: string, input: unknown) => (
      invoked.push({ channel, input }),
      { ok: true, data: null }
    ),
    on: () => undefined,
    removeListener: () => undefined,
  },
}));

function exposedChannels(api: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [domain, fns] of Object.entries(api)) {
    if (typeof fns !== 'object' || fns === null || Array.isArray(fns)) continue;
    for (const [verb, fn] of Object.entries(fns)) if (typeof fn === 'function') out.push(`${domain}:${verb}`);
  }
  return out.sort();
}

describe('contract parity', () => {
  it("the plain name lists (what the preload and bridge load, without zod) are the contract's own", () => {
    expect([...channelNames].sort()).toEqual(Object.keys(channels).sort());
    expect([...eventNames].sort()).toEqual(Object.keys(events).sort());
    expect(new Set(channelNames).size).toBe(channelNames.length);
  });

  it('the preload bundle carries neither zod nor the schemas (it is parsed at every window load)', async () => {
    const out = await build({
      entryPoints: ['preload/index.ts'],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'browser',
      external: ['electron'],
    });
    const code = out.outputFiles[0]!.text;
    expect(code).not.toMatch(/ZodError|zod/i);
    expect(code).toContain("'meters:list'".replace(/'/g, '"'));
    expect(code.length).toBeLessThan(20_000);
  });

  it('has a handler for every channel and no handler outside the contract', () => {
    const services = createServices({
      dataDir: mkdtempSync(join(tmpdir(), 'md-parity-')),
      shell: 'harness',
      version: '0',
    });
    expect(Object.keys(createHandlers(services)).sort()).toEqual([...channelNames].sort());
  });

  it('the Electron preload exposes exactly the contract channels', async () => {
    await import('../../preload/index');
    expect(exposed).not.toBeNull();
    expect(exposedChannels(exposed!)).toEqual([...channelNames].sort());
    await (exposed as { meters: { list: () => Promise<unknown> } }).meters.list();
    expect(invoked.at(-1)).toEqual({ channel: 'meters:list', input: {} });
    expect(() =>
      (exposed as { on: (e: string, f: () => void) => void }).on('not:an-event', () => undefined),
    ).toThrow();
    expect(eventNames.length).toBeGreaterThan(0);
  });

  it('the harness bridge exposes exactly the contract channels', async () => {
    // Build the real bridge script and run it against a fake page with a fake WebSocket.
    const out = await build({
      entryPoints: ['test/harness/bridge-client.ts'],
      bundle: true,
      write: false,
      format: 'iife',
    });
    const code = out.outputFiles[0]!.text;
    const win: Record<string, unknown> = {};
    class FakeWs {
      addEventListener() {}
      send() {}
    }
    let opened = '';
    class RecordingWs extends FakeWs {
      constructor(url: string) {
        super();
        opened = url;
      }
    }
    const document = { querySelector: () => ({ getAttribute: () => 'ticket-of-this-load' }) };
    new Function('window', 'location', 'WebSocket', 'document', code)(
      win,
      { protocol: 'http:', host: '127.0.0.1:1' },
      RecordingWs,
      document,
    );
    expect(opened).toBe('ws://127.0.0.1:1/__harness/ws?ticket=ticket-of-this-load');
    expect(exposedChannels(win.meterdesk as Record<string, unknown>)).toEqual([...channelNames].sort());
    expect(readFileSync('test/harness/bridge-client.ts', 'utf8')).toContain('createMeterdeskApi');
  });
});
