/**
 * Electron entry point: single instance, one hardened window, the IPC contract, and the plain-Node
 * core built by the composition root. The only main-process code that imports `electron`.
 */
import { app, dialog, Menu, shell, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EVENT_CHANNEL } from '../../preload/contract';
import { createHandlers } from '../handlers';
import { createServices } from '../services';
import { insideFolder } from '../export/file-names';
import { registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { createMainWindow, hardenSession, isAppUrl } from './window';
import { openExternalSafely } from './external';
import { createUpdater } from './updater';

const here = fileURLToPath(new URL('.', import.meta.url));
const rendererUrl =
  process.env.METERDESK_RENDERER_URL ?? pathToFileURL(join(here, '../renderer/index.html')).href;
const preloadPath = join(here, '../preload/index.cjs');

if (process.env.METERDESK_USER_DATA) app.setPath('userData', process.env.METERDESK_USER_DATA);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let win: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  app.on('web-contents-created', (_e, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  void app.whenReady().then(async () => {
    const extOf = (name: string) => /\.([a-z0-9-]+)$/i.exec(name)?.[1] ?? 'csv';
    hardenSession();
    const services = createServices({
      dataDir: app.getPath('userData'),
      shell: 'electron',
      version: app.getVersion(),
      locale: app.getLocale(),
      warmAnalysis: true, // the first analysis does not wait for its thread to load
      chooseExportPath: async (suggested) => {
        const r = await dialog.showSaveDialog(win!, {
          // The suggested name is sanitised (file-names.ts); the person may still choose any place.
          defaultPath: insideFolder(app.getPath('documents'), suggested),
          // The file's own kind (CSV, PDF, a backup), from the suggested name.
          filters: [{ name: extOf(suggested).toUpperCase(), extensions: [extOf(suggested)] }],
        });
        return r.canceled || !r.filePath ? null : r.filePath;
      },
      chooseBackupFile: async () => {
        const r = await dialog.showOpenDialog(win!, {
          defaultPath: app.getPath('documents'),
          properties: ['openFile'],
          filters: [{ name: 'Meterdesk backup', extensions: ['meterdesk-backup'] }],
        });
        return r.canceled || !r.filePaths[0] ? null : r.filePaths[0];
      },
    });
    const handlers = createHandlers(services);
    registerIpc(
      handlers,
      (frame) => !!win && !!frame && frame === win.webContents.mainFrame && isAppUrl(frame.url, rendererUrl),
    );
    services.on((event, payload) => {
      if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, { event, payload });
    });
    const updater = createUpdater((s) => services.emit('app:updateStatus', s));
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          isMac: process.platform === 'darwin',
          appName: app.getName(),
          onSyncNow: () => void services.syncNow(),
          onImport: () => services.emit('app:command', { command: 'import' }),
          onOpenHelp: () => void openExternalSafely(shell, 'https://github.com/'),
          onCheckUpdates: () => updater.check(),
          updatesEnabled: updater.enabled,
        }),
      ),
    );
    win = createMainWindow({ preloadPath, rendererUrl, title: 'Meterdesk' });
    win.on('closed', () => {
      win = null;
    });
    // The profile opens while the window loads; its sync starts once the window has its meter list.
    void services.active().catch(() => undefined);
    services.startupSync();
    services.startScheduler();
    if (updater.enabled) setTimeout(() => updater.check(), 10_000).unref();
    app.on('window-all-closed', () => {
      void services.close().finally(() => app.quit());
    });
  });
}
