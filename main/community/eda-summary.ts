/**
 * The EDA report's summary sheet (issue 59, item 5), read by what its cells say, not where they are:
 * the portal's sheet is named `Summery` (sic), and its blocks are headed by a cell that *contains*
 * "Zählpunkt" — `Verbrauchszählpunkt` over the consumers, `Einspeisezählpunkt` over the producers, or
 * plain `Zählpunkt` over one block of both (the type in an `Energierichtung` column). Each block's
 * quantities are found by their headers; an older single block without such headers falls back to the
 * columns EDAvis reads (6 consumption, 9 Eigendeckung, 11 generation, 14 surplus, 16 quality).
 */
import type { ReportSummary } from '../../preload/contract';
import type { Sheet } from '../import/sheet-rows';
import type { Cell } from '../import/types';
import { identifierIssue } from '../../common/rules';

const text = (c: Cell | undefined): string =>
  c === null || c === undefined ? '' : typeof c === 'object' ? '' : String(c).trim();

function numberOf(c: Cell | undefined): number | null {
  if (typeof c === 'number') return c;
  const t = text(c);
  if (t === '') return null;
  const n = Number(t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t);
  return Number.isFinite(n) ? n : Number.NaN;
}

const POINT = /z(ä|ae)hlpunkt/i;

interface Block {
  header: number;
  pointColumn: number;
  role: 'consumer' | 'producer' | null;
  col: Record<
    | 'type'
    | 'consumption'
    | 'allocated'
    | 'selfCoverage'
    | 'generation'
    | 'surplus'
    | 'quality'
    | 'from'
    | 'to',
    number
  >;
}

/** A block's header row: where its metering points stand, its role by its words, its quantities. */
function blockOf(sheet: Sheet, h: number): Block {
  const head = sheet.rows[h]!.cells.map((c) => text(c).toLowerCase());
  const pointColumn = head.findIndex((x) => POINT.test(x));
  const word = head[pointColumn] ?? '';
  const role = /einspeis|erzeug/.test(word) ? 'producer' : /verbrauch|bezug/.test(word) ? 'consumer' : null;
  const labelled = head.some((x) => /verbrauch|erzeugung|eigendeckung|überschuss/.test(x) && !POINT.test(x));
  const find = (re: RegExp, not: RegExp | null, fallback: number) => {
    const i = head.findIndex((x, k) => k !== pointColumn && re.test(x) && !(not && not.test(x)));
    return i >= 0 ? i : labelled ? -1 : fallback;
  };
  return {
    header: h,
    pointColumn,
    role,
    col: {
      type: find(/richtung|^typ|direction/, null, 1),
      consumption: find(/verbrauch/, /rest|teilnahme|%/, 5),
      allocated: find(/anteil/, /%/, -1),
      selfCoverage: find(/eigendeckung/, /erneuerbar|%/, 8),
      generation: find(/erzeugung/, /überschuss|anteil|eigendeckung|%/, 10),
      surplus: find(/überschuss/, /rest|%/, 13),
      quality: find(/qualit/, null, 15),
      from: find(/von|start|beginn/, null, 3),
      to: find(/bis|ende?\b/, null, 4),
    },
  };
}

/** The summary of a sheet (every block), or null when no header cell holds "Zählpunkt". */
export function readSummary(sheet: Sheet): ReportSummary | null {
  const heads = sheet.rows.flatMap((r, i) => (r.cells.some((c) => POINT.test(text(c))) ? [i] : []));
  if (heads.length === 0) return null;
  const members: ReportSummary['members'] = [];
  let fromText: string | null = null;
  let toText: string | null = null;
  heads.forEach((h, k) => {
    const b = blockOf(sheet, h);
    const end = heads[k + 1] ?? sheet.rows.length;
    for (const r of sheet.rows.slice(h + 1, end)) {
      const mp = text(r.cells[b.pointColumn]);
      if (!/^AT\d{6}/.test(mp) || identifierIssue(mp)) continue;
      const type = b.col.type >= 0 ? text(r.cells[b.col.type]).toUpperCase() : '';
      const role = b.role ?? (type === 'GENERATION' ? 'producer' : 'consumer');
      const n = (i: number) => {
        const v = i < 0 ? null : numberOf(r.cells[i]);
        return v === null || Number.isNaN(v) ? null : v;
      };
      members.push({
        meteringPoint: mp,
        role,
        consumptionKwh: role === 'consumer' ? n(b.col.consumption) : null,
        allocatedKwh: role === 'consumer' ? n(b.col.allocated) : null,
        selfCoverageKwh: role === 'consumer' ? n(b.col.selfCoverage) : null,
        generationKwh: role === 'producer' ? n(b.col.generation) : null,
        surplusKwh: role === 'producer' ? n(b.col.surplus) : null,
        quality: (b.col.quality >= 0 && text(r.cells[b.col.quality])) || null,
      });
      fromText ??= (b.col.from >= 0 && text(r.cells[b.col.from])) || null;
      toText ??= (b.col.to >= 0 && text(r.cells[b.col.to])) || null;
    }
  });
  return members.length > 0 ? { members, fromText, toText } : null;
}
