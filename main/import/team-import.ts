/**
 * A file imported into a team's store (issue 63). The plan is made on the copy the person saw (the
 * meter, the interval check, the quarter-hours an earlier file stored with another value), then written
 * into the server in one transaction: under a lock per meter, only if the copy holds every import the
 * server has for that meter — else refused naming who imported what when (`import_changed_elsewhere`),
 * so an earlier file's values are never replaced by guess — the meter made if new, the readings merged
 * by the rules a sync's pages follow (team-readings.ts: the service's readings stay), the log entry
 * written. Then the copy takes the server's rows of what changed (team-delta.ts). The other apps hear of it
 * (NOTIFY with the readings). An import on the server cannot be undone (no day snapshots are kept).
 */
import { AppError } from '../errors';
import { importIdsOf } from '../db/import-log';
import { meterRow } from '../db/meter-reads';
import { seriesOf } from '../db/series-reads';
import { teamChange, type TeamServer } from '../db/team-change';
import {
  importMissingFromCopy,
  lockMeterImports,
  teamCreateImportedMeter,
  teamExtendLatestData,
  teamMeterExists,
  teamRecordImport,
} from '../db/team-imports';
import { teamApplyRows } from '../db/team-readings';
import { refreshOpenCopy, setCopyMark } from '../db/team-delta';
import { localStamp } from '../time/local-days';
import { planImport } from './import-plan';
import type { ImportWrites } from './import-writes';
import { newImportedMeter, writeImport } from './into-store';

export function teamImportWrites(d: TeamServer): ImportWrites {
  return {
    async write(r) {
      const { parsed, target, file, nowSec } = r;
      const meterId = target.meterId;
      const plan = planImport(d.copy, parsed, target, r.store.tz, r.onConflict);
      const known = importIdsOf(d.copy, meterId);
      const createdSeries = plan.touched.map((t) => t.obisCode).filter((o) => !seriesOf(d.copy, meterId, o));
      const latestBefore = target.exists ? (meterRow(d.copy, meterId)?.latest_data_sec ?? null) : null;
      const done = await teamChange(d, async (q) => {
        await lockMeterImports(q, meterId);
        const other = await importMissingFromCopy(q, meterId, known);
        if (other) throw changedElsewhere(file.name, other, d.tz);
        const exists = await teamMeterExists(q, meterId);
        if (!exists) await teamCreateImportedMeter(q, newImportedMeter(parsed, target, plan.lastEnd, nowSec));
        else if (!target.isServiceMeter) await teamExtendLatestData(q, meterId, plan.lastEnd);
        const w = { inserted: 0, updated: 0, unchanged: 0, kept: 0 };
        for (const page of plan.pages()) {
          const p = await teamApplyRows(q, r.store.tz, meterId, page, 'import', nowSec);
          w.inserted += p.inserted;
          w.updated += p.updated;
          w.unchanged += p.unchanged;
          w.kept += p.kept;
        }
        const id = await teamRecordImport(q, {
          meterId,
          fileName: file.name,
          sha256: file.sha256,
          formatId: parsed.format.id,
          nowSec,
          readings: plan.total,
          written: w,
          createdMeter: !exists,
          createdSeries,
          meterLatestBefore: latestBefore,
          span: plan.span,
          by: d.by,
        });
        return { id, w };
      });
      // The copy follows: the server's rows of what changed since it was taken (the import, and what
      // else was written meanwhile), with the server's ids. Where that cannot be read, the same file is
      // written into the copy under the server's id, and the copy's mark cleared (the next copy whole).
      const followed = await refreshOpenCopy(d).catch(() => false);
      if (!followed) {
        writeImport(d.copy, r.store, parsed, target, file, nowSec, r.onConflict, {
          by: d.by,
          teamId: done.id,
        });
        setCopyMark(d.copy, null);
      }
      return {
        meterId,
        readings: plan.total,
        ...done.w,
        conflictsKept: plan.conflicts?.count ?? 0,
      };
    },
  };
}

function changedElsewhere(
  file: string,
  other: { fileName: string; by: string | null; importedSec: number },
  tz: string,
): AppError {
  const by = other.by ?? '–';
  const at = localStamp(other.importedSec, tz);
  return new AppError(
    'conflict',
    `"${other.fileName}" was imported into this meter meanwhile by ${by} (${at}); this copy does not hold it yet. Reload from the server, then import "${file}" again: nothing was written.`,
    { reason: 'import_changed_elsewhere', params: { file, other: other.fileName, by, at } },
  );
}
