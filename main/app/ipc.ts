/**
 * The IPC boundary. Every contract channel is registered here and nowhere else: each call is checked
 * to come from our window's top frame, validated against the contract's zod schema (dispatch.ts), and
 * answered with `{ok, data} | {ok:false, error}`. Raw ipcMain use elsewhere is banned by lint.
 */
import {
  ipcMain as electronIpcMain,
  type IpcMain,
  type IpcMainInvokeEvent,
  type WebFrameMain,
} from 'electron';
import { channelNames, type Result } from '../../preload/contract';
import { dispatch } from '../dispatch';
import type { Handlers } from '../handlers';

export type TrustedFrameCheck = (
  frame: WebFrameMain | null | undefined,
  event: IpcMainInvokeEvent,
) => boolean;

export function registerIpc(
  handlers: Handlers,
  isTrusted: TrustedFrameCheck,
  ipcMain: IpcMain = electronIpcMain,
): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(channel, async (event, input: unknown): Promise<Result<unknown>> => {
      if (!isTrusted(event.senderFrame, event)) {
        return {
          ok: false,
          error: { code: 'forbidden_sender', message: 'This call did not come from the Meterdesk window.' },
        };
      }
      return dispatch(handlers, channel, input);
    });
  }
  return () => {
    for (const channel of channelNames) ipcMain.removeHandler(channel);
  };
}
