/** @jsxRuntime automatic @jsxImportSource react */
/** The report's charts: vector, black and white (quality as hatching, series as dash patterns). */
import { Line, Polyline, Rect, Svg, Text } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { MeterReport } from '../model';
import type { Words } from '../words';
import { axisY, hatch, INK, niceMax, type Fmt } from './kit';

/** Monthly bars: this period (black, estimated share hatched) beside the previous year (outlined). */
export function MonthBars({ m, f, w }: { m: MeterReport; f: Fmt; w: Words }) {
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
export function Lines({
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
export function Carpet({ c, f }: { c: NonNullable<MeterReport['carpet']>; f: Fmt }) {
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
