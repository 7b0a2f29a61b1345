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
import { bytesOfBase64 } from '../doors/file-bytes';
import { MAX_LOGO_BYTES } from '../doors/png';
import type { HandlerContext, HandlersOf } from './context';

type ExportChannels =
  'analysis:exportCsv' | 'export:png' | 'export:loadProfile' | 'export:csv' | 'report:pdf';

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
    'report:pdf': async (q) => {
      const c = await services.active();
      // The logo's bytes (checked as a PNG within its caps by the report's model, report/model.ts).
      const logo = q.logoPngBase64 ? bytesOfBase64(q.logoPngBase64, MAX_LOGO_BYTES, 'The logo') : null;
      // Built and rendered in the query thread: the window keeps answering meanwhile (≈ 1–3 s).
      const r = await c.queries.run(
        'report',
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
        },
        await nowSec(),
        tz,
      );
      const path = await savePath(
        // Whom and which period it is about: two reports of one period no longer share a name.
        exportFileName(['bericht', r.scopeName, q.periodLabel], 'pdf'),
        'Report not saved: no file was chosen.',
      );
      writeWholeFile(path, r.pdf);
      return { path, bytes: r.pdf.length, pages: r.pages, meters: r.meters };
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
        exportedSec: await nowSec(),
        profile: req.profile,
        fromSec: req.fromSec,
        toSec: req.toSec,
        rows: r.rows,
      });
      return { path, rows: r.rows, bytes: statSync(path).size };
    },
  };
}
