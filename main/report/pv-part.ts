/**
 * The report's PV page of a site (issue 42, item 20): a household with PV reads its year as import
 * against export, month by month, with its feed-in hours — wherever the registers live (two meters, or
 * one meter with both: db/site-registers.ts). Each month's figure is the frame the screens use
 * (analysis/frame.ts `figuresOf`), the totals the PV view's (analysis/pv.ts). What meters cannot show
 * (self-consumption, autarky: PV generation is not metered) is said, as the PV view says it.
 */
import type Database from 'better-sqlite3';
import type { PvResult } from '../../preload/contract';
import { figuresOf, frameFor } from '../analysis/frame';
import { pv, pvFrames } from '../analysis/pv';
import { siteRegisters } from '../db/site-registers';
import { monthsIn } from './meter-parts';

export interface PvSite {
  siteName: string;
  pv: PvResult;
  months: { month: string; importKwh: number | null; exportKwh: number | null }[];
}

/** The PV page of each site in the report's scope that has import and export, in the report's period. */
export function pvSitesOf(
  db: Database.Database,
  sites: readonly { id: string; name: string }[],
  span: { fromSec: number; toSec: number },
  nowSec: number,
  tz: string,
): PvSite[] {
  const out: PvSite[] = [];
  for (const site of sites) {
    const regs = siteRegisters(db, site.id);
    if (!regs.consumption || !regs.feedIn) continue;
    const frames = pvFrames(db, site.id, span, nowSec, tz);
    const result = pv(db, frames);
    if (!result.frame || result.frame.toSec <= result.frame.fromSec) continue;
    const energy = (reg: { meterId: string; obisCode: string }, fromSec: number, toSec: number) => {
      const f = figuresOf(db, frameFor(db, { ...reg, fromSec, toSec }, nowSec, tz));
      return f.readings > 0 ? f.kwh : null;
    };
    out.push({
      siteName: site.name,
      pv: result,
      months: monthsIn(result.frame.fromSec, result.frame.toSec, tz).map((mo) => ({
        month: mo.month,
        importKwh: energy(regs.consumption!, mo.fromSec, mo.toSec),
        exportKwh: energy(regs.feedIn!, mo.fromSec, mo.toSec),
      })),
    });
  }
  return out;
}
