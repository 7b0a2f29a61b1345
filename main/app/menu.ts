/**
 * The application menu with the usual roles, plus Meterdesk's own items.
 */
import type { MenuItemConstructorOptions } from 'electron';

export function menuTemplate(o: {
  isMac: boolean;
  appName: string;
  onSyncNow: () => void;
  onImport: () => void;
  onOpenHelp: () => void;
  onCheckUpdates: () => void;
  updatesEnabled: boolean;
}): MenuItemConstructorOptions[] {
  return [
    ...(o.isMac
      ? [
          {
            label: o.appName,
            submenu: [
              { role: 'about' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } as MenuItemConstructorOptions,
        ]
      : []),
    {
      label: 'File',
      submenu: [
        { label: 'Import files…', accelerator: 'CmdOrCtrl+I', click: o.onImport },
        { label: 'Sync now', accelerator: 'CmdOrCtrl+R', click: o.onSyncNow },
        { type: 'separator' },
        o.isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Meterdesk help', click: o.onOpenHelp },
        {
          label: o.updatesEnabled ? 'Check for updates…' : 'Updates not configured',
          enabled: o.updatesEnabled,
          click: o.onCheckUpdates,
        },
      ],
    },
  ];
}
