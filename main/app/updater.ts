/**
 * Auto-update through electron-updater against a generic HTTPS feed configured at build time
 * (METERDESK_UPDATE_URL). Off when not configured. Checks quietly after start and on the menu item;
 * the renderer shows a small notice, never a modal.
 */
import electronUpdater from 'electron-updater';
import type { EventPayload } from '../../preload/contract';

declare const __UPDATE_FEED_URL__: string;

export function feedUrl(): string {
  const url = typeof __UPDATE_FEED_URL__ === 'string' ? __UPDATE_FEED_URL__ : '';
  return url.startsWith('https://') ? url : '';
}

export function createUpdater(notify: (s: EventPayload<'app:updateStatus'>) => void) {
  const url = feedUrl();
  if (!url) {
    return {
      enabled: false,
      check: () =>
        notify({ state: 'off', version: null, message: 'Updates are not configured for this build.' }),
    };
  }
  const { autoUpdater } = electronUpdater;
  autoUpdater.setFeedURL({ provider: 'generic', url });
  autoUpdater.autoDownload = true;
  autoUpdater.on('checking-for-update', () => notify({ state: 'checking', version: null, message: null }));
  autoUpdater.on('update-not-available', () => notify({ state: 'none', version: null, message: null }));
  autoUpdater.on('update-available', (i) =>
    notify({ state: 'available', version: i.version, message: null }),
  );
  autoUpdater.on('update-downloaded', (i) =>
    notify({ state: 'downloaded', version: i.version, message: 'Restart Meterdesk to install it.' }),
  );
  autoUpdater.on('error', (e) => notify({ state: 'error', version: null, message: e.message }));
  return { enabled: true, check: () => void autoUpdater.checkForUpdates().catch(() => undefined) };
}
