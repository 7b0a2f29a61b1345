/**
 * Files the person saves: CSV of readings and of every analysis, the load profile, a chart's PNG and
 * the report's PDF. The tables and the report are built in the query thread from the same result
 * objects as their screens, in the same frame; writing goes to a partial file renamed at the end.
 */
import { statSync } from 'node:fs';
import { writeWholeFile } from '../export/whole-file';
import { AppError } from '../errors';
import { exportCsv } from '../export/csv';
import { exportFileName } from '../export/file-names';
import { loadProfileOf, writeLoadProfile } from '../export/load-profile';
import { writeTableCsv } from '../export/table-csv';
import { meteringPointOf, recordExport } from '../db/meter-lookups';
import { dayKey, dayNumberOf } from '../time/local-days';
import { systemClock } from '../time/clock';
import type { HandlerContext, HandlersOf } from './context';

type ExportChannels = 'analysis:exportCsv' | 'export:png' | 'export:loadProfile' | 'export:csv';

const PNG_MAGIC = '89504e470d0a1a0a';
const cancelled = 'Export cancelled: no file was chosen.';

export function exportHandlers({ services, nowSec, savePath }: HandlerContext): HandlersOf<ExportChannels> {
  const tz = services.tz;
  return {
    'analysis:exportCsv': async ({ kind, params, profile }) => {
      const c = await services.active();
      const table = await c.queries.run('table', kind, params, await nowSec(), tz);
      const path = await savePath(exportFileName([table.name, profile], 'csv'), cancelled);
      const r = writeTableCsv(path, table.header, table.rows, profile, services.partials, tz);
      return { path, rows: r.rows, bytes: r.bytes };
    },
    'export:png': async ({ suggestedName, dataUrl }) => {
      const path = await savePath(
        exportFileName([suggestedName.replace(/^meterdesk-|\.png$/g, '')], 'png'),
        cancelled,
      );
      const bytes = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
      if (bytes.subarray(0, 8).toString('hex') !== PNG_MAGIC)
        throw new AppError('invalid_input', 'That is not a PNG image.', { reason: 'png_invalid' });
      writeWholeFile(path, bytes);
      return { path, rows: 0, bytes: bytes.length };
    },
    'export:loadProfile': async ({ meterId, obisCode, year }) => {
      const c = await services.active();
      const p = loadProfileOf(c.db, meterId, obisCode, year);
      const mp = meteringPointOf(c.db, meterId);
      const path = await savePath(exportFileName(['lastprofil', mp ?? meterId, year], 'csv'), cancelled);
      return { path, rows: p.values, bytes: writeLoadProfile(path, p) };
    },
    'export:csv': async (req) => {
      const c = await services.active();
      const first = dayKey(dayNumberOf(req.fromSec, tz));
      const mp =
        req.meterIds.length === 1 ? meteringPointOf(c.db, req.meterIds[0]!) : `${req.meterIds.length}-meters`;
      // Every register in the name: exports of G.01 and P.01 of one meter and day never collide.
      const registers = req.obisCodes.length <= 2 ? req.obisCodes : [`${req.obisCodes.length}-registers`];
      const path = await savePath(exportFileName([mp, ...registers, first, req.profile], 'csv'), cancelled);
      const r = await exportCsv(c.db, req, path, {
        tz,
        partials: services.partials,
        onProgress: (rows, totalRows) => services.emit('export:progress', { rows, totalRows, done: false }),
      });
      services.emit('export:progress', { rows: r.rows, totalRows: r.rows, done: true });
      recordExport(c.db, req.meterIds, {
        // The wall clock, as the sync records when it took a revision (issue 64: under the demo's
        // clock an export was dated before the revisions it had just written out).
        exportedSec: systemClock.nowSec(),
        profile: req.profile,
        fromSec: req.fromSec,
        toSec: req.toSec,
        rows: r.rows,
      });
      return { path, rows: r.rows, bytes: statSync(path).size };
    },
  };
}
