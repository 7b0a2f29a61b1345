/** @jsxRuntime automatic @jsxImportSource react */
/** The report's summary page (the customer's meters and totals) and the energy community's page. */
import { Image, Text, View } from '@react-pdf/renderer';
import type { ReportModel } from '../model';
import type { Words } from '../words';
import { Lines } from './charts';
import { Heading, st, Table, type Fmt } from './kit';
import { Glance } from './glance';
import { WatchEntry } from './watch-entry';
import { meterTitle, shown } from './meter';

/**
 * A period the data covers only partly says so on the cover (issue 41: "2025 (Daten ab 26.11.2025)"):
 * the meters' frames together against the period asked for.
 */
export function coveredSpan(model: ReportModel, w: Words, f: Fmt): string {
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

/**
 * A meter's name in the summary table: its label, and where two meters share a label (a 50-meter
 * summary of flats all called "Wohnung") the end of its metering point, so no two rows read alike.
 */
function rowName(m: { label: string | null; meteringPoint: string }, repeated: ReadonlySet<string>): string {
  const name = m.label ?? m.meteringPoint;
  return m.label !== null && repeated.has(m.label) ? `${name} · …${m.meteringPoint.slice(-8)}` : name;
}

export function SummaryPage({
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
  const labels = model.meters.map((m) => m.meter.label).filter((l): l is string => l !== null);
  const repeated = new Set(labels.filter((l, i) => labels.indexOf(l) !== i));
  const tocEntries: { id: string; text: string }[] = [];
  model.meters.forEach((m, i) => {
    if (multi) tocEntries.push({ id: `${i}-meter`, text: meterTitle(m) });
    else for (const s of r.sections) if (shown(model, i, s)) tocEntries.push({ id: `${i}-${s}`, text: w[s] });
  });
  model.pvSites.forEach((s, i) => tocEntries.push({ id: `pv-${i}`, text: `${w.pvAt} ${s.siteName}` }));
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
      <Glance model={model} f={f} w={w} />
      <WatchEntry model={model} f={f} w={w} />
      {multi && (
        <View>
          <Text style={st.h2}>{w.summary}</Text>
          {model.appendix && (
            <Text style={[st.small, { marginBottom: 3 }]}>
              {w.appendixOnly.replace('{{n}}', String(model.meters.length))}
            </Text>
          )}
          <Table
            head={[
              w.meter,
              w.register,
              'kWh',
              w.peak,
              w.completeness,
              w.measured,
              ...(model.compact && !model.appendix ? [w.page] : []),
            ]}
            widths={
              model.compact && !model.appendix ? [150, 75, 65, 55, 60, 55, 40] : [170, 80, 70, 60, 60, 60]
            }
            dense={model.compact}
            rows={model.meters.map((m, i) => [
              `${rowName(m.meter, repeated)}${m.meter.commodity === 'gas' ? ` (${w.gas})` : ''}${m.meter.direction === 'feed_in' ? ` (${w.feed_in})` : ''}`,
              m.register,
              f.n(m.figures.kwh, 1),
              f.n(m.figures.peakKw, 2),
              f.pct(m.figures.completeness),
              f.pct(m.figures.readings ? m.figures.quality.measured / m.figures.readings : null),
              ...(model.compact && !model.appendix
                ? [pages?.has(`${i}-meter`) ? String(pages.get(`${i}-meter`)) : ' ']
                : []),
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
export function CommunityPage({
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
  const dayOf = (key: string) => f.date(Date.parse(`${key}T12:00:00Z`) / 1000);
  const checks = c.checks.flatMap((x) => {
    const broken = x.violations.reduce((a, v) => a + v.count, 0);
    return x.daysLackingCount === 0 && broken === 0
      ? []
      : [
          `${x.label}: ${x.daysLackingCount} ${w.communityDaysLacking}${x.daysLacking.length > 0 ? ` (${x.daysLacking.slice(0, 6).map(dayOf).join(', ')}${x.daysLackingCount > 6 ? ', …' : ''})` : ''}; ${broken} ${w.communityBroken}`,
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
