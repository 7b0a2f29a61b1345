/**
 * What a merge would do, computed without writing (issue 43, item 1; issue 42, item 9): per register the
 * readings the merged meter offers, those the other meter does not hold yet, those it holds with the
 * same value, and the quarter-hours it holds with another value — kept as they are unless `replace`
 * (a service meter's own readings always stay) — with the first of them listed. The app shows it before
 * the merge is confirmed; the CLI prints it for `meters merge --dry-run`.
 */
import type Database from 'better-sqlite3';
import type { MergePreview } from '../../preload/contract';
import { assertMergeable } from './meter-admin';
import { readAll } from './readings-read';

const SAMPLE = 20;

export function mergePreview(
  db: Database.Database,
  fromId: string,
  intoId: string,
  replace = false,
): MergePreview {
  assertMergeable(db, fromId, intoId);
  const into = db.prepare('SELECT raw_json FROM meters WHERE id = ?').get(intoId) as { raw_json: string };
  const intoIsService = !(JSON.parse(into.raw_json) as { source?: string }).source?.startsWith('import');
  const out: MergePreview = {
    offered: 0,
    added: 0,
    same: 0,
    conflicts: 0,
    replaced: 0,
    registers: [],
    sample: [],
  };
  const series = db
    .prepare('SELECT id, obis_code, unit FROM series WHERE meter_id = ? ORDER BY obis_code')
    .all(fromId) as { id: number; obis_code: string; unit: string }[];
  for (const s of series) {
    out.registers.push(s.obis_code);
    const target = db
      .prepare('SELECT id FROM series WHERE meter_id = ? AND obis_code = ? AND unit = ?')
      .get(intoId, s.obis_code, s.unit) as { id: number } | undefined;
    const held = new Map<number, number>();
    if (target) for (const r of readAll(db, target.id)) held.set(r[0], r[2]);
    for (const r of readAll(db, s.id)) {
      out.offered++;
      const v = held.get(r[0]);
      if (v === undefined) out.added++;
      else if (Math.abs(v - r[2]) <= 1e-9) out.same++;
      else {
        out.conflicts++;
        if (replace && !intoIsService) out.replaced++;
        if (out.sample.length < SAMPLE)
          out.sample.push({ obisCode: s.obis_code, startSec: r[0], intoKwh: v, fromKwh: r[2] });
      }
    }
  }
  return out;
}
