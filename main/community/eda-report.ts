/**
 * The EDA portal's "Energie Report" (XLSX; DSO-FORMATS.md §3.16) → a whole community: its metering
 * points with their roles and quarter-hour registers, and the report's own summary sheet.
 *
 * Sheet `Energiedaten`: header rows labelled in column A (`MeteringpointID` or, in newer reports,
 * `MeteringPointId`; `Name`; `Energy direction` CONSUMPTION/GENERATION; `Metercode`), one column per
 * metering point × metercode, then data rows whose column A is the interval's start (`dd.MM.yyyy
 * HH:mm:ss`, `yyyy-MM-dd HH:mm:ss` or a date cell). Metercodes are recognised by the long German labels
 * eegfaktura's parser matches (§2), so old and new column layouts read alike; a column of another
 * metercode is left out and named.
 * Time: the reports hold 96 rows on the March change day, 02:00–02:45 included (§3.16), so their times
 * are not Austrian wall-clock time; they are read as a fixed UTC+1 grid (an inference, said with every
 * import).
 * Sheet `Summery` (sic) or `Summary`, or any sheet whose cells say so: read by content (eda-summary.ts).
 */
import type { ReportSummary } from '../../preload/contract';
import { readSummary } from './eda-summary';
import { readWorkbook, type Sheet } from '../import/sheet-rows';
import { checkXlsx } from '../import/zip-check';
import { ImportError } from '../import/types';
import { containerOf } from '../import/decode';
import type { Cell } from '../import/types';
import { AppError } from '../errors';
import { cleanText, identifierIssue, readingImplausibility, TEXT_CAPS } from '../../common/rules';
import type { EdaNote } from './eda-notes';
import { personLine } from '../doors/person-text';

export interface EdaMember {
  meteringPoint: string;
  name: string | null;
  role: 'consumer' | 'producer';
  series: { obisCode: string; column: string; startSec: number[]; valueKwh: number[] }[];
}

export interface EdaReport {
  members: EdaMember[];
  summary: ReportSummary | null;
  fromSec: number;
  toSec: number;
  notes: EdaNote[];
}

const FIXED_OFFSET_SEC = 3600;

/** Metercode label → register (consumer or producer), the more specific labels first. */
const METERCODES: {
  match: string;
  role: 'consumer' | 'producer' | 'any';
  obis: (r: 'consumer' | 'producer') => string;
}[] = [
  {
    match: 'ENTSPRECHEND DEM TEILNAHMEFAKTOR',
    role: 'any',
    obis: (r) => (r === 'producer' ? '1-1:2.9.0 G.01T' : '1-1:1.9.0 G.01T'),
  },
  { match: 'RESTÜBERSCHUSS BEI EG', role: 'producer', obis: () => '1-1:2.9.0 P.01T' },
  { match: 'EIGENDECKUNG AUS ERNEUERBARER', role: 'consumer', obis: () => '1-1:2.9.0 G.03R' },
  { match: 'GESAMTVERBRAUCH LT. MESSUNG', role: 'consumer', obis: () => '1-1:1.9.0 G.01' },
  // A real report labels the producer's total with the consumers' words, in a GENERATION column.
  { match: 'GESAMTVERBRAUCH LT. MESSUNG', role: 'producer', obis: () => '1-1:2.9.0 G.01' },
  { match: 'ANTEIL GEMEINSCHAFTLICHE ERZEUGUNG', role: 'consumer', obis: () => '1-1:2.9.0 G.02' },
  { match: 'EIGENDECKUNG GEMEINSCHAFTLICHE ERZEUGUNG', role: 'consumer', obis: () => '1-1:2.9.0 G.03' },
  { match: 'GEMEINSCHAFTSÜBERSCHUSS', role: 'producer', obis: () => '1-1:2.9.0 P.01' },
  { match: 'GESAMTE GEMEINSCHAFTLICHE ERZEUGUNG', role: 'producer', obis: () => '1-1:2.9.0 G.01' },
];

const text = (c: Cell | undefined): string =>
  c === null || c === undefined ? '' : typeof c === 'object' ? '' : String(c).trim();

/** A data row's start: text in either of the report's forms, or a date cell; naive seconds, or null. */
function naiveStart(c: Cell | undefined): number | null {
  if (c && typeof c === 'object') return c.naiveSec;
  const t = text(c);
  let m = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (m) return Date.UTC(+m[3]!, +m[2]! - 1, +m[1]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) / 1000;
  m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (m) return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) / 1000;
  return null;
}

function numberOf(c: Cell | undefined): number | null {
  if (typeof c === 'number') return c;
  const t = text(c);
  if (t === '') return null;
  const n = Number(t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t);
  return Number.isFinite(n) ? n : Number.NaN;
}

function readData(sheet: Sheet, notes: EdaNote[], nowSec: number): Omit<EdaReport, 'summary' | 'notes'> {
  const header: Record<string, Cell[]> = {};
  let dataStart = -1;
  for (let i = 0; i < sheet.rows.length; i++) {
    const a = sheet.rows[i]!.cells[0];
    if (naiveStart(a) !== null) {
      dataStart = i;
      break;
    }
    const label = text(a);
    if (label) header[label.toLowerCase()] = sheet.rows[i]!.cells;
  }
  const mps = header['meteringpointid'];
  const codes = header['metercode'];
  const directions = header['energy direction'];
  if (!mps || !codes || !directions)
    throw new AppError(
      'invalid_input',
      'The sheet "Energiedaten" lacks the rows MeteringpointID, Energy direction and Metercode: this is not an EDA "Energie Report", or a version Meterdesk does not know.',
      { reason: 'eda_not_report' },
    );
  if (dataStart < 0)
    throw new AppError('invalid_input', 'The EDA report holds no quarter-hour rows.', {
      reason: 'eda_empty',
    });
  const names = header['name'];
  const members = new Map<string, EdaMember>();
  const columns: { col: number; series: EdaMember['series'][number] }[] = [];
  const unknown = new Set<string>();
  for (let col = 1; col < codes.length; col++) {
    const mp = text(mps[col]);
    const label = text(codes[col]);
    if (!mp || !label) continue;
    // The input rules for an identifier (common/rules.ts): no formula, no control characters, a cap.
    const mpIssue = identifierIssue(mp);
    if (mpIssue) {
      notes.push({ code: 'mp_refused', params: { column: col + 1 } });
      continue;
    }
    const dir = text(directions[col]).toUpperCase();
    const role = dir === 'GENERATION' ? 'producer' : dir === 'CONSUMPTION' ? 'consumer' : null;
    if (!role) {
      notes.push({
        code: 'direction_unknown',
        params: { column: col + 1, meteringPoint: mp, direction: cleanText(dir, TEXT_CAPS.word) },
      });
      continue;
    }
    const code = METERCODES.find(
      (m) => label.toUpperCase().includes(m.match) && (m.role === 'any' || m.role === role),
    );
    if (!code) {
      unknown.add(label);
      continue;
    }
    const key = `${role}|${mp}`;
    let member = members.get(key);
    if (!member)
      members.set(
        key,
        (member = { meteringPoint: mp, name: personLine(text(names?.[col])), role, series: [] }),
      );
    const obis = code.obis(role);
    if (member.series.some((s) => s.obisCode === obis)) {
      notes.push({ code: 'second_column', params: { column: col + 1, meteringPoint: mp, obis } });
      continue;
    }
    const series = { obisCode: obis, column: label, startSec: [] as number[], valueKwh: [] as number[] };
    member.series.push(series);
    columns.push({ col, series });
  }
  if (unknown.size > 0)
    notes.push({
      code: 'metercodes_unknown',
      params: { codes: [...unknown].map((u) => cleanText(u, TEXT_CAPS.label)).join('; ') },
    });
  if (members.size === 0)
    throw new AppError('invalid_input', 'The EDA report names no metering point Meterdesk can read.', {
      reason: 'eda_empty',
    });
  let first = Infinity;
  let last = -Infinity;
  let previous: number | null = null;
  for (let i = dataStart; i < sheet.rows.length; i++) {
    const row = sheet.rows[i]!;
    const naive = naiveStart(row.cells[0]);
    if (naive === null) continue; // a sum row after the data
    const start = naive - FIXED_OFFSET_SEC;
    if (start % 900 !== 0)
      throw new AppError(
        'invalid_input',
        `Row ${row.line}: ${text(row.cells[0])} is not on the quarter-hour grid.`,
        { reason: 'eda_row', params: { row: row.line } },
      );
    if (previous !== null && start <= previous)
      throw new AppError(
        'invalid_input',
        `Row ${row.line}: ${text(row.cells[0])} does not follow the row before it.`,
        { reason: 'eda_row', params: { row: row.line } },
      );
    previous = start;
    first = Math.min(first, start);
    last = Math.max(last, start);
    for (const { col, series } of columns) {
      const v = numberOf(row.cells[col]);
      if (v === null) continue; // no value: missing, counted by the checks
      const why = Number.isNaN(v)
        ? `"${text(row.cells[col])}" is not a number`
        : readingImplausibility({ startSec: start, endSec: start + 900, value: v, updatedSec: null }, nowSec);
      if (why)
        throw new AppError(
          'invalid_input',
          `Row ${row.line}, column ${col + 1} (${series.column}): ${why}. The report is not imported.`,
          { reason: 'eda_value', params: { row: row.line, column: col + 1 } },
        );
      series.startSec.push(start);
      series.valueKwh.push(v);
    }
  }
  notes.push({ code: 'utc_grid', params: {} });
  return { members: [...members.values()], fromSec: first, toSec: last + 900 };
}

/**
 * The workbook's sheets within the import's caps (unpacked size, parts, rows, columns). A sheet past
 * them is the person's file, not a fault of Meterdesk: a refusal with its words, not `internal`.
 */
async function readChecked(bytes: Uint8Array) {
  try {
    await checkXlsx(bytes);
    return await readWorkbook(bytes);
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    throw new AppError('invalid_input', `The EDA report cannot be read: ${err.message}`, {
      reason: 'eda_unreadable',
    });
  }
}

export async function readEdaReport(bytes: Uint8Array, nowSec: number): Promise<EdaReport> {
  if (containerOf(bytes) !== 'xlsx')
    throw new AppError(
      'invalid_input',
      'An EDA "Energie Report" is an XLSX workbook; this file is not one.',
      {
        reason: 'eda_not_report',
      },
    );
  const sheets = await readChecked(bytes);
  const data = sheets.find((s) => /^energiedaten$/i.test(s.name));
  if (!data)
    throw new AppError(
      'invalid_input',
      `The workbook has no sheet "Energiedaten" (sheets: ${sheets.map((s) => s.name).join(', ')}): this is not an EDA "Energie Report".`,
      { reason: 'eda_not_report' },
    );
  const notes: EdaNote[] = [];
  const read = readData(data, notes, nowSec);
  // The summary sheet: "Summery" in the portal's files, found by its content (a header cell holding
  // "Zählpunkt": "Verbrauchszählpunkt", "Einspeisezählpunkt") too (eda-summary.ts).
  const byName = sheets.find((s) => /^summ(e|a)ry$/i.test(s.name));
  const summary =
    (byName && readSummary(byName)) ??
    sheets
      .filter((s) => s !== data && s !== byName)
      .map(readSummary)
      .find((x) => x !== null) ??
    null;
  if (!summary) notes.push({ code: 'no_summary', params: {} });
  return { ...read, summary, notes };
}
