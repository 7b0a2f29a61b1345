/**
 * The one application window, hardened: context isolation, sandbox, no Node in the page, web security
 * on; navigation away from our renderer, new windows and permission requests are all refused; links
 * to https sites open in the system browser.
 */
import { BrowserWindow, session, shell, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from './csp';
import { isSafeExternalUrl } from './external';

export const secureWebPreferences = (preloadPath: string) => ({
  preload: preloadPath,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
});

/** True if `url` is our renderer (same file, or same origin for a dev server). */
export function isAppUrl(url: string, rendererUrl: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(rendererUrl);
    if (b.protocol === 'file:') return a.protocol === 'file:' && a.pathname === b.pathname;
    return a.origin === b.origin;
  } catch {
    return false;
  }
}

export function hardenContents(contents: WebContents, rendererUrl: string): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, rendererUrl)) {
      event.preventDefault();
      if (isSafeExternalUrl(url)) void shell.openExternal(url);
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, rendererUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export function hardenSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

export function createMainWindow(opts: {
  preloadPath: string;
  rendererUrl: string;
  title: string;
}): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: opts.title,
    show: false,
    backgroundColor: '#f6f7f9',
    webPreferences: secureWebPreferences(opts.preloadPath),
  });
  hardenContents(win.webContents, opts.rendererUrl);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(opts.rendererUrl);
  return win;
}
