/**
 * Workbooks (issues 60 and 61): a register's or several meters' Excel workbook, built in a thread of its
 * own for each export — not the query thread, so the analyses keep answering while a site's workbook
 * is built — with its steps said (`workbook:progress`) and a cancel the thread sees at once (a shared
 * flag): it stops at its next step and nothing is written. One workbook at a time.
 */
import { AppError } from '../errors';
import { exportFileName } from '../export/file-names';
import { writeWholeFile } from '../export/whole-file';
import type { WorkbookProgress } from '../export/workbook-run';
import { meteringPointOf } from '../db/meter-lookups';
import { registersOfMeter } from '../db/profile-stats';
import type { queries } from '../query/queries';
import { createQueryThread } from '../query/query-thread';
import { dayKey, dayNumberOf } from '../time/local-days';
import type { HandlerContext, HandlersOf } from './context';

const cancelled = 'Export cancelled: no file was chosen.';

export function workbookHandlers({
  services,
  nowSec,
  savePath,
}: HandlerContext): HandlersOf<'export:xlsx' | 'export:xlsxMany' | 'export:cancelWorkbook'> {
  const tz = services.tz;
  let running: Int32Array | null = null;
  /** Builds a workbook in a thread of its own, with progress and the cancel flag; the thread then ends. */
  const build = async <N extends 'workbook' | 'workbookMany'>(
    dbPath: string,
    name: N,
    q: Parameters<(typeof queries)[N]>[1],
  ): Promise<Uint8Array> => {
    if (running)
      throw new AppError('conflict', 'A workbook is being made; wait for it or cancel it.', {
        reason: 'export_running',
      });
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    running = cancel;
    const thread = createQueryThread(dbPath);
    const progress = (p: unknown) => services.emit('workbook:progress', p as WorkbookProgress);
    try {
      const now = await nowSec();
      return (await (name === 'workbook'
        ? thread.runWithEvents('workbook', progress, q as never, now, tz, cancel)
        : thread.runWithEvents('workbookMany', progress, q as never, now, tz, cancel))) as Uint8Array;
    } finally {
      running = null;
      services.emit('workbook:progress', { phase: 'write', done: 1, of: 1 });
      void thread.close();
    }
  };
  return {
    'export:cancelWorkbook': async () => {
      if (!running) return { cancelled: false };
      Atomics.store(running, 0, 1);
      return { cancelled: true };
    },
    'export:xlsxMany': async (q) => {
      const c = await services.active();
      // Each meter with the chosen registers it holds, never one across registers.
      const series = q.meterIds.flatMap((meterId) =>
        registersOfMeter(c.db, meterId)
          .filter((o) => q.obisCodes.includes(o))
          .map((obisCode) => ({ meterId, obisCode })),
      );
      if (series.length === 0)
        throw new AppError('invalid_input', 'None of these meters holds the chosen registers.', {
          reason: 'export_nothing',
        });
      const bytes = await build(c.dbPath, 'workbookMany', { ...q, series });
      const path = await savePath(
        exportFileName(
          [
            `${q.meterIds.length}-meters`,
            `${series.length}-registers`,
            dayKey(dayNumberOf(q.fromSec, tz)),
            'arbeitsmappe',
          ],
          'xlsx',
        ),
        cancelled,
      );
      return { path, rows: 0, bytes: writeWholeFile(path, bytes) };
    },
    'export:xlsx': async (q) => {
      const c = await services.active();
      const bytes = await build(c.dbPath, 'workbook', q);
      const mp = meteringPointOf(c.db, q.meterId);
      const path = await savePath(
        exportFileName(
          [mp ?? q.meterId, q.obisCode, dayKey(dayNumberOf(q.fromSec, tz)), 'arbeitsmappe'],
          'xlsx',
        ),
        cancelled,
      );
      return { path, rows: 0, bytes: writeWholeFile(path, bytes) };
    },
  };
}
