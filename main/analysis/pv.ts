/**
 * PV at a site: grid import and export, wherever their registers live (two meters, or one meter with
 * both: db/site-registers.ts), over one frame. Interval meters measure what crosses the grid
 * connection only; PV generation is not metered, so self-consumption and autarky cannot be derived
 * exactly and are said to be so.
 */
import type Database from 'better-sqlite3';
import type { PvResult } from '../../preload/contract';
import { siteRegisters } from '../db/site-registers';
import { QH_SEC } from '../time/local-days';
import { loadRows, type Row } from './analysis';
import { frameBeside, frameFor, type Framed } from './frame';

const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;

/** The site's import and export registers framed over one span (the import's frame leads). */
export interface PvFrames {
  siteId: string;
  imp: Framed | null;
  exp: Framed | null;
}

export function pvFrames(
  db: Database.Database,
  siteId: string,
  span: { fromSec: number; toSec: number },
  nowSec: number,
  tz: string,
): PvFrames {
  const { consumption, feedIn } = siteRegisters(db, siteId);
  const lead = consumption ?? feedIn;
  if (!lead) return { siteId, imp: null, exp: null };
  const f = frameFor(db, { ...lead, ...span }, nowSec, tz);
  return {
    siteId,
    imp: consumption ? f : null,
    exp: feedIn ? (consumption ? frameBeside(db, f, feedIn) : f) : null,
  };
}

export function pv(db: Database.Database, frames: PvFrames): PvResult {
  const { imp: fi, exp: fe } = frames;
  const imp = fi ? loadRows(db, fi, true) : null;
  const exp = fe ? loadRows(db, fe, true) : null;
  const sum = (rows: Row[] | null) => (rows ? round(rows.reduce((a, r) => a + r.value, 0)) : null);
  const importKwh = sum(imp);
  const exportKwh = sum(exp);
  const expByStart = new Map((exp ?? []).map((r) => [r.start, r.value]));
  const stepOf = (f: Framed | null) => f?.frame.resolutionSec ?? QH_SEC;
  const exportSec = (exp ?? []).filter((r) => r.value > 0).length * stepOf(fe);
  const simultaneous = (imp ?? []).filter((r) => r.value > 0 && (expByStart.get(r.start) ?? 0) > 0).length;
  const lead = fi ?? fe;
  return {
    siteId: frames.siteId,
    consumptionMeterId: fi?.meterId ?? null,
    feedInMeterId: fe?.meterId ?? null,
    consumptionObisCode: fi?.obisCode ?? null,
    feedInObisCode: fe?.obisCode ?? null,
    frame: lead?.frame ?? null,
    importKwh,
    exportKwh,
    netKwh: importKwh !== null && exportKwh !== null ? round(importKwh - exportKwh) : null,
    exportHours: round(exportSec / 3600, 2),
    simultaneousHours: round((simultaneous * stepOf(fi)) / 3600, 2),
    derivable: ['grid import', 'grid export', 'net balance', 'hours with export'],
    notDerivable: [
      'self-consumption share (PV generation is not metered: the meters see only what crosses the grid connection)',
      'autarky (needs total consumption = import + self-consumed PV)',
    ],
  };
}
