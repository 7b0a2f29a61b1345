/**
 * Electron preload (runs sandboxed, built as CommonJS). Exposes exactly the contract's channels as
 * `window.meterdesk`; no Electron object and no raw ipcRenderer ever reaches the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createMeterdeskApi } from './api';
import { EVENT_CHANNEL } from './contract-plain';
import type { EventName } from './contract';

const api = createMeterdeskApi(
  (channel, input) => ipcRenderer.invoke(channel, input),
  (event: EventName, listener) => {
    const wrapped = (_e: unknown, message: { event: string; payload: unknown }): void => {
      if (message.event === event) listener(message.payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
    };
  },
);

contextBridge.exposeInMainWorld('meterdesk', api);
