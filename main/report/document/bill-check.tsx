/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The bill check in the report's cost section (issue 42, item 20): each bill the person kept, its lines
 * beside Meterdesk's from today's readings, with the reasons for the differences — worded from the
 * app's own dictionary (common/i18n), so the report and the bill dialog say the same.
 */
import { Text, View } from '@react-pdf/renderer';
import { billReasonText, partName } from '../../../common/bill-words';
import { sayIn, type Say } from '../../../common/i18n/words';
import type { ReportBillCheck } from '../bill-part';
import { st, Table } from './kit';
import type { SectionProps } from './meter-sections';

export function BillChecks(p: SectionProps) {
  const { m, f, w } = p;
  if (m.bills.length === 0) return null;
  const t = sayIn(p.model.request.lang);
  return (
    <View>
      <Text style={st.h3}>{w.billCheck}</Text>
      {m.bills.map((b) => (
        <View key={b.keptId} wrap={false}>
          <Text style={st.para}>
            {`${f.date(b.fromSec)} – ${f.date(b.toSec - 1)} · ${b.tariff ?? w.billTariffGone}`}
          </Text>
          {b.reconciliation && <Lines b={b} t={t} p={p} />}
        </View>
      ))}
    </View>
  );
}

function Lines({ b, t, p }: { b: ReportBillCheck; t: Say; p: SectionProps }) {
  const { f } = p;
  const r = b.reconciliation!;
  const show = (line: string, v: number | null) =>
    v === null ? '–' : line === 'kwh' ? f.kwh(v) : `${f.n(v, 2)} €`;
  return (
    <View>
      <Table
        head={[t('bill_line'), t('bill_bill'), 'Meterdesk', t('bill_difference')]}
        widths={[190, 80, 80, 110]}
        rows={r.lines.map((l) => [
          t(`bill_line_${l.line}`),
          show(l.line, l.bill),
          show(l.line, l.ours),
          show(l.line, l.difference),
        ])}
      />
      {r.parts.length > 0 && (
        <Table
          head={[t('bill_part'), t('bill_bill'), 'Meterdesk', t('bill_difference')]}
          widths={[190, 80, 80, 110]}
          rows={r.parts.map((x) => [
            partName(x, t),
            show('eur', x.bill),
            show('eur', x.ours),
            show('eur', x.difference),
          ])}
        />
      )}
      {r.reasons.map((x, i) => (
        <Text key={i} style={st.small}>
          {`• ${billReasonText(
            x,
            r.parts,
            t,
            (v) => f.n(v, Number.isInteger(v) ? 0 : 2),
            (v) => f.n(v, 2),
          )}`}
        </Text>
      ))}
    </View>
  );
}
