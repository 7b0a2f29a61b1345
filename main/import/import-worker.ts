/**
 * Worker-thread entry of the import's reading (parse-thread.ts): a dropped file's bytes → its readings,
 * off the main process, so a large spreadsheet never holds up the window. Formats cross as data (the
 * person's mappings), never as the catalogue's functions; the parsed file goes back with its format's
 * id, and the main side puts the format back.
 */
import { parentPort } from 'node:worker_threads';
import type { ImportMapping } from '../../preload/contract';
import { specOfMapping, type SavedFormat } from './custom-formats';
import { readImportFile } from './read-file';
import { ImportError, type Direction } from './types';

export interface ParseRequest {
  seq: number;
  bytes: Uint8Array;
  tz: string;
  direction: Direction | null;
  custom: SavedFormat[];
  /** A mapping being tried instead of detecting the format. */
  mapping?: { mapping: ImportMapping; header: string[] };
}

const port = parentPort;
if (!port) throw new Error('import-worker.ts runs as a worker thread only');

port.on('message', (m: ParseRequest | { close: true }) => {
  if ('close' in m) {
    port.close();
    return;
  }
  void (async () => {
    try {
      const parsed = await readImportFile(m.bytes, {
        tz: m.tz,
        direction: m.direction,
        custom: m.custom.map((f) => specOfMapping(f.mapping, f.header)),
        format: m.mapping ? specOfMapping(m.mapping.mapping, m.mapping.header) : undefined,
        onProgress: (fraction) => port.postMessage({ seq: m.seq, progress: fraction }),
      });
      port.postMessage({ seq: m.seq, parsed: { ...parsed, format: parsed.format.id } });
    } catch (err) {
      const e = err as Error;
      port.postMessage({
        seq: m.seq,
        error:
          err instanceof ImportError
            ? { kind: err.kind, message: err.message, line: err.line, column: err.column }
            : { kind: null, message: e.message },
      });
    }
  })();
});
