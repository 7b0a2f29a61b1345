/**
 * Implements every contract channel on top of the services, one file per domain (mirroring the
 * contract's files). Inputs arrive already validated (dispatch.ts). No Electron import: the same
 * handlers serve the desktop app and the browser harness. Tokens go in (auth:setToken) and never
 * come out. The object below is checked by the compiler to hold every channel exactly once.
 */
import type { Services } from '../services';
import { analysisHandlers } from './analysis';
import { appHandlers } from './app';
import { communityHandlers } from './community';
import { createHandlerContext, type Handlers } from './context';
import { exportHandlers } from './exports';
import { workbookHandlers } from './workbooks';
import { importHandlers } from './imports';
import { meterHandlers } from './meters';
import { noteHandlers } from './notes';
import { profileHandlers } from './profiles';
import { reportHandlers } from './report';
import { syncHandlers } from './sync';
import { tariffHandlers } from './tariffs';
import { watchHandlers } from './watch';

export type { Handlers } from './context';

export function createHandlers(services: Services): Handlers {
  const ctx = createHandlerContext(services);
  return {
    ...appHandlers(ctx),
    ...profileHandlers(ctx),
    ...meterHandlers(ctx),
    ...analysisHandlers(ctx),
    ...exportHandlers(ctx),
    ...workbookHandlers(ctx),
    ...reportHandlers(ctx),
    ...noteHandlers(ctx),
    ...importHandlers(ctx),
    ...tariffHandlers(ctx),
    ...communityHandlers(ctx),
    ...syncHandlers(ctx),
    ...watchHandlers(ctx),
  };
}
