/**
 * Worker-thread entry of the import's reading (parse-thread.ts): a dropped file's bytes → its readings,
 * off the main process, so a large spreadsheet never holds up the window. Formats cross as data (the
 * person's mappings), never as the catalogue's functions; the parsed file goes back with its format's
 * id, and the main side puts the format back. The message shape is threads/rpc.ts; progress arrives
 * as its events. An ImportError keeps its kind, line and column in the error's params. A backup's
 * restore (schema check, names, rollups rebuilt: seconds for a large profile) runs here as well.
 */
import { parentPort } from 'node:worker_threads';
import type { ImportMapping } from '../../preload/contract';
import { restoreBackup } from '../db/backup';
import { AppError } from '../errors';
import { serveThread } from '../threads/rpc';
import { specOfMapping, type SavedFormat } from './custom-formats';
import { readImportFile } from './read-file';
import { ImportError, type Direction } from './types';

export interface ParseRequest {
  bytes: Uint8Array;
  tz: string;
  direction: Direction | null;
  custom: SavedFormat[];
  /** A mapping being tried instead of detecting the format. */
  mapping?: { mapping: ImportMapping; header: string[] };
}

const port = parentPort;
if (!port) throw new Error('import-worker.ts runs as a worker thread only');

async function parse(_ctx: null, m: ParseRequest, emit: (fraction: number) => void) {
  try {
    const parsed = await readImportFile(m.bytes, {
      tz: m.tz,
      direction: m.direction,
      custom: m.custom.map((f) => specOfMapping(f.mapping, f.header)),
      format: m.mapping ? specOfMapping(m.mapping.mapping, m.mapping.header) : undefined,
      onProgress: emit,
    });
    return { ...parsed, format: parsed.format.id };
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    const params: Record<string, string | number> = { kind: err.kind };
    if (err.line !== null) params.line = err.line;
    if (err.column !== null) params.column = JSON.stringify(err.column);
    throw new AppError('invalid_input', err.message, { reason: 'import_file', params });
  }
}

/** A backup made into a new profile's database (db/backup.ts): the copy checked and rebuilt here. */
function restore(_ctx: null, m: { file: string; dbPath: string }) {
  return restoreBackup(m.file, m.dbPath);
}

export const importThreadRegistry = { parse, restore };
export type ImportThreadRegistry = typeof importThreadRegistry;

serveThread<null>(
  port,
  null,
  importThreadRegistry as unknown as Record<string, (ctx: null, ...args: unknown[]) => unknown>,
  () => undefined,
);
