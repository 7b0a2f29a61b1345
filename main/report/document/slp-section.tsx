/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The report's standard-profile section (issue 47; slp/compare.ts): the meter's typical working day
 * against the standard load profile suggested for it, scaled to its energy, the shares of night, day
 * and SNAP window, the peaks, and what the difference is worth on each spot tariff of the profile.
 */
import { Text, View } from '@react-pdf/renderer';
import { Lines } from './charts';
import { KV, st, Table } from './kit';
import { SectionHeading, type SectionProps } from './meter-sections';

export function SlpSection(p: SectionProps) {
  const { m, f, w } = p;
  const c = m.slp!;
  const day = (which: 'realKw' | 'standardKw') =>
    Array.from(
      { length: 24 },
      (_, h) => c.hours.find((x) => x.dayType === 'workday' && x.hour === h)?.[which] ?? null,
    );
  return (
    <View>
      <View wrap={false}>
        <SectionHeading p={p} section="slp" n={8} title={w.slp} />
        <Text style={st.small}>
          {w.slpScaled.replace('{{profile}}', c.profile).replace('{{source}}', c.source)}
        </Text>
        <Lines
          f={f}
          digits={2}
          series={[
            { name: w.thisMeter, values: day('realKw') },
            { name: c.profile, values: day('standardKw'), dash: '3 2' },
          ]}
          xLabels={[0, 6, 12, 18, 23].map((h) => ({ at: h, text: `${String(h).padStart(2, '0')}:00` }))}
        />
      </View>
      <Table
        head={['', w.thisMeter, c.profile]}
        widths={[220, 100, 100]}
        rows={[
          [w.slpNight, f.pct(c.shares.night.real), f.pct(c.shares.night.standard)],
          [w.slpDay, f.pct(c.shares.day.real), f.pct(c.shares.day.standard)],
          [`${w.snapShare} (${w.snapWindow})`, f.pct(c.shares.snap.real), f.pct(c.shares.snap.standard)],
          [w.peak, f.kw(c.peakKw.real), f.kw(c.peakKw.standard)],
        ]}
      />
      {[
        ...c.spot.map((s) => ({ s, less: w.slpLess, more: w.slpMore })),
        ...c.tariffs.map((s) => ({ s, less: w.slpTariffLess, more: w.slpTariffMore })),
      ].map(({ s, less, more }) => (
        <KV
          key={s.tariffId}
          k={s.tariff}
          v={(s.differenceCtPerKwh <= 0 ? less : more)
            .replace('{{ct}}', f.n(Math.abs(s.differenceCtPerKwh), 2))
            .replace('{{profile}}', c.profile)}
        />
      ))}
      {c.profile === c.suggestion.profile && (
        <Text style={st.small}>
          {`${w.slpSuggested[c.suggestion.reason].replace('{{profile}}', c.profile).replace('{{usage}}', w.usage[c.suggestion.usageClass])} ${(c.suggestion.classFrom === 'marked' ? w.slpClassMarked : w.slpClassFromEnergy).replace('{{usage}}', w.usage[c.suggestion.usageClass]).replace('{{kwh}}', f.n(c.suggestion.kwhPerYear))}`}
        </Text>
      )}
    </View>
  );
}
