/**
 * Property tests: for each format, files written the way the catalogue says that portal writes them —
 * random days including both change days, random values and quality words, empty cells, LF or CRLF,
 * with or without BOM — read back to exactly the readings they were written from.
 * The writers here are independent of the parser: they format local time with Intl, not with the
 * import's code.
 */
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../main/import/read-file';

const TZ = 'Europe/Vienna';
const QH = 900;

interface GenRow {
  start: number;
  /** kWh, or null for an empty cell. */
  value: number | null;
  q: 1 | 2 | 3;
}

// ---------- local time, formatted with Intl (not with the code under test) ----------

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});
function local(sec: number) {
  const p = Object.fromEntries(parts.formatToParts(new Date(sec * 1000)).map((x) => [x.type, x.value]));
  const off = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName!.slice(3);
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second!, off };
}
const deDate = (sec: number) => {
  const t = local(sec);
  return `${t.d}.${t.mo}.${t.y}`;
};
const isoDate = (sec: number) => {
  const t = local(sec);
  return `${t.y}-${t.mo}-${t.d}`;
};
const hm = (sec: number) => {
  const t = local(sec);
  return `${t.h}:${t.mi}`;
};
const hms = (sec: number) => `${hm(sec)}:${local(sec).s}`;
const isoOff = (sec: number, ms = false) => {
  const t = local(sec);
  return `${t.y}-${t.mo}-${t.d}T${t.h}:${t.mi}${ms ? ':00.000' : ''}${t.off}`;
};
const comma = (v: number | null, digits = 3) => (v === null ? '' : v.toFixed(digits).replace('.', ','));
const trimmed = (v: number | null) => (v === null ? '' : String(Number(v.toFixed(3))).replace('.', ','));
const point = (v: number | null) => (v === null ? '' : String(Number(v.toFixed(3))));

// ---------- one writer per format, from the catalogue ----------

interface Writer {
  id: string;
  encoding: 'utf8' | 'cp1252' | 'utf16le';
  /** Quality words the format writes, with what they mean; null: no quality column. */
  quality: [string, 1 | 2 | 3][] | null;
  /** The repeated October hour is written once (its second hour is not in the file). */
  hourOnce?: boolean;
  /** Empty cells may stand for missing values. */
  empties?: boolean;
  lines: (rows: GenRow[], word: (q: number) => string) => string[];
}

const MP = 'AT0010000000000000001000000000042';

const WRITERS: Writer[] = [
  {
    id: 'wienernetze-qh',
    encoding: 'utf8',
    quality: null,
    empties: true,
    lines: (rows) => [
      `Datum;Zeit von;Zeit bis;Haus - ${MP} (1234567890) - Verbrauch [kWh];;`,
      ...rows.map((r) => `${deDate(r.start)};${hms(r.start)};${hms(r.start + QH)};${trimmed(r.value)};;`),
    ],
  },
  {
    id: 'wienernetze-econtrol',
    encoding: 'utf8',
    quality: null,
    lines: (rows) => [
      `Ende Ablesezeitraum;Messintervall;Abrechnungsmaßeinheit;Wohnung - ${MP} (0000000000) - Verbrauch [kWh]`,
      ...rows.map((r) => `${isoOff(r.start + QH)};QH;KWH;${trimmed(r.value)}`),
    ],
  },
  {
    id: 'netznoe',
    encoding: 'utf8',
    quality: [
      ['L1', 1],
      ['L2', 2],
      ['L3', 3],
      ['G', 1],
      ['E', 2],
      ['F', 3],
    ],
    empties: true,
    lines: (rows, word) => [
      'Messzeitpunkt;Verbrauch (kWh);Qualität;',
      ...rows.map(
        (r) =>
          `${deDate(r.start + QH)} ${hm(r.start + QH)};${comma(r.value, 6)};${r.value === null ? '' : word(r.q)};`,
      ),
    ],
  },
  {
    id: 'netzooe',
    encoding: 'utf8',
    quality: [['VALID', 1]],
    lines: (rows, word) => [
      '"Datum";"kWh";"kW";"Status";',
      ...rows.map(
        (r) =>
          `"${deDate(r.start)} ${hm(r.start)}";${trimmed(r.value)};${trimmed(r.value! * 4)};"${word(r.q)}";`,
      ),
    ],
  },
  {
    id: 'linznetz',
    encoding: 'utf8',
    quality: null,
    empties: true,
    lines: (rows) => [
      'Datum von;Datum bis;Verbrauch in kWh;Ersatzwert',
      ...rows.map(
        (r) =>
          `${deDate(r.start)} ${hm(r.start)};${deDate(r.start + QH)} ${hm(r.start + QH)};${comma(r.value)};`,
      ),
    ],
  },
  {
    id: 'salzburgnetz-2023',
    encoding: 'utf8',
    quality: [
      ['Wert ist gültig', 1],
      ['Wert wurde geschätzt', 2],
      ['Wert fraglich/nicht belastbar', 3],
    ],
    hourOnce: true,
    lines: (rows, word) => {
      const total = rows.reduce((a, r) => a + (r.value ?? 0), 0);
      return [
        `"Datum und Uhrzeit";"Lastgänge (${comma(total)} kWh)";"Status"`,
        ...rows.map((r) => `"${isoDate(r.start)} ${hms(r.start)}";${comma(r.value)};"${word(r.q)}"`),
      ];
    },
  },
  {
    id: 'salzburgnetz',
    encoding: 'utf8',
    quality: [
      ['Wert ist gültig(L1)', 1],
      ['Wert ist gültig(L2)', 2],
      ['Wert fraglich(L3)', 3],
    ],
    lines: (rows, word) => [
      '"Datum";"Verbrauch (kWh)";"Status";"Zeitumstellung"',
      ...rows.map((r) => `"${deDate(r.start)} ${hms(r.start)}";${trimmed(r.value)};"${word(r.q)}";""`),
    ],
  },
  {
    id: 'kaerntennetz-2024',
    encoding: 'cp1252',
    quality: [['Der Wert ist gültig', 1]],
    lines: (rows, word) => [
      'Kundennummer;12345678;;',
      'Kundenname;Mustermann Max;;',
      `ZP-Nummer;${MP};;`,
      'Beginn;01.01.2024;;',
      'Ende;01.05.2024;;',
      'Energierichtung;Verbrauch gemessen;;',
      ';;;',
      ';;;',
      'Datum;Zeit;kWh;Status',
      ...rows.map((r) => `${deDate(r.start)};${hms(r.start)};${trimmed(r.value)};${word(r.q)}`),
    ],
  },
  {
    id: 'kaerntennetz-2025',
    encoding: 'cp1252',
    quality: [
      ['L1', 1],
      ['L2', 2],
      ['L3', 3],
    ],
    lines: (rows, word) => [
      'Startdatum;Enddatum;Zählpunktbezeichnung;Name der Energiegemeinschaft;ID der Energiegemeinschaft;OBIS;OBIS Kurzbeschreibung;Wert;Einheit;Qualität;Qualität Beschreibung',
      ...rows.map(
        (r) =>
          `${deDate(r.start)} ${hm(r.start)};${deDate(r.start + QH)} ${hm(r.start + QH)};${MP};;;;;${trimmed(r.value)};kWh;${word(r.q)};Echtwert gemessen`,
      ),
    ],
  },
  {
    id: 'energienetze-steiermark',
    encoding: 'utf8',
    quality: [
      ['VAL', 1],
      ['EST', 2],
    ],
    lines: (rows, word) => [
      'sep=;',
      'Anlagennummer;Zaehlpunkt;Tarif;Verbrauchszeitraum Beginn;Verbrauchszeitraum Ende;Verbrauch;Einheit;Messwert: VAL...gemessen, EST...rechnerisch ermittelt',
      ...rows.map(
        (r) =>
          `12345678;${MP};;${deDate(r.start)} ${hm(r.start)};${deDate(r.start + QH)} ${hm(r.start + QH)};${trimmed(r.value)};KWH;${word(r.q)}`,
      ),
    ],
  },
  {
    id: 'tinetz',
    encoding: 'utf8',
    quality: null,
    lines: (rows) => {
      const daily = [...new Set(rows.map((r) => deDate(r.start)))];
      return [
        `Musterweg 1 [${MP}];;;Musterweg 1 [${MP}];;`,
        `${MP};;;${MP};;`,
        'Strom - Wirkenergie (kWh);;;Strom - Wirkenergie (kWh);;',
        'kWh;;;kWh;;',
        'DATE_FROM;DATE_TO;VALUE;DATE_FROM;DATE_TO;VALUE',
        ...rows.map((r, i) => {
          const qh = `${deDate(r.start)} ${hms(r.start)};${deDate(r.start)} ${hms(r.start + QH - 1)};${trimmed(r.value)}`;
          const d = daily[i];
          return d ? `${qh};${d} 00:00:00;${d} 23:59:59;1,5` : `${qh};;;`;
        }),
      ];
    },
  },
  {
    id: 'tiwag',
    encoding: 'utf8',
    quality: null,
    lines: (rows) => [
      `${MP};;`,
      `${MP};;`,
      'Wirkenergie;;',
      'kWh;;',
      'DATE_FROM;DATE_TO;VALUE',
      ...rows.map(
        (r) =>
          `${deDate(r.start)} ${hms(r.start)};${deDate(r.start)} ${hms(r.start + QH - 1)};${trimmed(r.value)}`,
      ),
    ],
  },
  {
    id: 'vorarlbergnetz',
    encoding: 'utf16le',
    quality: null,
    lines: (rows) => [
      'Vertragskonto;000000000000',
      `Zählpunkt;${MP}`,
      '',
      'Beginn der Messreihe;Ende der Messreihe;Messwert in kWh',
      ...rows.map(
        (r) =>
          `${deDate(r.start)} ${hm(r.start)};${deDate(r.start + QH)} ${hm(r.start + QH)};${comma(r.value)}`,
      ),
    ],
  },
  {
    id: 'netzburgenland-v1',
    encoding: 'cp1252',
    quality: null,
    lines: (rows) => {
      let reading = 24000;
      return [
        'Start;Ende;Verbrauch (kWh) - Gesamtverbrauch;Zählerstand (kWh) - Gesamtverbrauch',
        ...rows.map((r) => {
          reading += r.value ?? 0;
          return ` ${deDate(r.start)} ${hms(r.start)}; ${deDate(r.start + QH)} ${hms(r.start + QH)};${comma(r.value)};${comma(reading)}`;
        }),
      ];
    },
  },
  {
    id: 'netzburgenland',
    encoding: 'utf8',
    quality: [['Wahrer Wert', 1]],
    empties: true,
    lines: (rows, word) => [
      'Zählpunktbezeichnung;Kennzahl;Zählernummer;Exportiere ab;Exportiere bis;Exportiere ab;Exportiere bis',
      `${MP};1-1:1.9.0 P.01;;01.10.2023;31.10.2023;00:00;00:00`,
      'Startdatum;Startuhrzeit;Enddatum;Enduhrzeit;Verbrauch (in kWh);Zählerstand um 24 Uhr (in kWh);Status',
      ...rows.map(
        (r) =>
          `${deDate(r.start)};${hm(r.start)};${deDate(r.start + QH)};${hm(r.start + QH)};${r.value === null ? '-' : comma(r.value)};-;${word(r.q)}`,
      ),
    ],
  },
  {
    id: 'stromnetzgraz',
    encoding: 'utf8',
    quality: [['VAL', 1]],
    lines: (rows, word) => {
      let reading = 11000;
      const out = [
        'Ablesezeitpunkt;Zaehlerstand Gesamt - 1.8.0;Verbrauch Gesamt - 1.8.0;Status Gesamt - 1.8.0;Zaehlerstand Hochtarif - 1.8.1;Verbrauch Hochtarif - 1.8.1;Status Hochtarif - 1.8.1;Zaehlerstand Niedertarif - 1.8.2;Verbrauch Niedertarif - 1.8.2;Status Niedertarif - 1.8.2',
        `${isoOff(rows[0]!.start, true)};${comma(reading)};;;;;;;;`,
      ];
      for (const r of rows) {
        reading += r.value!;
        out.push(`${isoOff(r.start + QH, true)};${trimmed(reading)};${trimmed(r.value)};${word(r.q)};;;;;;`);
      }
      return out;
    },
  },
  {
    id: 'stromnetzgraz-2023',
    encoding: 'utf8',
    quality: null,
    lines: (rows) => {
      let reading = 284;
      return [
        'Ablesezeitpunkt,Zaehlerstand Einheitstarif,Zaehlerstand Hochtarif,Zaehlerstand Niedertarif,Verbrauch Einheitstarif,Verbrauch Hochtarif,Verbrauch Niedertarif',
        ...rows.map((r) => {
          reading += r.value!;
          return `${isoOff(r.start + QH, true)},${point(reading)},0,0,${point(r.value)},0,0`;
        }),
      ];
    },
  },
  {
    id: 'ikb',
    encoding: 'utf8',
    quality: null,
    lines: (rows) => {
      const labels = rows.map(
        (r) => [`${deDate(r.start + QH)} ${hm(r.start + QH)}`, point(r.value)] as const,
      );
      // The export lists its last label first (sorted as text).
      const last = labels.pop()!;
      return [`"Datum","${MP} ab ${labels[0]![0]}"`, ...[last, ...labels].map(([l, v]) => `"${l}","${v}"`)];
    },
  },
  {
    id: 'stadtwerke-klagenfurt',
    encoding: 'cp1252',
    quality: null,
    lines: (rows) => [
      'Typ;Anlage;Zähler;Zählpunkt;OBIS-Code;DatumUhrzeit;Verbrauch;Einheit',
      ...rows.map(
        (r) =>
          `Strom;1234567;;${MP};Lastprofil Wirk Lieferung;${deDate(r.start)} ${hm(r.start)};${comma(r.value, 6)};kWh`,
      ),
    ],
  },
];

// ---------- generated readings ----------

const CHANGE_DAYS = ['2024-03-31', '2024-10-27', '2025-03-30', '2025-10-26'];
const OTHER_DAYS = ['2023-01-15', '2024-02-29', '2024-07-01', '2025-12-31'];

/** Quarter-hours of `days` local days from the local midnight of `first` (UTC seconds). */
function quarterHours(first: string, days: number): number[] {
  const startUtc = Date.parse(`${first}T00:00:00Z`) / 1000;
  // Local midnight: the instant whose Vienna wall clock reads 00:00 on that date.
  let midnight = startUtc - 7200;
  while (isoDate(midnight) !== first || hm(midnight) !== '00:00') midnight += QH;
  const out: number[] = [];
  let t = midnight;
  let seen = 0;
  while (seen <= days) {
    if (hm(t) === '00:00' && t !== midnight) seen++;
    if (seen === days) break;
    out.push(t);
    t += QH;
  }
  return out;
}

/** The second 02:00–02:45 of an October change day (a 'once' format writes the hour once). */
const isSecondRepeatedHour = (sec: number) =>
  local(sec).off === '+01:00' && local(sec - 3600).off === '+02:00' && local(sec).h === '02';

const arb = (w: Writer) =>
  fc.record({
    first: fc.constantFrom(...CHANGE_DAYS, ...OTHER_DAYS),
    days: fc.integer({ min: 1, max: 3 }),
    values: fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 300, maxLength: 300 }),
    qualities: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 300, maxLength: 300 }),
    empties: fc.array(fc.integer({ min: 0, max: 299 }), { maxLength: w.empties ? 6 : 0 }),
    crlf: fc.boolean(),
    bom: fc.boolean(),
  });

interface Generated {
  first: string;
  days: number;
  values: number[];
  qualities: number[];
  empties: number[];
  crlf: boolean;
  bom: boolean;
}

function generate(w: Writer, g: Generated) {
  let starts = quarterHours(g.first, g.days);
  if (w.hourOnce) starts = starts.filter((s) => !isSecondRepeatedHour(s));
  const words = w.quality ?? [['', 1]];
  const rows: GenRow[] = starts.map((start, i) => {
    const [, q] = words[g.qualities[i % 300]! % words.length]!;
    return { start, value: g.values[i % 300]! / 1000, q };
  });
  for (const e of g.empties) if (rows[e] && e > 0 && e < rows.length - 1) rows[e]!.value = null;
  const wordOf = (i: number) => (q: number) =>
    words.filter(([, x]) => x === q)[i % words.filter(([, x]) => x === q).length]![0];
  let k = 0;
  const text = w.lines(rows, (q) => wordOf(k++)(q)).join(g.crlf ? '\r\n' : '\n') + (g.crlf ? '\r\n' : '\n');
  const bytes =
    w.encoding === 'cp1252'
      ? iconv.encode(text, 'windows-1252')
      : w.encoding === 'utf16le'
        ? Buffer.concat([g.bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')])
        : Buffer.concat([
            g.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0),
            Buffer.from(text, 'utf8'),
          ]);
  return { rows, bytes };
}

describe('each format reads back exactly what was written (property)', () => {
  for (const w of WRITERS) {
    it(`${w.id}: random days with both change days, quality words, empty cells, LF/CRLF, BOM`, async () => {
      await fc.assert(
        fc.asyncProperty(arb(w), async (g) => {
          const { rows, bytes } = generate(w, g);
          const parsed = await readImportFile(bytes, { tz: TZ });
          expect(parsed.format.id).toBe(w.id);
          const want = rows.filter((r) => r.value !== null);
          const s = parsed.series[0]!;
          expect(s.startSec).toEqual(want.map((r) => r.start));
          expect(s.valueKwh.map((v) => Math.round(v * 1000))).toEqual(
            want.map((r) => Math.round(r.value! * 1000)),
          );
          expect(s.quality).toEqual(want.map((r) => (w.quality ? r.q : 1)));
          if (
            w.hourOnce &&
            rows.some((r) => isoDate(r.start) === '2024-10-27' || isoDate(r.start) === '2025-10-26')
          )
            expect(parsed.notes.map((n) => n.code)).toContain('dst_hour_once');
        }),
        { numRuns: 25 },
      );
    });
  }
});

// ---------- spreadsheets (no samples exist: written per the catalogue's layouts) ----------

function workbook(
  sheet: string,
  rows: unknown[][],
  bookType: XLSX.BookType = 'xlsx',
  dateCols: number[] = [],
): Uint8Array {
  const ws = XLSX.utils.aoa_to_sheet(rows);
  for (let r = 1; r < rows.length; r++)
    for (const c of dateCols) {
      const cell = ws[XLSX.utils.encode_cell({ r, c })];
      if (cell && typeof cell.v === 'number') cell.z = 'm/d/yy h:mm';
    }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheet);
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType }) as Buffer);
}

/** An Excel serial of a local wall-clock time (as Excel stores dates: no zone). */
function serial(sec: number): number {
  const t = local(sec);
  return Date.UTC(+t.y, +t.mo - 1, +t.d, +t.h, +t.mi) / 86_400_000 + 25_569;
}

describe('spreadsheet exports', () => {
  it('Energienetze Steiermark v3 XLSX: date cells, kW values, metering point on the first row only', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CHANGE_DAYS, ...OTHER_DAYS),
        fc.array(fc.integer({ min: 0, max: 9000 }), { minLength: 100, maxLength: 100 }),
        async (first, kw) => {
          const starts = quarterHours(first, 1);
          const rows = [
            [
              'Anlagennummer',
              'Zählpunkt',
              'Tarif',
              'Leistungszeitraum Beginn',
              'Leistungszeitraum Ende',
              'Leistung',
              'Einheit',
              'Messwert: VAL...gemessen, EST...rechnerisch ermittelt',
            ],
            ...starts.map((s, i) => [
              i === 0 ? '12345678' : null,
              i === 0 ? MP : null,
              null,
              serial(s),
              serial(s + QH),
              kw[i]! / 1000,
              'KW',
              i % 7 === 0 ? 'EST' : 'VAL',
            ]),
          ];
          const parsed = await readImportFile(workbook('Tabelle1', rows, 'xlsx', [3, 4]), { tz: TZ });
          expect(parsed.format.id).toBe('energienetze-steiermark');
          expect(parsed.meteringPoint).toBe(MP);
          const s = parsed.series[0]!;
          expect(s.startSec).toEqual(starts);
          expect(s.valueKwh.map((v) => Math.round(v * 1e6))).toEqual(
            starts.map((_, i) => Math.round((kw[i]! / 1000) * 0.25 * 1e6)),
          );
          expect(s.quality).toEqual(starts.map((_, i) => (i % 7 === 0 ? 2 : 1)));
          expect(parsed.notes.map((n) => n.code)).toContain('power_converted');
        },
      ),
      { numRuns: 12 },
    );
  });

  it('Netz OÖ XLS (BIFF, sheet "Wirk"): text dates, interval starts', async () => {
    for (const first of ['2025-03-30', '2024-10-27', '2024-07-01']) {
      const starts = quarterHours(first, 1);
      const rows = [
        ['Datum', 'kWh', 'kW', 'Status'],
        ...starts.map((s, i) => [`${deDate(s)} ${hm(s)}`, i / 1000, (4 * i) / 1000, 'VALID']),
      ];
      const parsed = await readImportFile(workbook('Wirk', rows, 'biff8'), { tz: TZ });
      expect(parsed.format.id).toBe('netzooe');
      expect(parsed.encoding).toBe('XLS');
      expect(parsed.series[0]!.startSec).toEqual(starts);
      expect(parsed.series[0]!.valueKwh).toEqual(starts.map((_, i) => i / 1000));
    }
  });

  it('eww Wels XLSX: registers by OBIS code in the header, a Status after each, daily totals checked not imported, the October hour once', async () => {
    for (const first of ['2024-03-31', '2024-10-27', '2024-06-01']) {
      const starts = quarterHours(first, 1).filter((s) => !isSecondRepeatedHour(s));
      const head = [
        'BeginDate',
        'EndDate',
        'Restnetzbezug (1-1:1.9.0 P.01)',
        'Status',
        'Gemeinschaftsnutzung',
        'Status',
        'gemessener Gesamtverbrauch (1-1:1.9.0 G.01)',
        'Status',
        'Unit',
      ];
      const text = (s: number) => `${isoDate(s)} ${hms(s)}`;
      const g01 = starts.map((_, i) => (i % 13) / 100);
      const total = g01.reduce((a, b) => a + b, 0);
      const half = Number((total / 2).toFixed(4));
      const rows = [
        head,
        [
          text(starts[0]!),
          `${isoDate(starts[0]! + 86_400 + 7200)} 00:00:00`,
          half,
          'gemessen',
          half,
          'gemessen',
          Number(total.toFixed(3)),
          'gemessen',
          'kWh',
        ],
        ...starts.map((s, i) => [
          text(s),
          text(s + QH),
          g01[i]! / 2,
          'gemessen',
          g01[i]! / 2,
          'berechnet',
          g01[i]!,
          'gemessen',
          'kWh',
        ]),
      ];
      const parsed = await readImportFile(workbook('Worksheet', rows), { tz: TZ });
      expect(parsed.format.id).toBe('eww-wels');
      expect(parsed.series.map((s) => s.obisCode)).toEqual([
        '1-1:1.9.0 P.01',
        '1-1:1.9.0 G.01',
        '1-1:2.9.0 G.02',
      ]);
      const g = parsed.series.find((s) => s.obisCode === '1-1:1.9.0 G.01')!;
      expect(g.startSec).toEqual(starts);
      expect(g.valueKwh).toEqual(g01);
      expect(parsed.series.find((s) => s.obisCode === '1-1:2.9.0 G.02')!.quality.every((q) => q === 2)).toBe(
        true,
      );
      const codes = parsed.notes.map((n) => n.code);
      expect(codes.includes('day_total_mismatch')).toBe(false);
      if (first === '2024-10-27') expect(codes).toContain('dst_hour_once');
    }
  });

  it('Ebner Strom XLSX: alternating 1.8.0/2.8.0 rows, a Zählpunkt row, empty labels in the March gap skipped', async () => {
    const starts = quarterHours('2024-03-31', 1);
    const grid: unknown[][] = [
      ['Zeitstempel String', 'Obiscode', 'Wert (kWh)', 'Angezeigter Zeitraum'],
      [`Zählpunkt: ${MP}`],
    ];
    // A fixed 96-label grid: the labels inside the skipped hour carry no value. (The catalogue names
    // 02:15–02:45; a value at the end label 02:00 as well would make 93 values for 92 quarter-hours,
    // which the reader refuses with the line: see the next test.)
    for (let m = 15; m <= 24 * 60; m += 15) {
      const label = `31.03.2024 ${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const day = m === 24 * 60 ? '01.04.2024 00:00' : label;
      const inGap = m >= 120 && m < 180;
      grid.push([day, '1.8.0', inGap ? null : 0.1, '31.03.2024 - 31.03.2024']);
      grid.push([day, '2.8.0', inGap ? null : 0.02, '31.03.2024 - 31.03.2024']);
    }
    const parsed = await readImportFile(workbook('Sheet1', grid), { tz: TZ });
    expect(parsed.format.id).toBe('ebner-strom');
    expect(parsed.meteringPoint).toBe(MP);
    expect(parsed.series.map((s) => [s.obisCode, s.startSec.length])).toEqual([
      ['1-1:1.9.0 G.01', 92],
      ['1-1:2.9.0 G.01', 92],
    ]);
    expect(parsed.series[0]!.startSec).toEqual(starts);
    expect(parsed.notes.map((n) => n.code)).toContain('rows_without_value_skipped');
  });

  it('a value at a time the March night skips is refused with its line, not moved', async () => {
    const grid = [
      ['Zeitstempel String', 'Obiscode', 'Wert (kWh)', 'Angezeigter Zeitraum'],
      ['31.03.2024 01:45', '1.8.0', 0.1, ''],
      ['31.03.2024 02:00', '1.8.0', 0.1, ''],
      ['31.03.2024 02:15', '1.8.0', 0.1, ''],
    ];
    // 02:00 as an interval end is the jump's instant (= 03:00, issue 31: Ebner writes it so); 02:15 is
    // a time that does not exist.
    await expect(readImportFile(workbook('Sheet1', grid), { tz: TZ })).rejects.toMatchObject({
      kind: 'nonexistent_time',
      line: 4,
      message: expect.stringMatching(/31\.03\.2024 02:15 does not exist/),
    });
  });
});
