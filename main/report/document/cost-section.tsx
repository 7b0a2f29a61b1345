/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The report's cost section: each of the client's tariffs priced over the frame (a part said as a part,
 * a partial total said with its count), every tariff's source named — each part of a combination with
 * its own — the SNAP share, the bills kept and the bill ahead.
 */
import { Text, View } from '@react-pdf/renderer';
import type { CostResult } from '../../../preload/contract';
import { BillAheadBlock } from './ahead';
import { BillChecks } from './bill-check';
import { KV, st, Table } from './kit';
import { SectionHeading, type SectionProps } from './meter-sections';

/** The quarter-hours a tariff left out of its total: unpriced or outside its (or a part's) validity. */
const left = (t: CostResult['tariffs'][number]) => Math.max(t.unpricedQuarterHours, t.outsideValidity);

export function CostSection(p: SectionProps) {
  const { m, f, w } = p;
  return (
    <View>
      <SectionHeading p={p} section="cost" n={6} title={w.cost} />
      {m.cost ? (
        <View>
          <Table
            head={[w.tariff, w.energyCost, w.baseFee, w.grid, w.levies, w.vat, w.total]}
            widths={[165, 52, 60, 50, 50, 44, 64]}
            rows={m.cost.tariffs.map((t) => [
              `${t.name}${m.cost!.bestTariffId === t.tariffId ? ` (${w.cheapest})` : ''}${left(t) > 0 ? ` (${w.partialCost})` : ''}${t.lacks?.length ? ` (${w.partOnly} ${t.lacks.map((x) => w.billPart[x]).join(', ')})` : ''}`,
              f.n(t.total.energyEur, 2),
              f.n(t.total.baseFeeEur, 2),
              f.n(t.total.gridEnergyEur + t.total.gridPowerEur, 2),
              f.n(t.total.leviesEur, 2),
              f.n(t.total.vatEur, 2),
              `${f.n(t.total.totalEur, 2)} €`,
            ])}
          />
          {/* A tariff that left quarter-hours out says how many under its total: never a silent partial sum. */}
          {m.cost.tariffs
            .filter((t) => left(t) > 0)
            .map((t) => (
              <Text key={t.tariffId} style={st.para}>
                {w.partialTariff.replace('{{name}}', t.name).replace('{{n}}', f.n(left(t), 0))}
              </Text>
            ))}
          {m.baseLoad?.snapShare !== null && m.baseLoad?.snapShare !== undefined && (
            <KV
              k={w.snapShare}
              v={`${f.pct(m.baseLoad.snapShare)} (${f.kwh(m.baseLoad.snapKwh)}; ${w.snapWindow})`}
            />
          )}
          <TariffSources {...p} />
          <BillChecks {...p} />
        </View>
      ) : (
        <Text style={st.para}>{w.noTariff}</Text>
      )}
      <BillAheadBlock {...p} />
    </View>
  );
}

/** Where each tariff's values come from: a combination's parts each with its own source. */
function TariffSources(p: SectionProps) {
  const { m, w } = p;
  if (m.tariffSources.length === 0) return null;
  return (
    <View style={{ marginTop: 4 }} wrap={false}>
      <Text style={st.small}>{w.tariffSources}</Text>
      {m.tariffSources.map((x, i) => (
        <Text key={i} style={st.small}>
          {`${x.part ? `${x.tariff} · ${w.billPart[x.part.role]}: ${x.part.name}` : x.tariff} — ${x.source ?? w.noSource}`}
        </Text>
      ))}
    </View>
  );
}
