/** @jsxRuntime automatic @jsxImportSource react */
/**
 * A meter's numbered sections in the report: master data, energy, profile, peaks, base load, cost,
 * measures, annex. Each renders the meter's part of the report model and nothing else.
 */
import { Text, View } from '@react-pdf/renderer';
import type { MeterReport, ReportModel, ReportSection } from '../model';
import type { Words } from '../words';
import { Carpet, Lines, MonthBars } from './charts';
import { Heading, KV, st, Table, type Fmt } from './kit';

export interface SectionProps {
  m: MeterReport;
  model: ReportModel;
  f: Fmt;
  w: Words;
  pages: Map<string, number>;
  idx: number;
}

/** A numbered section's heading: level 3 under a meter's title when the report has several meters. */
export function SectionHeading(props: { p: SectionProps; section: ReportSection; n: number; title: string }) {
  const { p } = props;
  return (
    <Heading
      id={`${p.idx}-${props.section}`}
      text={`${props.n} ${props.title}`}
      pages={p.pages}
      level={p.model.meters.length > 1 ? 3 : 2}
    />
  );
}

export function MasterSection(p: SectionProps) {
  const { m, f, w } = p;
  const fig = m.figures;
  const unitWord = m.intervalSec === 3600 ? w.hours : w.quarterHours;
  return (
    <View>
      <SectionHeading p={p} section="master" n={1} title={w.master} />
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
      {/* What the data does not say is left out (issue 42, item 19), not printed as "not in the data". */}
      {m.meter.operator ? <KV k={w.operator} v={m.meter.operator} /> : null}
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
  );
}

/** A month's name; a month the data begins or ends in says from or until which day it counts. */
function monthLabel(x: MeterReport['months'][number], f: Fmt, w: Words): string {
  if (x.cutFromSec !== null && x.cutToSec !== null)
    return `${f.month(x.month)} (${f.day(x.cutFromSec)}–${f.day(x.cutToSec - 1)})`;
  if (x.cutFromSec !== null) return `${f.month(x.month)} (${w.fromDay} ${f.day(x.cutFromSec)})`;
  if (x.cutToSec !== null) return `${f.month(x.month)} (${w.untilDay} ${f.day(x.cutToSec - 1)})`;
  return f.month(x.month);
}

/**
 * An indicator over a frame that is no whole year says over how many days it counts (kWh per m² of
 * 337 days is no yearly figure).
 */
function overDays(fig: MeterReport['figures'], w: Words): string {
  const days = Math.round((fig.frame.toSec - fig.frame.fromSec) / 86_400);
  return days === 365 || days === 366 ? '' : `, ${w.overDays.replace('{{n}}', String(days))}`;
}

export function EnergySection(p: SectionProps) {
  const { m, f, w } = p;
  const fig = m.figures;
  const ind = p.model.request.indicators;
  return (
    <View>
      <View wrap={false}>
        <SectionHeading p={p} section="energy" n={2} title={w.energy} />
        <MonthBars m={m} f={f} w={w} />
      </View>
      <Table
        head={[w.month, 'kWh', w.previousYear, w.change, w.completeness, w.peak]}
        widths={[125, 70, 70, 60, 75, 100]}
        rows={m.months.map((x) => [
          monthLabel(x, f, w),
          f.n(x.kwh, 1),
          x.previousKwh === null ? '–' : f.n(x.previousKwh, 1),
          x.previousKwh ? f.pct(x.kwh / x.previousKwh - 1) : '–',
          f.pct(x.completeness),
          f.kw(x.peakKw),
        ])}
      />
      {m.meter.direction === 'consumption' && (ind?.areaM2 || ind?.persons) && (
        <View style={{ marginTop: 4 }}>
          <Text style={st.h3}>{w.indicators}</Text>
          {ind?.areaM2 ? (
            <KV
              k={`kWh ${w.perM2} (${f.n(ind.areaM2)} m²${overDays(fig, w)})`}
              v={f.n(fig.kwh / ind.areaM2, 1)}
            />
          ) : null}
          {ind?.persons ? (
            <KV
              k={`kWh ${w.perPerson} (${f.n(ind.persons)}${overDays(fig, w)})`}
              v={f.n(fig.kwh / ind.persons, 1)}
            />
          ) : null}
        </View>
      )}
    </View>
  );
}

export function ProfileSection(p: SectionProps) {
  const { m, f, w } = p;
  return (
    <View>
      <View wrap={false}>
        <SectionHeading p={p} section="profile" n={3} title={w.profile} />
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
  );
}

export function PeaksSection(p: SectionProps) {
  const { m, f, w } = p;
  if (!m.peaks) return null;
  return (
    <View>
      <SectionHeading p={p} section="peaks" n={4} title={w.peaks} />
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
  );
}

export function BaseloadSection(p: SectionProps) {
  const { m, f, w } = p;
  if (!m.baseLoad) return null;
  return (
    <View wrap={false}>
      <SectionHeading p={p} section="baseload" n={5} title={w.baseload} />
      <KV k={w.baseLoadKw} v={f.kw(m.baseLoad.meanP5Kw)} />
      <KV k={w.nightLevel} v={f.kw(m.baseLoad.nightMinMeanKw)} />
      <KV k={w.baseShare} v={f.pct(m.baseLoad.shareOfEnergy)} />
      <KV k={w.offHours} v={f.pct(m.baseLoad.offHoursShare)} />
    </View>
  );
}

export function MeasuresSection(p: SectionProps) {
  const { m, f, w } = p;
  return (
    <View wrap={false}>
      <SectionHeading p={p} section="measures" n={7} title={w.measures} />
      <Measures m={m} f={f} w={w} />
    </View>
  );
}

export function AnnexSection(p: SectionProps) {
  const { m, f, w } = p;
  return (
    <View>
      <SectionHeading p={p} section="annex" n={9} title={w.annex} />
      {p.idx === 0 && <Text style={st.para}>{w.method}</Text>}
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
  );
}

/** Which tariff a saving is priced on: the client's, or an example said as one. */
function pricedOn(t: { name: string; isExample: boolean } | null, w: Words): string {
  if (!t) return '';
  return t.isExample ? ` (${w.exampleTariff}: ${t.name})` : ` (${w.underTariff} ${t.name})`;
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
          <KV
            k={`${w.psSaving}${pricedOn(m.measures?.pricedOn.peakShaving ?? null, w)}`}
            v={ps.savingsEur === null ? w.psNoPowerPrice : `${f.n(ps.savingsEur, 2)} €`}
          />
        </View>
      )}
      {b && (
        <View>
          <Text style={st.h3}>{`${w.battery}: ${f.n(b.capacityKwh, 1)} kWh · ${f.kw(b.powerKw)}`}</Text>
          <KV k={w.selfConsumption} v={`+${f.kwh(b.selfConsumptionGainedKwh)}`} />
          <KV k={w.gridImport} v={`${f.kwh(b.importBeforeKwh)} / ${f.kwh(b.importAfterKwh)}`} />
          <KV k={w.gridExport} v={`${f.kwh(b.exportBeforeKwh)} / ${f.kwh(b.exportAfterKwh)}`} />
          <KV k={w.cycles} v={f.n(b.fullCycles, 0)} />
          <KV
            k={`${w.psSaving}${pricedOn(m.measures?.pricedOn.battery ?? null, w)}`}
            v={b.savingsEur === null ? '–' : `${f.n(b.savingsEur, 2)} €`}
          />
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

export function NotesList({ m, f, w }: { m: MeterReport; f: Fmt; w: Words }) {
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
