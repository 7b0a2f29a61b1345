/**
 * The customer report: built and laid out in the query thread (warm: a thread of its own per report
 * cost 2–3 s to start), with progress (`report:progress`) and a cancel the thread sees at once through a
 * shared flag: it stops at the next meter or before the file, the other analyses are not touched, and
 * nothing is written (issue 43, item 8).
 */
import { bytesOfBase64 } from '../doors/file-bytes';
import { MAX_LOGO_BYTES } from '../doors/png';
import { AppError } from '../errors';
import { exportFileName } from '../export/file-names';
import { writeWholeFile } from '../export/whole-file';
import { reportPeriods } from '../report/period';
import type { HandlerContext, HandlersOf } from './context';

export function reportHandlers({
  services,
  nowSec,
  savePath,
}: HandlerContext): HandlersOf<'report:pdf' | 'report:cancel' | 'report:periods'> {
  const tz = services.tz;
  /** The report being made: its cancel flag, shared with the query thread. */
  let running: Int32Array | null = null;
  return {
    'report:periods': async ({ scope }) =>
      reportPeriods((await services.active()).db, scope, await nowSec(), tz),
    'report:cancel': async () => {
      if (!running) return { cancelled: false };
      Atomics.store(running, 0, 1);
      return { cancelled: true };
    },
    'report:pdf': async (q) => {
      const c = await services.active();
      if (running)
        throw new AppError('conflict', 'A report is being made; wait for it or cancel it.', {
          reason: 'report_running',
        });
      // The logo's bytes (checked as a PNG within its caps by the report's model, report/model.ts).
      const logo = q.logoPngBase64 ? bytesOfBase64(q.logoPngBase64, MAX_LOGO_BYTES, 'The logo') : null;
      const cancel = new Int32Array(new SharedArrayBuffer(4));
      running = cancel;
      let r;
      try {
        r = await c.queries.runWithEvents(
          'report',
          (p) =>
            services.emit('report:progress', p as { phase: 'meters' | 'layout'; done: number; of: number }),
          {
            scope: q.scope,
            fromSec: q.fromSec,
            toSec: q.toSec,
            periodLabel: q.periodLabel,
            lang: q.lang,
            sections: q.sections,
            consultant: { name: q.consultant, logoPng: logo },
            conclusions: q.conclusions,
            indicators: { areaM2: q.areaM2, persons: q.persons },
            communityId: q.communityId,
            billAhead: q.billAhead,
          },
          await nowSec(),
          tz,
          cancel,
        );
      } finally {
        running = null;
      }
      const path = await savePath(
        // Whom and which period it is about: two reports of one period no longer share a name.
        exportFileName(['bericht', r.scopeName, q.periodLabel], 'pdf'),
        'Report not saved: no file was chosen.',
      );
      writeWholeFile(path, r.pdf);
      return { path, bytes: r.pdf.length, pages: r.pages, meters: r.meters };
    },
  };
}
