/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The bill ahead in the report's cost section (issue 44, item 7): the billing year so far, the rest
 * projected with its method and range, and the partial payments' balance — worded from the app's own
 * dictionary (common/i18n), so the report, the cost view and `meterdesk bill --ahead` say the same.
 */
import { Text, View } from '@react-pdf/renderer';
import { sayIn } from '../../../common/i18n/words';
import { st } from './kit';
import type { SectionProps } from './meter-sections';

export function BillAheadBlock(p: SectionProps) {
  const { m, f } = p;
  const a = m.ahead;
  if (!a) return null;
  const t = sayIn(p.model.request.lang);
  const e = (v: number) => `${f.n(v, 2)} €`;
  const d = a.result;
  const lines = d
    ? [
        t('ahead_soFar', {
          from: f.date(d.soFar.fromSec),
          to: f.date(d.soFar.toSec - 1),
          kwh: f.kwh(d.soFar.kwh),
          eur: e(d.soFar.eur),
        }),
        t(`ahead_rest_${d.rest.method}`, {
          days: d.rest.days,
          trend: d.rest.trend === null ? '' : f.pct(d.rest.trend),
          kwh: f.kwh(d.rest.kwh),
          eur: e(d.rest.eur),
          low: e(d.rest.low),
          high: e(d.rest.high),
        }),
        t('ahead_year', {
          to: f.date(d.billingYear.toSec - 1),
          eur: e(d.year.eur),
          low: e(d.year.low),
          high: e(d.year.high),
        }),
        ...(d.balance && d.payments
          ? [
              `${d.balance.eur >= 0 ? t('ahead_back', { eur: e(d.balance.eur) }) : t('ahead_more', { eur: e(-d.balance.eur) })} ${t(
                'ahead_balanceRange',
                {
                  n: d.payments.perYear,
                  each: e(d.payments.eur),
                  total: e(d.payments.total),
                  low: e(d.balance.low),
                  high: e(d.balance.high),
                },
              )}`,
            ]
          : []),
        ...(d.unpriced.withoutPrice + d.unpriced.outsideValidity > 0
          ? [
              t('ahead_unpriced', {
                n: f.n(d.unpriced.withoutPrice + d.unpriced.outsideValidity, 0),
                outside: f.n(d.unpriced.outsideValidity, 0),
              }),
            ]
          : []),
      ]
    : [a.error ?? ''];
  return (
    <View wrap={false}>
      <Text style={st.h3}>{`${t('ahead_title')} · ${a.tariff}`}</Text>
      {lines.map((l, i) => (
        <Text key={i} style={st.para}>
          {l}
        </Text>
      ))}
    </View>
  );
}
