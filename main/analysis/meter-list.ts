/**
 * The meter list's figures: each meter's last 30 days of its total register in the register's frame
 * (frame.ts) — clipped to what is owed and to its first reading — so the list, its sort and every
 * view say the same: a meter silent for 20 days reads a third, and a yesterday not yet delivered is no
 * gap. The rollups serve the frame's whole days; they never stand in for it.
 */
import type Database from 'better-sqlite3';
import type { MeterView } from '../../preload/contract';
import { mainRegister } from '../db/series-reads';
import { dayNumberOf, dayStartSec } from '../time/local-days';
import { figuresOf, frameFor } from './frame';

export const LIST_DAYS = 30;

/** The list's rows with their completeness and quality over the last 30 days, each in its frame. */
export function withListFigures(
  db: Database.Database,
  views: MeterView[],
  nowSec: number,
  tz: string,
): MeterView[] {
  const today = dayNumberOf(nowSec, tz);
  const span = { fromSec: dayStartSec(today - LIST_DAYS, tz), toSec: dayStartSec(today, tz) };
  return views.map((v) => {
    const main = mainRegister(db, v.id);
    if (!main) return v;
    const f = figuresOf(db, frameFor(db, { meterId: v.id, obisCode: main.obis_code, ...span }, nowSec, tz));
    return {
      ...v,
      completeness30d: f.expected > 0 ? f.readings / f.expected : null,
      quality30d: f.quality,
    };
  });
}
