/** @jsxRuntime automatic @jsxImportSource react */
/** A meter's sections in the report, or the meter on one compact page. */
import { Text, View } from '@react-pdf/renderer';
import type { MeterReport, ReportModel, ReportSection } from '../model';
import type { Words } from '../words';
import { MonthBars } from './charts';
import {
  AnnexSection,
  BaseloadSection,
  EnergySection,
  MasterSection,
  MeasuresSection,
  PeaksSection,
  NotesList,
  ProfileSection,
  type SectionProps,
} from './meter-sections';
import { CostSection } from './cost-section';
import { Heading, KV, st, Table, type Fmt } from './kit';
import { SlpSection } from './slp-section';

/** Whether a section of a meter is printed (the contents list the same ones in both passes). */
export function shown(model: ReportModel, idx: number, s: ReportSection): boolean {
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
    case 'slp':
      return m.slp !== null;
  }
}

export function meterTitle(m: MeterReport): string {
  return `${m.meter.label ?? m.meter.meteringPoint} (${m.meter.meteringPoint})`;
}

/** A meter's numbered sections, those the request asks for and the data allows (see `shown`). */
export function MeterSections(p: SectionProps) {
  const { m, model, w, idx } = p;
  const has = (s: ReportSection) => shown(model, idx, s);
  const limits = m.limits.map((l) =>
    l === 'hourly' ? w.hourlyLimit : l === 'gas_no_power' ? w.gasLimit : l === 'no_data' ? w.noData : null,
  );
  return (
    <View>
      {model.meters.length > 1 && <Heading id={`${idx}-meter`} text={meterTitle(m)} pages={p.pages} />}
      {limits.filter(Boolean).map((t, i) => (
        <Text key={i} style={[st.small, { marginBottom: 3 }]}>
          {t}
        </Text>
      ))}
      {has('master') && <MasterSection {...p} />}
      {has('energy') && <EnergySection {...p} />}
      {has('profile') && <ProfileSection {...p} />}
      {has('peaks') && <PeaksSection {...p} />}
      {has('baseload') && <BaseloadSection {...p} />}
      {has('cost') && <CostSection {...p} />}
      {has('measures') && <MeasuresSection {...p} />}
      {has('slp') && <SlpSection {...p} />}
      {has('annex') && <AnnexSection {...p} />}
    </View>
  );
}

/** A meter on one page (sites and customers of more than three meters): its figures and months. */
export function CompactMeter({ m, f, w, model }: { m: MeterReport; f: Fmt; w: Words; model: ReportModel }) {
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
