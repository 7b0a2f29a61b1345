/**
 * Worker-thread entry of the sync's downloads (see fetch-thread.ts for the other side): it owns an API
 * client, runs each feed or window request (retries, rate limits and error mapping included), and
 * posts the validated readings back as columns (read from the response's bytes where the page allows,
 * see page-bytes.ts) whose buffers are transferred.
 *
 * Messages in: `feed`, `window`, `feedWindow` (with an id). Messages out: `ready` once loaded, `page` /
 * `error` (with the id), `rateLimit`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createApiClient } from '../api/client';
import { buffersOf } from '../api/reading-columns';
import { sendError, type FetchReply, type FetchRequest, type FetchWorkerData } from './fetch-thread';

const port = parentPort;
if (!port) throw new Error('fetch-worker.ts runs as a worker thread only');
const post = (m: FetchReply, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
const api = createApiClient({
  ...(workerData as FetchWorkerData),
  onRateLimit: (rateLimit) => post({ type: 'rateLimit', rateLimit }),
});

port.on('message', (m: FetchRequest) => {
  void (async () => {
    try {
      const { readings: columns, ...page } =
        m.type === 'feed'
          ? await api.feedColumns(m.meterId, m.cursor, { limit: m.limit, fromSec: m.fromSec })
          : m.type === 'window'
            ? await api.windowReadColumns(m.meterId, m.fromSec, m.toSec, {
                quality: m.quality,
                cursor: m.cursor,
                limit: m.limit,
              })
            : await api.feedWindowColumns(m.meterId, m.fromSec, m.toSec, {
                cursor: m.cursor,
                limit: m.limit,
              });
      post({ type: 'page', id: m.id, page, columns }, buffersOf(columns));
    } catch (err) {
      post({ type: 'error', id: m.id, error: sendError(err) });
    }
  })();
});
post({ type: 'ready' });
