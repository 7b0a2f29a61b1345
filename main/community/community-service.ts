/**
 * Energy communities as the app and the CLI ask for them: the store, the view and the what-ifs, and
 * the EDA report imported as a whole community in one step. Guarantees of the import: it happens whole
 * or not at all (one transaction: the members' meters, their readings, the import log and the
 * community); each metering point lands on the meter of this profile with that metering point, or on a
 * new imported meter — never on another by guess; readings already stored with another value are kept
 * (the import log says how many), as every import does.
 */
import { slugOf } from '../../common/slug';
import type Database from 'better-sqlite3';
import type { Community, CommunitySpan } from '../../preload/contract';
import { dataPeriod } from '../analysis/data-period';
import { AppError } from '../errors';
import { edaReport as EDA_FORMAT } from '../import/formats/refused';
import { resolveTarget, sha256, writeImport } from '../import/into-store';
import type { ParsedFile } from '../import/types';
import { createReadingsStore } from '../db/readings-store';
import { createCommunityStore } from '../db/community-store';
import { communityView, communityWhatIf } from './community-view';
import { edaNoteText, type EdaNote } from './eda-notes';
import { readEdaReport } from './eda-report';

const slug = (s: string) => slugOf(s, 50) || 'community';

export function createCommunityService(db: Database.Database, tz: string) {
  const store = createCommunityStore(db);
  return {
    store,
    view: (id: string, span: { fromSec: number; toSec: number }, nowSec: number) =>
      communityView(db, store, id, span, nowSec, tz),
    whatIf: (q: Parameters<typeof communityWhatIf>[2], nowSec: number) =>
      communityWhatIf(db, store, q, nowSec, tz),
    /** Where the community opens: its EDA report's span, else its members' data (analysis/data-period.ts). */
    span(id: string, nowSec: number): CommunitySpan {
      const report = store.report(id);
      if (report && Number.isFinite(report.fromSec) && report.toSec > report.fromSec)
        return { fromSec: report.fromSec, toSec: report.toSec, kind: 'report' };
      const p = dataPeriod(db, [...new Set(store.get(id).members.map((m) => m.meterId))], nowSec, tz);
      return { fromSec: p.fromSec, toSec: p.toSec, kind: p.kind === 'none' ? 'none' : 'data' };
    },
    async importReport(
      q: { name: string; kind: Community['kind']; fileName: string },
      bytes: Uint8Array,
      nowSec: number,
    ): Promise<{
      community: Community;
      meters: number;
      readings: number;
      notes: string[];
      noteCodes: EdaNote[];
    }> {
      const report = await readEdaReport(bytes, nowSec);
      const hash = sha256(bytes);
      const readings = createReadingsStore(db, tz);
      const notes: EdaNote[] = [...report.notes];
      let id = `eeg-${slug(q.name)}`;
      for (let i = 2; store.list().some((c) => c.id === id); i++) id = `eeg-${slug(q.name)}-${i}`;
      let total = 0;
      let kept = 0;
      const community = db
        .transaction(() => {
          const members: Community['members'] = [];
          for (const m of report.members) {
            const parsed: ParsedFile = {
              format: EDA_FORMAT,
              encoding: 'XLSX',
              meteringPoint: m.meteringPoint,
              direction: m.role === 'producer' ? 'feed_in' : 'consumption',
              series: m.series
                .filter((s) => s.startSec.length > 0)
                .map((s) => ({
                  obisCode: s.obisCode,
                  intervalSec: 900 as const,
                  column: s.column,
                  startSec: s.startSec,
                  valueKwh: s.valueKwh,
                  quality: s.startSec.map(() => 1 as const),
                  line: s.startSec.map(() => 0),
                })),
              notes: [],
              rows: Math.max(0, ...m.series.map((s) => s.startSec.length)),
              // Every member owes data up to the report's end, whatever its own last value.
              span: { fromSec: report.fromSec, toSec: report.toSec },
            };
            if (parsed.series.length === 0) {
              notes.push({ code: 'no_values', params: { meteringPoint: m.meteringPoint } });
              continue;
            }
            const target = resolveTarget(db, parsed, null, { name: q.fileName, sha256: hash });
            if (!target.exists)
              target.label = `${m.name ?? (m.role === 'producer' ? 'Erzeuger' : 'Verbraucher')} (${m.meteringPoint.slice(-6)})`;
            const w = writeImport(
              db,
              readings,
              parsed,
              target,
              { name: q.fileName, sha256: hash },
              nowSec,
              'keep',
            );
            total += w.readings;
            kept += w.conflictsKept;
            members.push({
              meterId: target.meterId,
              role: m.role,
              factorPercent: 100,
              staticSharePercent: null,
              validFrom: null,
              validTo: null,
            });
          }
          if (members.length === 0)
            throw new AppError('invalid_input', 'The EDA report holds no values to import.', {
              reason: 'eda_empty',
            });
          return store.save(
            { id, name: q.name, kind: q.kind, allocation: 'dynamic', settings: store.defaults(), members },
            nowSec,
            'eda_report',
            report.summary ? { ...report.summary, fromSec: report.fromSec, toSec: report.toSec } : null,
          );
        })
        .immediate();
      notes.push({ code: 'key_assumed', params: {} });
      if (kept > 0) notes.push({ code: 'kept', params: { count: kept } });
      // The invariants of every imported file, said at once, and the summary beside the quarter-hours.
      const view = communityView(db, store, community.id, report, nowSec, tz);
      notes.push(...checkNotes(view));
      return {
        community,
        meters: community.members.length,
        readings: total,
        notes: notes.map(edaNoteText),
        noteCodes: notes,
      };
    },
  };
}

/** The data check's findings and the summary's differences of an imported report, as notes. */
function checkNotes(view: ReturnType<typeof communityView>): EdaNote[] {
  const notes: EdaNote[] = [];
  for (const c of view.checks)
    for (const v of c.violations) {
      if (v.count === 0) continue;
      if (v.rule === 'g03_without_use')
        notes.push({
          code: 'g03_without_use',
          params: { label: c.label, count: v.count, days: v.days.join(', ') },
        });
      else
        notes.push({
          code: 'rule_broken',
          params: {
            label: c.label,
            count: v.count,
            rule: v.rule === 'g03_le_g02' ? 'G.03 ≤ G.02' : 'G.03 ≤ G.01',
            firstSec: v.firstSec!,
          },
        });
    }
  const differs = view.report?.rows.filter((r) => r.differs) ?? [];
  if (differs.length > 0)
    notes.push({
      code: 'summary_differs',
      params: {
        figures: differs.length,
        meteringPoint: differs[0]!.meteringPoint,
        quantity: differs[0]!.quantity,
        reportKwh: differs[0]!.reportKwh,
        quarterHoursKwh: differs[0]!.quarterHoursKwh,
      },
    });
  return notes;
}
