/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The cover's key figures of a one-meter report (issue 42, item 20): what a paying client reads first —
 * the energy over the span the data covers (named), the peak, the base load, completeness, the cost under
 * the cheapest tariff, the SNAP-window share, and, for a household whose persons were entered, its year
 * against the published range for its size (benchmarks.ts, with the source). No benchmark without a
 * whole year of data: nothing is annualised.
 */
import { Text, View } from '@react-pdf/renderer';
import { householdBenchmark, HOUSEHOLD_BENCHMARK } from '../benchmarks';
import type { MeterReport, ReportModel } from '../model';
import type { Words } from '../words';
import { KV, st, type Fmt } from './kit';

/** Days of a frame (local days; a DST day counts as one). */
/** The local days the frame touches (a partial first or last day counted: the days listed with it). */
const daysOf = (m: MeterReport) => m.days.length;

/** A year of data: ≥ 360 days framed, ≥ 95 % of its readings there. */
export const wholeYear = (m: MeterReport) => daysOf(m) >= 360 && (m.figures.completeness ?? 0) >= 0.95;

export function Glance({ model, f, w }: { model: ReportModel; f: Fmt; w: Words }) {
  const m = model.meters[0];
  if (!m || model.meters.length !== 1 || m.figures.readings === 0) return null;
  const fig = m.figures;
  const consumption = m.meter.direction === 'consumption';
  const best = m.cost?.tariffs.find((t) => t.tariffId === m.cost!.bestTariffId) ?? null;
  const persons = model.request.indicators?.persons ?? null;
  const range =
    consumption && m.meter.commodity === 'electricity' && persons ? householdBenchmark(persons) : null;
  return (
    <View style={{ marginTop: 8 }} wrap={false}>
      <Text style={st.h2}>{w.glance}</Text>
      <KV
        k={`${consumption ? w.consumption : w.feed_in} (${m.register})`}
        v={`${f.kwh(fig.kwh)} ${(daysOf(m) === 1 ? w.inDay : w.inDays).replace('{{n}}', f.n(daysOf(m)))} (${f.date(fig.frame.fromSec)} – ${f.date(fig.frame.toSec - 1)})`}
      />
      <KV k={w.completeness} v={f.pct(fig.completeness)} />
      {fig.peakKw !== null && <KV k={m.intervalSec === 3600 ? w.peakHour : w.peak} v={f.kw(fig.peakKw)} />}
      {consumption && fig.baseLoadKw !== null && <KV k={w.baseLoadKw} v={f.kw(fig.baseLoadKw)} />}
      {best && <KV k={`${w.cost} (${best.name})`} v={`${f.n(best.total.totalEur, 2)} € ${w.gross}`} />}
      {!!m.baseLoad?.snapKwh && <KV k={w.snapShare} v={`${f.pct(m.baseLoad.snapShare)} (${w.snapWindow})`} />}
      {range && wholeYear(m) && (
        <View>
          <KV
            k={w.benchmark.replace('{{n}}', f.n(persons))}
            v={`${f.n(range.lowKwh)}–${f.n(range.highKwh)} kWh ${w.perYear} · ${w.thisMeter}: ${f.n(fig.kwh)} kWh`}
          />
          <Text style={st.small}>{`${w.benchmarkNote} ${w.source}: ${HOUSEHOLD_BENCHMARK.source}`}</Text>
        </View>
      )}
      {range && !wholeYear(m) && (
        <Text style={st.small}>{w.benchmarkNeedsYear.replace('{{n}}', f.n(daysOf(m)))}</Text>
      )}
    </View>
  );
}
