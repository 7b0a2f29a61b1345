/**
 * Reads dropped files in a worker thread of its own (import-worker.ts), started on the first file and
 * kept while the app runs (unref'd while idle, so it keeps no process alive): SheetJS parses a workbook
 * in one synchronous call, seconds for a large one, which on the main process would freeze every other
 * request for as long. Progress arrives as the thread's events. The message shape is threads/rpc.ts.
 */
import type { ImportMapping } from '../../preload/contract';
import { AppError } from '../errors';
import { startWorker } from '../start-worker';
import { createThreadClient } from '../threads/rpc';
import { specOfMapping, type SavedFormat } from './custom-formats';
import { FORMATS } from './formats/index';
import type { ImportThreadRegistry } from './import-worker';
import type { ReadOptions } from './read-file';
import { ImportError, type ImportErrorKind, type ParsedFile } from './types';

export interface ParseJob {
  bytes: Uint8Array;
  tz: string;
  direction: ReadOptions['direction'];
  custom: SavedFormat[];
  mapping?: { mapping: ImportMapping; header: string[] };
  onProgress?: (fraction: number) => void;
}

/** An ImportError as the thread sent it (its kind, line and column in the error's params). */
function importErrorOf(err: unknown): unknown {
  const params =
    err instanceof AppError
      ? (err.details?.params as Record<string, string | number> | undefined)
      : undefined;
  if (!params?.kind) return err;
  return new ImportError(
    params.kind as ImportErrorKind,
    (err as Error).message,
    typeof params.line === 'number' ? params.line : null,
    typeof params.column === 'string' ? JSON.parse(params.column) : null,
  );
}

export function createParseThread() {
  const thread = createThreadClient<ImportThreadRegistry>(
    () => startWorker('import-worker', null),
    'Reading the file',
    { unrefWhenIdle: true },
  );
  return {
    async parse(job: ParseJob): Promise<ParsedFile> {
      let parsed: Awaited<ReturnType<ImportThreadRegistry['parse']>>;
      try {
        parsed = await thread.runWithEvents('parse', (fraction) => job.onProgress?.(fraction as number), {
          bytes: job.bytes,
          tz: job.tz,
          direction: job.direction ?? null,
          custom: job.custom,
          mapping: job.mapping,
        });
      } catch (err) {
        throw importErrorOf(err);
      }
      const specs = [
        ...FORMATS,
        ...job.custom.map((f) => specOfMapping(f.mapping, f.header)),
        ...(job.mapping ? [specOfMapping(job.mapping.mapping, job.mapping.header)] : []),
      ];
      const format = specs.find((s) => s.id === parsed.format);
      if (!format)
        throw new AppError('internal', `Unknown import format ${parsed.format}.`, {
          reason: 'import_format_unknown',
          params: { format: parsed.format },
        });
      return { ...parsed, format };
    },
    /** A backup restored into a new profile's database, in the thread (db/backup.ts restoreBackup). */
    restore: (file: string, dbPath: string) => thread.run('restore', { file, dbPath }),
    close: () => thread.close(),
  };
}

export type ParseThread = ReturnType<typeof createParseThread>;
