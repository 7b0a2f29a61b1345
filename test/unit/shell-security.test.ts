// The Electron shell's security settings, with `electron` mocked (no Electron binary exists here).
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const created: { options: Record<string, unknown>; contents: FakeContents }[] = [];
class FakeContents {
  handlers = new Map<string, (...args: unknown[]) => void>();
  openHandler: ((d: { url: string }) => { action: string }) | null = null;
  mainFrame = { url: 'file:///app/dist/renderer/index.html' };
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, fn);
    return this;
  }
  setWindowOpenHandler(fn: (d: { url: string }) => { action: string }) {
    this.openHandler = fn;
  }
}
const ipcHandlers = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>();
const openExternal = vi.fn(async () => undefined);
const permission = {
  request: null as null | ((wc: unknown, p: string, cb: (ok: boolean) => void) => void),
  check: null as null | (() => boolean),
};

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = new FakeContents();
    constructor(options: Record<string, unknown>) {
      created.push({ options, contents: this.webContents });
    }
    once() {}
    loadURL() {
      return Promise.resolve();
    }
  }
  return {
    BrowserWindow,
    shell: { openExternal },
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, input: unknown) => Promise<unknown>) =>
        ipcHandlers.set(channel, fn),
      removeHandler: (channel: string) => ipcHandlers.delete(channel),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: typeof permission.request) => (permission.request = fn),
        setPermissionCheckHandler: (fn: typeof permission.check) => (permission.check = fn),
        webRequest: { onHeadersReceived: () => undefined },
      },
    },
  };
});

const { createMainWindow, hardenSession, isAppUrl } = await import('../../main/app/window');
const { registerIpc } = await import('../../main/app/ipc');
const { CONTENT_SECURITY_POLICY } = await import('../../main/app/csp');
const { channelNames } = await import('../../preload/contract');

const rendererUrl = 'file:///app/dist/renderer/index.html';

describe('main window', () => {
  beforeEach(() => {
    created.length = 0;
    openExternal.mockClear();
  });

  it('is created with context isolation, sandbox, no Node integration and web security', () => {
    createMainWindow({ preloadPath: '/app/dist/preload/index.cjs', rendererUrl, title: 'Meterdesk' });
    const prefs = created[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
    expect(prefs.preload).toBe('/app/dist/preload/index.cjs');
  });

  it('refuses navigation to another origin and opens only https links externally', () => {
    createMainWindow({ preloadPath: '/p.cjs', rendererUrl, title: 'Meterdesk' });
    const nav = created[0]!.contents.handlers.get('will-navigate')!;
    const ev = { preventDefault: vi.fn() };
    nav(ev, 'https://evil.example/');
    expect(ev.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith('https://evil.example/');
    const ev2 = { preventDefault: vi.fn() };
    nav(ev2, 'file:///etc/passwd');
    expect(ev2.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledTimes(1);
    const ev3 = { preventDefault: vi.fn() };
    nav(ev3, rendererUrl + '#meter');
    expect(ev3.preventDefault).not.toHaveBeenCalled();
  });

  it('denies window.open, opening only https URLs in the system browser', () => {
    createMainWindow({ preloadPath: '/p.cjs', rendererUrl, title: 'Meterdesk' });
    const open = created[0]!.contents.openHandler!;
    expect(open({ url: 'https://example.at/' })).toEqual({ action: 'deny' });
    expect(open({ url: 'http://example.at/' })).toEqual({ action: 'deny' });
    expect(open({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(openExternal).toHaveBeenCalledWith('https://example.at/');
  });

  it('denies every permission request', () => {
    hardenSession();
    const cb = vi.fn();
    permission.request!({}, 'media', cb);
    expect(cb).toHaveBeenCalledWith(false);
    expect(permission.check!()).toBe(false);
  });

  it('recognises only our renderer as the app URL', () => {
    expect(isAppUrl(rendererUrl, rendererUrl)).toBe(true);
    expect(isAppUrl('file:///app/other.html', rendererUrl)).toBe(false);
    expect(isAppUrl('https://x.at/', 'http://127.0.0.1:5173/')).toBe(false);
  });
});

describe('content security policy', () => {
  it('is strict and identical in the header and the renderer meta tag', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    const html = readFileSync('renderer/index.html', 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('IPC registration', () => {
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    channelNames.map((c) => [c, async (input: unknown) => (calls.push(c), { echoed: input })]),
  ) as never;
  const ourFrame = { url: rendererUrl };
  registerIpc(handlers, (frame) => frame === ourFrame);

  it('registers exactly the contract channels', () => {
    expect([...ipcHandlers.keys()].sort()).toEqual([...channelNames].sort());
  });

  it('rejects a call from a frame that is not our window', async () => {
    calls.length = 0;
    const r = await ipcHandlers.get('meters:list')!({ senderFrame: { url: 'https://evil.example/' } }, {});
    expect(r).toEqual({ ok: false, error: { code: 'forbidden_sender', message: expect.any(String) } });
    expect(calls).toEqual([]);
  });

  it('rejects invalid input with a validation error before any handler runs', async () => {
    calls.length = 0;
    const r = (await ipcHandlers.get('readings:series')!(
      { senderFrame: ourFrame },
      { meterId: 'm', obisCode: 'x', fromSec: -5, toSec: 'soon' },
    )) as { ok: boolean; error: { code: string; message: string } };
    expect(r.ok).toBe(false);
    expect(r.error.code).toBe('invalid_input');
    expect(r.error.message).toMatch(/fromSec/);
    const extra = (await ipcHandlers.get('meters:list')!(
      { senderFrame: ourFrame },
      { sql: 'DROP TABLE readings' },
    )) as { ok: boolean; error: { code: string } };
    expect(extra.error.code).toBe('invalid_input');
    expect(calls).toEqual([]);
  });

  it('passes valid input to the handler and wraps the result', async () => {
    const r = await ipcHandlers.get('profiles:switch')!({ senderFrame: ourFrame }, { profileId: 'demo' });
    expect(r).toEqual({ ok: true, data: { echoed: { profileId: 'demo' } } });
  });
});
