/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The report's kit: its styles, number and date formats, and the pieces every page uses (key-value
 * lines, tables, headings that record their page for the contents, chart axes and hatching).
 */
import { Line, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { REPORT_FONT, registerReportFont } from './fonts';

registerReportFont();

export const TZ = 'Europe/Vienna';
export const INK = '#000000';
export const LIGHT = '#bbbbbb';

export const st = StyleSheet.create({
  page: { paddingTop: 42, paddingBottom: 48, paddingHorizontal: 44, fontSize: 8.5, fontFamily: REPORT_FONT },
  h1: { fontSize: 20, fontWeight: 700, marginBottom: 6 },
  h2: { fontSize: 13, fontWeight: 700, marginTop: 10, marginBottom: 5 },
  h3: { fontSize: 10, fontWeight: 700, marginTop: 8, marginBottom: 3 },
  small: { fontSize: 7.5, color: '#333333' },
  row: { flexDirection: 'row' },
  th: { fontWeight: 700, borderBottomWidth: 0.7, borderColor: INK, paddingVertical: 2 },
  td: { paddingVertical: 1.5, borderBottomWidth: 0.3, borderColor: LIGHT },
  footer: { position: 'absolute', bottom: 22, left: 44, right: 44, fontSize: 7.5, color: '#444444' },
  kv: { flexDirection: 'row', marginBottom: 1.5 },
  k: { width: 190, color: '#333333' },
  para: { marginBottom: 4, lineHeight: 1.35 },
});

/** Number, date and quantity formatting in the report's language (de-AT / en-GB). */
export function fmt(lang: 'de' | 'en') {
  const locale = lang === 'de' ? 'de-AT' : 'en-GB';
  const nf = new Map<string, Intl.NumberFormat>();
  const num = (v: number | null | undefined, digits: number) => {
    if (v === null || v === undefined || !Number.isFinite(v)) return '–';
    const key = String(digits);
    let f = nf.get(key);
    if (!f)
      nf.set(
        key,
        (f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })),
      );
    // Sign-aware: a value that rounds to zero is zero, never "-0,00" (a bill's −0,004 € is 0,00 €); a
    // negative number gets the minus sign "−", which the embedded font prints (fonts.ts).
    const rounded = Math.round(v * 10 ** digits) / 10 ** digits;
    return f.format(rounded === 0 ? 0 : v).replace(/^-/, '−');
  };
  const date = new Intl.DateTimeFormat(locale, {
    timeZone: TZ,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const dateTime = new Intl.DateTimeFormat(locale, {
    timeZone: TZ,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const monthName = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const dayMonth = new Intl.DateTimeFormat(locale, { timeZone: TZ, day: '2-digit', month: '2-digit' });
  return {
    kwh: (v: number | null | undefined) => `${num(v, 1)} kWh`,
    kw: (v: number | null | undefined) => `${num(v, 2)} kW`,
    pct: (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${num(v * 100, 1)} %`),
    n: (v: number | null | undefined, d = 0) => num(v, d),
    date: (sec: number) => date.format(new Date(sec * 1000)),
    dateTime: (sec: number) => dateTime.format(new Date(sec * 1000)),
    month: (ym: string) => monthName.format(new Date(`${ym}-01T00:00:00Z`)),
    /** A day without its year ("29.03."), where the year is said beside it. */
    day: (sec: number) => dayMonth.format(new Date(sec * 1000)),
  };
}
export type Fmt = ReturnType<typeof fmt>;

/** Diagonal hatching inside a rectangle (estimated/unreliable shares, as the screens hatch them). */
export function hatch(x: number, y: number, w: number, h: number, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  for (let d = -h; d < w; d += 3)
    out.push(
      <Line
        key={`${key}-${d}`}
        x1={x + Math.max(0, d)}
        y1={y + h - Math.max(0, -d)}
        x2={x + Math.min(w, d + h)}
        y2={y + h - Math.min(h, w - d) - Math.max(0, -d) + Math.max(0, -d)}
        stroke={INK}
        strokeWidth={0.4}
      />,
    );
  return out;
}

export function axisY(
  max: number,
  x: number,
  top: number,
  h: number,
  w: number,
  f: Fmt,
  digits = 0,
): ReactNode[] {
  const out: ReactNode[] = [];
  for (let i = 0; i <= 4; i++) {
    const y = top + h - (h * i) / 4;
    out.push(<Line key={`g${i}`} x1={x} y1={y} x2={x + w} y2={y} stroke={LIGHT} strokeWidth={0.3} />);
    out.push(
      <Text key={`t${i}`} x={x - 3} y={y + 2} style={{ fontSize: 6 }} textAnchor="end">
        {f.n((max * i) / 4, digits)}
      </Text>,
    );
  }
  return out;
}

export const niceMax = (v: number) => {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * p >= v) return m * p;
  return 10 * p;
};

export function KV({ k, v }: { k: string; v: string }) {
  return (
    <View style={st.kv}>
      <Text style={st.k}>{k}</Text>
      <Text style={{ flex: 1 }}>{v}</Text>
    </View>
  );
}

export function Table({
  head,
  rows,
  widths,
  dense = false,
}: {
  head: string[];
  rows: string[][];
  widths: number[];
  /** Smaller rows (a summary of 50 meters on one page). */
  dense?: boolean;
}) {
  const size = dense ? { fontSize: 7.5, paddingVertical: 0.6 } : {};
  return (
    <View>
      <View style={st.row} fixed>
        {head.map((h, i) => (
          <Text key={i} style={[st.th, size, { width: widths[i], textAlign: i === 0 ? 'left' : 'right' }]}>
            {h}
          </Text>
        ))}
      </View>
      {rows.map((r, j) => (
        <View key={j} style={st.row} wrap={false}>
          {r.map((c, i) => (
            <Text key={i} style={[st.td, size, { width: widths[i], textAlign: i === 0 ? 'left' : 'right' }]}>
              {c}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/** A section heading that records its page for the table of contents. */
export function Heading({
  id,
  text,
  pages,
  level = 2,
}: {
  id: string;
  text: string;
  pages: Map<string, number>;
  level?: 2 | 3;
}) {
  return (
    <View minPresenceAhead={150} wrap={false}>
      <Text style={level === 2 ? st.h2 : st.h3}>{text}</Text>
      <Text
        style={{ fontSize: 1, color: '#ffffff' }}
        render={({ pageNumber }) => {
          pages.set(id, pageNumber);
          return ' ';
        }}
      />
    </View>
  );
}
