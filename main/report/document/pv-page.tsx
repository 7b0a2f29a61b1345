/** @jsxRuntime automatic @jsxImportSource react */
/**
 * A site's PV page (issue 42, item 20; model: report/pv-part.ts): import and export month by month,
 * feed-in hours, what meters cannot show said, and the battery of the measures where one was simulated.
 */
import { Text, View } from '@react-pdf/renderer';
import type { ReportModel } from '../model';
import type { PvSite } from '../pv-part';
import type { Words } from '../words';
import { Heading, KV, st, Table, type Fmt } from './kit';

export function PvPage({
  s,
  idx,
  model,
  f,
  w,
  pages,
}: {
  s: PvSite;
  idx: number;
  model: ReportModel;
  f: Fmt;
  w: Words;
  pages: Map<string, number>;
}) {
  const battery = model.meters.find((m) => m.meter.id === s.pv.consumptionMeterId)?.measures?.battery ?? null;
  const frame = s.pv.frame!;
  return (
    <View>
      <Heading id={`pv-${idx}`} text={`${w.pvAt} ${s.siteName}`} pages={pages} />
      <Text style={[st.small, { marginBottom: 3 }]}>
        {`${f.date(frame.fromSec)} – ${f.date(frame.toSec - 1)} · ${w.pvImport}: ${s.pv.consumptionObisCode} · ${w.pvExport}: ${s.pv.feedInObisCode}`}
      </Text>
      <KV k={w.pvImport} v={f.kwh(s.pv.importKwh)} />
      <KV k={w.pvExport} v={f.kwh(s.pv.exportKwh)} />
      <KV k={w.exportHours} v={`${f.n(s.pv.exportHours, 0)} h`} />
      <Table
        head={[w.month, `${w.pvImport} (kWh)`, `${w.pvExport} (kWh)`]}
        widths={[110, 120, 120]}
        rows={s.months.map((x) => [
          f.month(x.month),
          x.importKwh === null ? '–' : f.n(x.importKwh, 1),
          x.exportKwh === null ? '–' : f.n(x.exportKwh, 1),
        ])}
      />
      {battery && (
        <KV
          k={`${f.n(battery.capacityKwh, 1)} kWh ${w.pvBattery}`}
          v={`${w.selfConsumption} +${f.kwh(battery.selfConsumptionGainedKwh)}`}
        />
      )}
      <Text style={[st.small, { marginTop: 3 }]}>{w.pvNotMetered}</Text>
    </View>
  );
}
