/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The report as a PDF (A4 portrait), drawn with @react-pdf/renderer from the report model: text,
 * tables and vector charts drawn from the data (never screenshots), in black and white (quality as
 * hatching, series as dash patterns). Rendered in Node — by the app's main process and by the CLI with
 * the same code — so both write the same file. Pages are numbered; a table of contents gets each
 * section's page from a first layout pass (renderReport).
 */
import {
  Document,
  Image,
  Line,
  Page,
  Polyline,
  Rect,
  StyleSheet,
  Svg,
  Text,
  View,
  renderToBuffer,
} from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { MeterReport, ReportModel, ReportSection } from './model';
import { WORDS, type Words } from './words';

const TZ = 'Europe/Vienna';
const INK = '#000000';
const LIGHT = '#bbbbbb';

const st = StyleSheet.create({
  page: { paddingTop: 42, paddingBottom: 48, paddingHorizontal: 44, fontSize: 9, fontFamily: 'Helvetica' },
  h1: { fontSize: 20, fontFamily: 'Helvetica-Bold', marginBottom: 6 },
  h2: { fontSize: 13, fontFamily: 'Helvetica-Bold', marginTop: 10, marginBottom: 5 },
  h3: { fontSize: 10, fontFamily: 'Helvetica-Bold', marginTop: 8, marginBottom: 3 },
  small: { fontSize: 7.5, color: '#333333' },
  row: { flexDirection: 'row' },
  th: { fontFamily: 'Helvetica-Bold', borderBottomWidth: 0.7, borderColor: INK, paddingVertical: 2 },
  td: { paddingVertical: 1.5, borderBottomWidth: 0.3, borderColor: LIGHT },
  footer: { position: 'absolute', bottom: 22, left: 44, right: 44, fontSize: 7.5, color: '#444444' },
  kv: { flexDirection: 'row', marginBottom: 1.5 },
  k: { width: 170, color: '#333333' },
  para: { marginBottom: 4, lineHeight: 1.35 },
});

/** Number, date and quantity formatting in the report's language (de-AT / en-GB). */
function fmt(lang: 'de' | 'en') {
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
    return f.format(v);
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
  return {
    kwh: (v: number | null | undefined) => `${num(v, 1)} kWh`,
    kw: (v: number | null | undefined) => `${num(v, 2)} kW`,
    pct: (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${num(v * 100, 1)} %`),
    n: (v: number | null | undefined, d = 0) => num(v, d),
    date: (sec: number) => date.format(new Date(sec * 1000)),
    dateTime: (sec: number) => dateTime.format(new Date(sec * 1000)),
    month: (ym: string) => monthName.format(new Date(`${ym}-01T00:00:00Z`)),
  };
}
type Fmt = ReturnType<typeof fmt>;

// ---------- charts (vector, black and white) ----------

/** Diagonal hatching inside a rectangle (estimated/unreliable shares, as the screens hatch them). */
function hatch(x: number, y: number, w: number, h: number, key: string): ReactNode[] {
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

function axisY(max: number, x: number, top: number, h: number, w: number, f: Fmt, digits = 0): ReactNode[] {
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

const niceMax = (v: number) => {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * p >= v) return m * p;
  return 10 * p;
};

/** Monthly bars: this period (black, estimated share hatched) beside the previous year (outlined). */
function MonthBars({ m, f, w }: { m: MeterReport; f: Fmt; w: Words }) {
  const W = 500;
  const H = 150;
  const left = 40;
  const top = 8;
  const ph = H - 30;
  const pw = W - left - 6;
  const max = niceMax(Math.max(1, ...m.months.map((x) => Math.max(x.kwh, x.previousKwh ?? 0))));
  const slot = pw / Math.max(1, m.months.length);
  const bw = Math.min(14, slot / 2.6);
  return (
    <Svg width={W} height={H}>
      {axisY(max, left, top, ph, pw, f)}
      {m.months.flatMap((x, i) => {
        const cx = left + slot * i + slot / 2;
        const hCur = (x.kwh / max) * ph;
        const hPrev = ((x.previousKwh ?? 0) / max) * ph;
        const rec = x.readings > 0 ? (x.quality.estimated + x.quality.unreliable) / x.readings : 0;
        const hHatch = hCur * rec;
        const nodes: ReactNode[] = [
          <Rect
            key={`c${i}`}
            x={cx - bw - 1}
            y={top + ph - hCur}
            width={bw}
            height={hCur - hHatch}
            fill={INK}
          />,
        ];
        if (hHatch > 0.3) {
          nodes.push(
            <Rect
              key={`ch${i}`}
              x={cx - bw - 1}
              y={top + ph - hHatch}
              width={bw}
              height={hHatch}
              fill="#ffffff"
              stroke={INK}
              strokeWidth={0.5}
            />,
          );
          nodes.push(...hatch(cx - bw - 1, top + ph - hHatch, bw, hHatch, `h${i}`));
        }
        if (x.previousKwh !== null)
          nodes.push(
            <Rect
              key={`p${i}`}
              x={cx + 1}
              y={top + ph - hPrev}
              width={bw}
              height={hPrev}
              fill="#ffffff"
              stroke={INK}
              strokeWidth={0.7}
            />,
          );
        nodes.push(
          <Text key={`l${i}`} x={cx} y={top + ph + 9} style={{ fontSize: 6 }} textAnchor="middle">
            {x.month.slice(5)}/{x.month.slice(2, 4)}
          </Text>,
        );
        return nodes;
      })}
      <Rect x={left} y={H - 10} width={8} height={6} fill={INK} />
      <Text x={left + 11} y={H - 5} style={{ fontSize: 6.5 }}>
        {`kWh · ${w.measured}`}
      </Text>
      <Rect x={left + 80} y={H - 10} width={8} height={6} fill="#ffffff" stroke={INK} strokeWidth={0.5} />
      {hatch(left + 80, H - 10, 8, 6, 'lg')}
      <Text x={left + 91} y={H - 5} style={{ fontSize: 6.5 }}>
        {`${w.estimated} / ${w.unreliable}`}
      </Text>
      <Rect x={left + 180} y={H - 10} width={8} height={6} fill="#ffffff" stroke={INK} strokeWidth={0.7} />
      <Text x={left + 191} y={H - 5} style={{ fontSize: 6.5 }}>
        {w.previousYear}
      </Text>
    </Svg>
  );
}

/** Lines over an x range (each series its own dash pattern), with a y axis. */
function Lines({
  series,
  f,
  width = 500,
  height = 130,
  xLabels,
  digits = 1,
}: {
  series: { name: string; values: (number | null)[]; dash?: string }[];
  f: Fmt;
  width?: number;
  height?: number;
  xLabels?: { at: number; text: string }[];
  digits?: number;
}) {
  const left = 40;
  const top = 6;
  const legend = series.length > 1 ? 12 : 0;
  const ph = height - 20 - legend;
  const pw = width - left - 6;
  const n = Math.max(2, ...series.map((s) => s.values.length));
  const max = niceMax(
    Math.max(0.001, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null))),
  );
  const x = (i: number) => left + (pw * i) / (n - 1);
  const legendStep = Math.min(110, pw / Math.max(1, series.length));
  const y = (v: number) => top + ph - (v / max) * ph;
  return (
    <Svg width={width} height={height}>
      {axisY(max, left, top, ph, pw, f, digits)}
      {series.flatMap((s, k) => {
        // Runs without gaps as one polyline each: a gap stays a gap.
        const runs: string[][] = [];
        let cur: string[] = [];
        s.values.forEach((v, i) => {
          if (v === null) {
            if (cur.length) runs.push(cur);
            cur = [];
          } else cur.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
        });
        if (cur.length) runs.push(cur);
        return runs.map((r, j) =>
          r.length === 1 ? (
            <Rect
              key={`${k}-${j}`}
              x={Number(r[0]!.split(',')[0]) - 0.5}
              y={Number(r[0]!.split(',')[1]) - 0.5}
              width={1}
              height={1}
              fill={INK}
            />
          ) : (
            <Polyline
              key={`${k}-${j}`}
              points={r.join(' ')}
              stroke={INK}
              strokeWidth={0.8}
              strokeDasharray={s.dash}
              fill="none"
            />
          ),
        );
      })}
      {(xLabels ?? []).map((l, i) => (
        <Text key={`x${i}`} x={x(l.at)} y={top + ph + 9} style={{ fontSize: 6 }} textAnchor="middle">
          {l.text}
        </Text>
      ))}
      {series.length > 1 &&
        series.map((s, k) => (
          <Line
            key={`lg${k}`}
            x1={left + k * legendStep}
            y1={height - 5}
            x2={left + k * legendStep + 18}
            y2={height - 5}
            stroke={INK}
            strokeWidth={0.8}
            strokeDasharray={s.dash}
          />
        ))}
      {series.length > 1 &&
        series.map((s, k) => (
          <Text key={`lt${k}`} x={left + k * legendStep + 22} y={height - 3} style={{ fontSize: 6.5 }}>
            {s.name}
          </Text>
        ))}
    </Svg>
  );
}

/** The carpet by hour: one column per day, one row per hour, grey by mean kW (white = no reading). */
function Carpet({ c, f }: { c: NonNullable<MeterReport['carpet']>; f: Fmt }) {
  const W = 500;
  const H = 140;
  const left = 28;
  const pw = W - left - 4;
  const ph = H - 16;
  const cw = pw / Math.max(1, c.days.length);
  const ch = ph / 24;
  const max = c.maxKw || 1;
  // Twelve grey levels; the hours of a day with the same level are one rectangle (a few thousand
  // shapes for a year instead of 8 760: the PDF stays small and quick to draw and print).
  const LEVELS = 12;
  const level = (v: number | null) =>
    v === null ? -1 : Math.min(LEVELS - 1, Math.floor((v / max) * LEVELS));
  const cells: ReactNode[] = [];
  c.hours.forEach((row, d) => {
    let h = 0;
    while (h < 24) {
      const l = level(row[h] ?? null);
      let e = h + 1;
      while (e < 24 && level(row[e] ?? null) === l) e++;
      if (l >= 0) {
        const g = Math.round(245 - (l / (LEVELS - 1)) * 235);
        const hex = g.toString(16).padStart(2, '0');
        cells.push(
          <Rect
            key={`${d}-${h}`}
            x={left + d * cw}
            y={h * ch}
            width={cw + 0.05}
            height={(e - h) * ch + 0.05}
            fill={`#${hex}${hex}${hex}`}
          />,
        );
      }
      h = e;
    }
  });
  const ticks = c.days
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => d.endsWith('-01'))
    .map(({ d, i }) => (
      <Text key={d} x={left + i * cw} y={H - 4} style={{ fontSize: 6 }}>
        {d.slice(5, 7)}
      </Text>
    ));
  return (
    <Svg width={W} height={H}>
      <Rect x={left} y={0} width={pw} height={ph} fill="#ffffff" stroke={INK} strokeWidth={0.4} />
      {cells}
      {[0, 6, 12, 18].map((h) => (
        <Text key={h} x={left - 3} y={h * ch + 5} style={{ fontSize: 6 }} textAnchor="end">
          {`${h}h`}
        </Text>
      ))}
      {ticks}
      <Text x={W - 4} y={H - 4} style={{ fontSize: 6 }} textAnchor="end">
        {`max ${f.kw(c.maxKw)}`}
      </Text>
    </Svg>
  );
}

// ---------- sections ----------

function KV({ k, v }: { k: string; v: string }) {
  return (
    <View style={st.kv}>
      <Text style={st.k}>{k}</Text>
      <Text style={{ flex: 1 }}>{v}</Text>
    </View>
  );
}

function Table({
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
function Heading({
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

/** Whether a section of a meter is printed (the contents list the same ones in both passes). */
function shown(model: ReportModel, idx: number, s: ReportSection): boolean {
  const m = model.meters[idx]!;
  if (!model.request.sections.includes(s)) return false;
  switch (s) {
    case 'master':
    case 'annex':
      return true;
    case 'energy':
      return m.months.length > 0;
    case 'profile':
      return m.days.length > 0;
    case 'peaks':
      return m.peaks !== null;
    case 'baseload':
      return m.baseLoad !== null;
    case 'cost':
      return m.cost !== null || m.limits.includes('no_tariff');
    case 'measures':
      return m.measures !== null;
  }
}

function meterTitle(m: MeterReport): string {
  return `${m.meter.label ?? m.meter.meteringPoint} (${m.meter.meteringPoint})`;
}

function MeterSections({
  m,
  model,
  f,
  w,
  pages,
  idx,
}: {
  m: MeterReport;
  model: ReportModel;
  f: Fmt;
  w: Words;
  pages: Map<string, number>;
  idx: number;
}) {
  const sec = { has: (s: ReportSection) => shown(model, idx, s) };
  const fig = m.figures;
  const unitWord = m.intervalSec === 3600 ? w.hours : w.quarterHours;
  const multi = model.meters.length > 1;
  const id = (s: string) => `${idx}-${s}`;
  const limits = m.limits.map((l) =>
    l === 'hourly' ? w.hourlyLimit : l === 'gas_no_power' ? w.gasLimit : l === 'no_data' ? w.noData : null,
  );
  const ind = model.request.indicators;
  return (
    <View>
      {multi && <Heading id={id('meter')} text={meterTitle(m)} pages={pages} />}
      {limits.filter(Boolean).map((t, i) => (
        <Text key={i} style={[st.small, { marginBottom: 3 }]}>
          {t}
        </Text>
      ))}
      {sec.has('master') && (
        <View>
          <Heading id={id('master')} text={`1 ${w.master}`} pages={pages} level={multi ? 3 : 2} />
          <KV k={w.meteringPoint} v={m.meter.meteringPoint} />
          <KV k={w.meter} v={m.meter.label ?? '–'} />
          <KV k={w.customer} v={m.meter.customer ?? '–'} />
          <KV
            k={w.site}
            v={
              [m.meter.site, m.meter.siteAddress !== m.meter.site ? m.meter.siteAddress : null]
                .filter(Boolean)
                .join(', ') || '–'
            }
          />
          <KV k={w.operator} v={m.meter.operator ?? w.notInData} />
          <KV k={w.networkLevel} v={w.notInData} />
          <KV
            k={`${w.commodity} · ${w.direction}`}
            v={`${m.meter.commodity === 'gas' ? w.gas : w.electricity} · ${m.meter.direction === 'feed_in' ? w.feed_in : w.consumption}`}
          />
          <KV k={w.register} v={`${m.register} (${unitWord})`} />
          <KV k={w.period} v={`${f.date(fig.frame.fromSec)} – ${f.date(fig.frame.toSec - 1)}`} />
          <KV
            k={w.completeness}
            v={`${f.pct(fig.completeness)} (${f.n(fig.readings)} ${w.readingsOf} ${f.n(fig.expected)} ${unitWord})`}
          />
          <KV
            k={`${w.measured} / ${w.estimated} / ${w.unreliable}`}
            v={`${f.pct(fig.readings ? fig.quality.measured / fig.readings : null)} / ${f.pct(fig.readings ? fig.quality.estimated / fig.readings : null)} / ${f.pct(fig.readings ? fig.quality.unreliable / fig.readings : null)}`}
          />
          <KV k={w.energyTotal} v={f.kwh(fig.kwh)} />
          <KV
            k={m.intervalSec === 3600 ? w.peakHour : w.peak}
            v={`${f.kw(fig.peakKw)}${fig.peakAtSec !== null ? ` ${w.at} ${f.dateTime(fig.peakAtSec)}` : ''}`}
          />
          <KV k={w.baseLoadKw} v={f.kw(fig.baseLoadKw)} />
        </View>
      )}
      {sec.has('energy') && (
        <View>
          <View wrap={false}>
            <Heading id={id('energy')} text={`2 ${w.energy}`} pages={pages} level={multi ? 3 : 2} />
            <MonthBars m={m} f={f} w={w} />
          </View>
          <Table
            head={[w.month, 'kWh', w.previousYear, w.change, w.completeness, w.peak]}
            widths={[90, 80, 80, 70, 80, 100]}
            rows={m.months.map((x) => [
              f.month(x.month),
              f.n(x.kwh, 1),
              x.previousKwh === null ? '–' : f.n(x.previousKwh, 1),
              x.previousKwh ? f.pct(x.kwh / x.previousKwh - 1) : '–',
              f.pct(x.completeness),
              f.kw(x.peakKw),
            ])}
          />
          {(ind?.areaM2 || ind?.persons) && (
            <View style={{ marginTop: 4 }}>
              <Text style={st.h3}>{w.indicators}</Text>
              {ind?.areaM2 ? (
                <KV k={`kWh ${w.perM2} (${f.n(ind.areaM2)} m²)`} v={f.n(fig.kwh / ind.areaM2, 1)} />
              ) : null}
              {ind?.persons ? (
                <KV k={`kWh ${w.perPerson} (${f.n(ind.persons)})`} v={f.n(fig.kwh / ind.persons, 1)} />
              ) : null}
            </View>
          )}
        </View>
      )}
      {sec.has('profile') && (
        <View>
          <View wrap={false}>
            <Heading id={id('profile')} text={`3 ${w.profile}`} pages={pages} level={multi ? 3 : 2} />
            <Text style={st.small}>{w.dailyEnergy}</Text>
            <Lines
              f={f}
              series={[
                { name: w.thisPeriod, values: m.days.map((d) => d.kwh) },
                ...(m.days.some((d) => d.previousKwh !== null)
                  ? [{ name: w.previousYear, values: m.days.map((d) => d.previousKwh), dash: '2 2' }]
                  : []),
              ]}
              xLabels={m.days
                .map((d, i) => ({ d, i }))
                .filter(({ d }) => d.day.endsWith('-01'))
                .map(({ d, i }) => ({ at: i, text: d.day.slice(5, 7) }))}
            />
          </View>
          {m.carpet && (
            <View wrap={false}>
              <Text style={st.small}>{w.carpet}</Text>
              <Carpet c={m.carpet} f={f} />
            </View>
          )}
          {m.profiles && (
            <View wrap={false}>
              <Text style={st.small}>{w.typicalDays}</Text>
              <Lines
                f={f}
                digits={2}
                series={[
                  { name: w.workday, values: m.dayTypes?.workday ?? m.profiles.weekday ?? [] },
                  { name: w.saturday, values: m.dayTypes?.saturday ?? [], dash: '3 2' },
                  { name: w.sundayHoliday, values: m.dayTypes?.sundayHoliday ?? [], dash: '1 1.5' },
                  { name: w.winter, values: m.profiles.seasons.winter ?? [], dash: '5 2 1 2' },
                  { name: w.summer, values: m.profiles.seasons.summer ?? [], dash: '6 1' },
                ]}
                xLabels={[0, 6, 12, 18].map((h) => ({ at: (h * m.profiles!.slots) / 24, text: `${h}:00` }))}
              />
            </View>
          )}
        </View>
      )}
      {sec.has('peaks') && m.peaks && (
        <View>
          <Heading id={id('peaks')} text={`4 ${w.peaks}`} pages={pages} level={multi ? 3 : 2} />
          <KV k={w.meanTop3} v={f.kw(m.peaks.meanTop3MonthlyMaxKw)} />
          <KV k={w.meanMonthly} v={f.kw(m.peaks.meanMonthlyMaxKw)} />
          <KV k={w.utilisation} v={`${f.n(m.utilisationHours, 0)} h`} />
          <Text style={st.h3}>{w.monthlyPeaks}</Text>
          <Table
            head={[w.month, 'kW', w.at, '']}
            widths={[100, 80, 140, 120]}
            rows={m.peaks.monthly.map((x) => [
              f.month(x.month),
              f.n(x.powerKw, 2),
              f.dateTime(x.startSec),
              x.partial ? w.partial : x.quality !== 1 ? (x.quality === 2 ? w.estimated : w.unreliable) : '',
            ])}
          />
          {m.peaks.top.length > 3 && (
            <View wrap={false}>
              <Text style={st.h3}>{w.topQuarterHours}</Text>
              <Table
                head={['#', 'kW', w.at]}
                widths={[40, 80, 160]}
                rows={m.peaks.top.map((x, i) => [String(i + 1), f.n(x.powerKw, 2), f.dateTime(x.startSec)])}
              />
            </View>
          )}
          {m.duration && (
            <View wrap={false}>
              <Text style={[st.small, { marginTop: 4 }]}>{w.durationCurve}</Text>
              <Lines
                f={f}
                digits={1}
                series={[{ name: 'kW', values: m.duration.points.map((p) => p.powerKw) }]}
                xLabels={[0, 0.25, 0.5, 0.75, 1].map((q) => {
                  const i = Math.round(q * (m.duration!.points.length - 1));
                  return { at: i, text: `${f.n(m.duration!.points[i]?.hours ?? 0)} h` };
                })}
              />
            </View>
          )}
        </View>
      )}
      {sec.has('baseload') && m.baseLoad && (
        <View wrap={false}>
          <Heading id={id('baseload')} text={`5 ${w.baseload}`} pages={pages} level={multi ? 3 : 2} />
          <KV k={w.baseLoadKw} v={f.kw(m.baseLoad.meanP5Kw)} />
          <KV k={w.nightLevel} v={f.kw(m.baseLoad.nightMinMeanKw)} />
          <KV k={w.baseShare} v={f.pct(m.baseLoad.shareOfEnergy)} />
          <KV k={w.offHours} v={f.pct(m.baseLoad.offHoursShare)} />
        </View>
      )}
      {sec.has('cost') && (
        <View>
          <Heading id={id('cost')} text={`6 ${w.cost}`} pages={pages} level={multi ? 3 : 2} />
          {m.cost ? (
            <View>
              <Table
                head={[w.tariff, w.energyCost, w.baseFee, w.grid, w.levies, w.vat, w.total]}
                widths={[150, 55, 55, 55, 50, 50, 60]}
                rows={m.cost.tariffs.map((t) => [
                  `${t.name}${m.cost!.bestTariffId === t.tariffId ? ` (${w.cheapest})` : ''}`,
                  f.n(t.total.energyEur, 2),
                  f.n(t.total.baseFeeEur, 2),
                  f.n(t.total.gridEnergyEur + t.total.gridPowerEur, 2),
                  f.n(t.total.leviesEur, 2),
                  f.n(t.total.vatEur, 2),
                  `${f.n(t.total.totalEur, 2)} €`,
                ])}
              />
            </View>
          ) : (
            <Text style={st.para}>{w.noTariff}</Text>
          )}
        </View>
      )}
      {sec.has('measures') && (
        <View wrap={false}>
          <Heading id={id('measures')} text={`7 ${w.measures}`} pages={pages} level={multi ? 3 : 2} />
          <Measures m={m} f={f} w={w} />
        </View>
      )}
      {sec.has('annex') && (
        <View>
          <Heading id={id('annex')} text={`8 ${w.annex}`} pages={pages} level={multi ? 3 : 2} />
          {idx === 0 && <Text style={st.para}>{w.method}</Text>}
          <KV
            k={`${w.gapDays} (${m.gapDays.length})`}
            v={
              m.gapDays.length === 0
                ? w.none
                : m.gapDays
                    .slice(0, 40)
                    .map((d) => f.date(Date.parse(`${d}T12:00:00Z`) / 1000))
                    .join(', ') + (m.gapDays.length > 40 ? ' …' : '')
            }
          />
          <KV k={w.revisions} v={f.n(m.revisionCount)} />
          {m.notes.length > 0 && <NotesList m={m} f={f} w={w} />}
        </View>
      )}
    </View>
  );
}

function Measures({ m, f, w }: { m: MeterReport; f: Fmt; w: Words }) {
  const ps = m.measures?.peakShaving ?? null;
  const b = m.measures?.battery ?? null;
  return (
    <View>
      {ps && (
        <View>
          <Text style={st.h3}>{`${w.peakShaving}: ${f.kw(ps.capKw)}`}</Text>
          <KV k={w.psNeeds} v={`${f.n(ps.requiredEnergyKwh, 1)} kWh · ${f.kw(ps.requiredPowerKw)}`} />
          <KV k={w.psAbove} v={`${f.n(ps.quarterHoursAbove)} · ${f.kwh(ps.energyAboveKwh)}`} />
          <KV
            k={`${w.meanMonthly} (${w.beforeAfter})`}
            v={`${f.kw(ps.meanMonthlyMaxBeforeKw)} / ${f.kw(ps.meanMonthlyMaxAfterKw)}`}
          />
          <KV k={w.psSaving} v={ps.savingsEur === null ? w.psNoPowerPrice : `${f.n(ps.savingsEur, 2)} €`} />
        </View>
      )}
      {b && (
        <View>
          <Text style={st.h3}>{`${w.battery}: ${f.n(b.capacityKwh, 1)} kWh · ${f.kw(b.powerKw)}`}</Text>
          <KV k={w.selfConsumption} v={`+${f.kwh(b.selfConsumptionGainedKwh)}`} />
          <KV k={w.gridImport} v={`${f.kwh(b.importBeforeKwh)} / ${f.kwh(b.importAfterKwh)}`} />
          <KV k={w.gridExport} v={`${f.kwh(b.exportBeforeKwh)} / ${f.kwh(b.exportAfterKwh)}`} />
          <KV k={w.cycles} v={f.n(b.fullCycles, 0)} />
          <KV k={w.psSaving} v={b.savingsEur === null ? '–' : `${f.n(b.savingsEur, 2)} €`} />
          {b.warnings.some((x) => x.code === 'not_netted') && <Text style={st.small}>{w.notNetted}</Text>}
        </View>
      )}
      {(m.measures?.shifting ?? []).map((x) => (
        <KV
          key={x.tariff}
          k={`${w.shifting} (${x.tariff})`}
          v={`${f.n(x.shiftPercent)} % · ${f.n(x.savingsEur, 2)} €`}
        />
      ))}
      <Text style={[st.small, { marginTop: 3 }]}>{w.measuresText}</Text>
    </View>
  );
}

function NotesList({ m, f, w }: { m: MeterReport; f: Fmt; w: Words }) {
  return (
    <View wrap={false}>
      <Text style={st.h3}>{`${w.notes} (${m.notes.length})`}</Text>
      {m.notes.map((n) => (
        <KV
          key={n.id}
          k={n.fromSec === null ? w.wholeMeter : `${f.date(n.fromSec)} – ${f.date(n.toSec! - 1)}`}
          v={n.text}
        />
      ))}
    </View>
  );
}

/** A meter on one page (sites and customers of more than three meters): its figures and months. */
function CompactMeter({ m, f, w, model }: { m: MeterReport; f: Fmt; w: Words; model: ReportModel }) {
  const fig = m.figures;
  const unitWord = m.intervalSec === 3600 ? w.hours : w.quarterHours;
  const sec = new Set(model.request.sections);
  const kv: [string, string][] = [
    [w.meteringPoint, m.meter.meteringPoint],
    [w.site, m.meter.site ?? '–'],
    [
      `${w.commodity} · ${w.register}`,
      `${m.meter.commodity === 'gas' ? w.gas : w.electricity} · ${m.register} (${m.meter.direction === 'feed_in' ? w.feed_in : w.consumption})`,
    ],
    [w.period, `${f.date(fig.frame.fromSec)} – ${f.date(fig.frame.toSec - 1)}`],
    [
      w.completeness,
      `${f.pct(fig.completeness)} (${f.n(fig.readings)} ${w.readingsOf} ${f.n(fig.expected)} ${unitWord})`,
    ],
    [
      `${w.measured} / ${w.estimated} / ${w.unreliable}`,
      `${f.pct(fig.readings ? fig.quality.measured / fig.readings : null)} / ${f.pct(fig.readings ? fig.quality.estimated / fig.readings : null)} / ${f.pct(fig.readings ? fig.quality.unreliable / fig.readings : null)}`,
    ],
    [w.energyTotal, f.kwh(fig.kwh)],
    [
      m.intervalSec === 3600 ? w.peakHour : w.peak,
      `${f.kw(fig.peakKw)}${fig.peakAtSec !== null ? ` ${w.at} ${f.dateTime(fig.peakAtSec)}` : ''}`,
    ],
    [w.meanTop3, f.kw(m.peaks?.meanTop3MonthlyMaxKw)],
    [w.utilisation, `${f.n(m.utilisationHours, 0)} h`],
    [w.baseLoadKw, f.kw(fig.baseLoadKw)],
    [`${w.gapDays} · ${w.revisions}`, `${f.n(m.gapDays.length)} · ${f.n(m.revisionCount)}`],
  ];
  return (
    <View>
      <Text style={st.h2}>{meterTitle(m)}</Text>
      {m.limits.includes('hourly') && <Text style={st.small}>{w.hourlyLimit}</Text>}
      {kv.map(([k, v]) => (
        <KV key={k} k={k} v={v} />
      ))}
      {sec.has('energy') && m.months.length > 0 && (
        <View>
          <Text style={st.h3}>{w.energy}</Text>
          <MonthBars m={m} f={f} w={w} />
          <Table
            head={[w.month, 'kWh', w.previousYear, w.completeness, w.peak]}
            widths={[100, 90, 90, 90, 100]}
            rows={m.months.map((x) => [
              f.month(x.month),
              f.n(x.kwh, 1),
              x.previousKwh === null ? '–' : f.n(x.previousKwh, 1),
              f.pct(x.completeness),
              f.kw(x.peakKw),
            ])}
          />
        </View>
      )}
      {m.notes.length > 0 && <NotesList m={m} f={f} w={w} />}
    </View>
  );
}

/**
 * A period the data covers only partly says so on the cover (issue 41: "2025 (Daten ab 26.11.2025)"):
 * the meters' frames together against the period asked for.
 */
function coveredSpan(model: ReportModel, w: Words, f: Fmt): string {
  const frames = model.meters.map((m) => m.figures.frame).filter((x) => x.toSec > x.fromSec);
  if (frames.length === 0) return '';
  const from = Math.min(...frames.map((x) => x.fromSec));
  const to = Math.max(...frames.map((x) => x.toSec));
  const lateStart = from > model.request.fromSec;
  const earlyEnd = to < model.request.toSec;
  if (lateStart && earlyEnd) return ` (${w.dataFrom} ${f.date(from)}, ${w.dataUntil} ${f.date(to - 1)})`;
  if (lateStart) return ` (${w.dataFrom} ${f.date(from)})`;
  if (earlyEnd) return ` (${w.dataUntil} ${f.date(to - 1)})`;
  return '';
}

function SummaryPage({
  model,
  f,
  w,
  pages,
  logo,
}: {
  model: ReportModel;
  f: Fmt;
  w: Words;
  pages: Map<string, number> | null;
  logo: Uint8Array | null;
}) {
  const r = model.request;
  const multi = model.meters.length > 1;
  const tocEntries: { id: string; text: string }[] = [];
  model.meters.forEach((m, i) => {
    if (multi) tocEntries.push({ id: `${i}-meter`, text: meterTitle(m) });
    else for (const s of r.sections) if (shown(model, i, s)) tocEntries.push({ id: `${i}-${s}`, text: w[s] });
  });
  if (model.community) tocEntries.push({ id: 'community', text: `${w.community}: ${model.community.name}` });
  return (
    <View>
      <View style={[st.row, { justifyContent: 'space-between' }]}>
        <View style={{ flex: 1 }}>
          <Text style={st.h1}>{w.title}</Text>
          <Text style={{ fontSize: 13, marginBottom: 4 }}>{model.scopeName}</Text>
          <Text>{`${w.period}: ${r.periodLabel}${coveredSpan(model, w, f)}`}</Text>
          {r.consultant?.name ? <Text>{`${w.preparedBy}: ${r.consultant.name}`}</Text> : null}
          <Text style={st.small}>{`${w.generated}: ${f.date(model.generatedSec)}`}</Text>
        </View>
        {logo ? (
          <Image
            src={{ data: Buffer.from(logo), format: 'png' }}
            style={{ width: 90, height: 45, objectFit: 'contain' }}
          />
        ) : null}
      </View>
      {multi && (
        <View>
          <Text style={st.h2}>{w.summary}</Text>
          <Table
            head={[
              w.meter,
              w.register,
              'kWh',
              w.peak,
              w.completeness,
              w.measured,
              ...(model.compact ? [w.page] : []),
            ]}
            widths={model.compact ? [150, 75, 65, 55, 60, 55, 40] : [170, 80, 70, 60, 60, 60]}
            dense={model.compact}
            rows={model.meters.map((m, i) => [
              `${m.meter.label ?? m.meter.meteringPoint}${m.meter.commodity === 'gas' ? ` (${w.gas})` : ''}${m.meter.direction === 'feed_in' ? ` (${w.feed_in})` : ''}`,
              m.register,
              f.n(m.figures.kwh, 1),
              f.n(m.figures.peakKw, 2),
              f.pct(m.figures.completeness),
              f.pct(m.figures.readings ? m.figures.quality.measured / m.figures.readings : null),
              ...(model.compact ? [pages?.has(`${i}-meter`) ? String(pages.get(`${i}-meter`)) : ' '] : []),
            ])}
          />
          {model.withoutData.length > 0 && (
            <Text style={[st.small, { marginTop: 3 }]}>
              {`${w.withoutData}: ${model.withoutData.map((m) => m.label ?? m.meteringPoint).join(', ')}`}
            </Text>
          )}
          {!model.compact && model.meters.every((m) => m.days.length === model.meters[0]!.days.length) && (
            <View wrap={false}>
              <Text style={st.h3}>{w.dailyEnergyAll}</Text>
              <Lines
                f={f}
                series={model.meters.map((m, k) => ({
                  name: m.meter.label ?? m.meter.meteringPoint,
                  values: m.days.map((d) => d.kwh),
                  dash: ['', '3 2', '1 1.5', '5 2 1 2'][k % 4] || undefined,
                }))}
                xLabels={model.meters[0]!.days.map((d, i) => ({ d, i }))
                  .filter(({ d }) => d.day.endsWith('-01'))
                  .map(({ d, i }) => ({ at: i, text: d.day.slice(5, 7) }))}
              />
            </View>
          )}
          <Text style={st.h3}>{w.totalsPer}</Text>
          <Table
            head={[w.commodity, w.direction, w.register, w.meters, 'kWh']}
            widths={[90, 90, 110, 60, 90]}
            rows={model.totals.map((t) => [
              t.commodity === 'gas' ? w.gas : w.electricity,
              t.direction === 'feed_in' ? w.feed_in : w.consumption,
              t.register,
              String(t.meters),
              f.n(t.kwh, 1),
            ])}
          />
        </View>
      )}
      {r.conclusions ? (
        <View>
          <Text style={st.h2}>{w.conclusions}</Text>
          {r.conclusions.split(/\n{2,}/).map((p, i) => (
            <Text key={i} style={st.para}>
              {p}
            </Text>
          ))}
        </View>
      ) : null}
      {pages && !model.compact && tocEntries.length > 0 && (
        <View>
          <Text style={st.h2}>{w.contents}</Text>
          {tocEntries.map((e) => (
            <View key={e.id} style={[st.row, { justifyContent: 'space-between', marginBottom: 1.5 }]}>
              <Text>{e.text}</Text>
              <Text>{pages.has(e.id) ? String(pages.get(e.id)) : ' '}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  );
}

/** The energy community's page (issue 35): its totals, its members, the data check, the EDA summary. */
function CommunityPage({
  c,
  f,
  w,
  pages,
}: {
  c: NonNullable<ReportModel['community']>;
  f: Fmt;
  w: Words;
  pages: Map<string, number>;
}) {
  const cols = [
    ...(c.recorded ? [{ head: w.communityRecorded, x: c.recorded }] : []),
    { head: w.communityModelled, x: c.modelled },
  ];
  const checks = c.checks.flatMap((x) => {
    const broken = x.violations.reduce((a, v) => a + v.count, 0);
    return x.daysLackingCount === 0 && broken === 0
      ? []
      : [
          `${x.label}: ${x.daysLackingCount} ${w.communityDaysLacking}${x.daysLacking.length > 0 ? ` (${x.daysLacking.slice(0, 6).join(', ')}${x.daysLackingCount > 6 ? ', …' : ''})` : ''}; ${broken} ${w.communityBroken}`,
        ];
  });
  const differs = c.report?.rows.filter((r) => r.differs) ?? [];
  return (
    <View>
      <Heading id="community" text={`${w.community}: ${c.name}`} pages={pages} />
      <Text style={st.para}>
        {`${w.communityKind[c.kind]}, ${w.communityKey[c.allocation]} · ${f.date(c.fromSec)}–${f.date(c.toSec - 1)}`}
      </Text>
      <Table
        head={['', ...cols.map((x) => x.head)]}
        widths={[170, 110, 110]}
        rows={[
          [w.communityGeneration, ...cols.map((x) => f.kwh(x.x.generationKwh))],
          [w.communityConsumption, ...cols.map((x) => f.kwh(x.x.consumptionKwh))],
          [w.communityShared, ...cols.map((x) => f.kwh(x.x.sharedKwh))],
          [w.communitySurplus, ...cols.map((x) => f.kwh(x.x.surplusKwh))],
          [w.communityCoverage, ...cols.map((x) => f.pct(x.x.coverage))],
        ]}
      />
      <Text style={st.h3}>{w.communityMember}</Text>
      <Table
        head={[
          w.communityMember,
          w.communityRole,
          'kWh',
          w.communityShared,
          w.communityCoverage,
          w.communityPaid,
          w.communitySaving,
        ]}
        widths={[140, 55, 60, 65, 55, 55, 60]}
        dense={c.members.length > 20}
        rows={c.members.map((m) => [
          m.label,
          m.role === 'consumer' ? w.communityConsumer : w.communityProducer,
          f.n(m.consumptionKwh, 1),
          f.n(m.sharedKwh, 1),
          f.pct(m.coverage),
          `${f.n(m.communityEur, 2)} €`,
          `${f.n(m.savingEur, 2)} €`,
        ])}
      />
      <Text style={[st.small, { marginTop: 3 }]}>{w.communityMoney}</Text>
      <Text style={st.h3}>{w.communityCheck}</Text>
      {checks.length === 0 ? (
        <Text>{w.communityComplete}</Text>
      ) : (
        checks.map((t, i) => (
          <Text key={i} style={st.para}>
            {t}
          </Text>
        ))
      )}
      {differs.length > 0 && (
        <View>
          <Text style={st.h3}>{w.communityReport}</Text>
          {differs.map((r, i) => (
            <Text key={i} style={st.para}>
              {`${r.meteringPoint}, ${w.communityQ[r.quantity]}: ${w.communityReportSays} ${f.kwh(r.reportKwh)}, ${w.communityQhSay} ${f.kwh(r.quarterHoursKwh)}`}
            </Text>
          ))}
        </View>
      )}
    </View>
  );
}

function ReportDocument({
  model,
  pages,
  toc,
  frontOnly = false,
}: {
  model: ReportModel;
  pages: Map<string, number>;
  toc: Map<string, number> | null;
  /** Only the summary pages (to count them: a compact report's meter pages follow, one each). */
  frontOnly?: boolean;
}) {
  const w = WORDS[model.request.lang] as Words;
  const f = fmt(model.request.lang);
  const logo = model.request.consultant?.logoPng ?? null;
  const footer = `${w.title} · ${model.scopeName} · ${model.request.periodLabel}`;
  const multi = model.meters.length > 1;
  const pageFooter = (
    <View style={st.footer} fixed>
      <Text
        render={({ pageNumber, totalPages }) => `${footer} · ${w.page} ${pageNumber} ${w.of} ${totalPages}`}
      />
    </View>
  );
  return (
    <Document
      title={`${w.title} – ${model.scopeName} – ${model.request.periodLabel}`}
      author={model.request.consultant?.name ?? 'Meterdesk'}
      creator="Meterdesk"
      producer="Meterdesk"
      language={model.request.lang === 'de' ? 'de-AT' : 'en-GB'}
      creationDate={new Date(model.generatedSec * 1000)}
      modificationDate={new Date(model.generatedSec * 1000)}
    >
      {multi ? (
        <>
          <Page size="A4" style={st.page}>
            <SummaryPage model={model} f={f} w={w} pages={toc} logo={logo} />
            {pageFooter}
          </Page>
          {/* A page (or more) per meter: each wraps on its own, so layout time grows with the meters. */}
          {!frontOnly &&
            model.meters.map((m, i) =>
              model.compact ? (
                <Page key={m.meter.id} size="A4" style={st.page} wrap={false}>
                  <CompactMeter m={m} f={f} w={w} model={model} />
                  {pageFooter}
                </Page>
              ) : (
                <Page key={m.meter.id} size="A4" style={st.page}>
                  <MeterSections m={m} model={model} f={f} w={w} pages={pages} idx={i} />
                  {pageFooter}
                </Page>
              ),
            )}
          {!frontOnly && model.community && (
            <Page size="A4" style={st.page}>
              <CommunityPage c={model.community} f={f} w={w} pages={pages} />
              {pageFooter}
            </Page>
          )}
        </>
      ) : (
        <Page size="A4" style={st.page}>
          <SummaryPage model={model} f={f} w={w} pages={toc} logo={logo} />
          {model.meters.map((m, i) => (
            <MeterSections key={m.meter.id} m={m} model={model} f={f} w={w} pages={pages} idx={i} />
          ))}
          {model.community && <CommunityPage c={model.community} f={f} w={w} pages={pages} />}
          {pageFooter}
        </Page>
      )}
    </Document>
  );
}

/**
 * The PDF of a report model. Two layout passes: the first finds each section's page, the second prints
 * the table of contents with them — the same entries in both (only the numbers differ), so no page
 * moves between the passes.
 */
export async function renderReport(model: ReportModel): Promise<Buffer> {
  if (model.compact) {
    // One page per meter: only the summary's length is unknown, so the first pass lays out the summary
    // alone (a 50-meter customer renders once, not twice).
    const front = await renderToBuffer(
      <ReportDocument model={model} pages={new Map()} toc={new Map()} frontOnly />,
    );
    const frontPages = pageCount(front);
    const toc = new Map(model.meters.map((_, i) => [`${i}-meter`, frontPages + i + 1] as [string, number]));
    return renderToBuffer(<ReportDocument model={model} pages={new Map()} toc={toc} />);
  }
  const first = new Map<string, number>();
  await renderToBuffer(<ReportDocument model={model} pages={first} toc={new Map()} />);
  const pages = new Map<string, number>();
  return renderToBuffer(<ReportDocument model={model} pages={pages} toc={first} />);
}

/** Pages of a PDF this module wrote (its page objects). */
export function pageCount(pdf: Buffer | Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type\s*\/Page[^s]/g) ?? []
  ).length;
}
