/**
 * The bill ahead (issue 44, item 7) for the tariff shown: the billing year from the operator's reading
 * date, its cost so far, the rest projected with its range and method, and against the partial
 * payments "about … more to pay" or "about … back" (main/cost/bill-ahead.ts, `meterdesk bill --ahead`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../bridge';
import { fmtDate, fmtQuantity, type FormatPrefs } from '../../format';
import { ErrorText } from '../ErrorText';
import { fmtEur } from './CostView';
import { useResult } from './useResult';

export function BillAhead(p: { meterId: string; obisCode: string; tariffId: string; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const [start, setStart] = useState('01-01');
  const [payment, setPayment] = useState('');
  const [perYear, setPerYear] = useState(12);
  const startOk = /^(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/.test(start);
  const eur = Number(payment.replace(',', '.'));
  const pay = payment.trim() !== '' && Number.isFinite(eur) && eur >= 0 ? { eur, perYear } : null;
  const { data: d, error } = useResult(
    () =>
      startOk
        ? api().analysis.billAhead({
            meterId: p.meterId,
            obisCode: p.obisCode,
            tariffId: p.tariffId,
            billingStart: start,
            payment: pay,
          })
        : Promise.resolve({ ok: true as const, data: null }),
    [p.meterId, p.obisCode, p.tariffId, start, startOk, pay?.eur, pay?.perYear],
  );
  const e = (v: number) => fmtEur(v, p.prefs);
  return (
    <details className="bill-ahead" data-testid="bill-ahead">
      <summary>{t('ahead_title')}</summary>
      <div className="battery-inputs">
        <label>
          {t('ahead_start')}
          <input
            value={start}
            style={{ width: 70 }}
            onChange={(x) => setStart(x.target.value.trim())}
            aria-invalid={!startOk}
            data-testid="ahead-start"
          />
        </label>
        <label>
          {t('ahead_payment')}
          <input
            inputMode="decimal"
            value={payment}
            placeholder="–"
            style={{ width: 80 }}
            onChange={(x) => setPayment(x.target.value)}
            data-testid="ahead-payment"
          />
        </label>
        <label>
          {t('ahead_payments')}
          <input
            type="number"
            min={1}
            max={12}
            value={perYear}
            style={{ width: 60 }}
            onChange={(x) => setPerYear(Math.min(12, Math.max(1, Math.round(Number(x.target.value) || 1))))}
            data-testid="ahead-payments"
          />
        </label>
      </div>
      {!startOk && <p className="small warn">{t('ahead_startHint')}</p>}
      {error ? <ErrorText error={error} prefs={p.prefs} /> : null}
      {d && (
        <ul className="small" data-testid="ahead-result">
          <li>
            {t('ahead_soFar', {
              from: fmtDate(d.soFar.fromSec, p.prefs),
              to: fmtDate(d.soFar.toSec - 1, p.prefs),
              kwh: fmtQuantity(d.soFar.kwh, 'kwhTotal', p.prefs),
              eur: e(d.soFar.eur),
            })}
          </li>
          <li data-testid="ahead-rest" data-method={d.rest.method}>
            {t(`ahead_rest_${d.rest.method}`, {
              days: d.rest.days,
              trend: d.rest.trend === null ? '' : fmtQuantity(d.rest.trend, 'percent', p.prefs),
              kwh: fmtQuantity(d.rest.kwh, 'kwhTotal', p.prefs),
              eur: e(d.rest.eur),
              low: e(d.rest.low),
              high: e(d.rest.high),
            })}
          </li>
          <li data-testid="ahead-year" data-eur={d.year.eur}>
            {t('ahead_year', {
              to: fmtDate(d.billingYear.toSec - 1, p.prefs),
              eur: e(d.year.eur),
              low: e(d.year.low),
              high: e(d.year.high),
            })}
          </li>
          {d.balance && d.payments && (
            <li data-testid="ahead-balance" data-eur={d.balance.eur}>
              <strong>
                {d.balance.eur >= 0
                  ? t('ahead_back', { eur: e(d.balance.eur) })
                  : t('ahead_more', { eur: e(-d.balance.eur) })}
              </strong>{' '}
              {t('ahead_balanceRange', {
                n: d.payments.perYear,
                each: e(d.payments.eur),
                total: e(d.payments.total),
                low: e(d.balance.low),
                high: e(d.balance.high),
              })}
            </li>
          )}
          {d.unpriced.withoutPrice + d.unpriced.outsideValidity > 0 && (
            <li className="warn" data-testid="ahead-unpriced">
              {t('ahead_unpriced', {
                n: fmtQuantity(d.unpriced.withoutPrice + d.unpriced.outsideValidity, 'count', p.prefs),
                outside: fmtQuantity(d.unpriced.outsideValidity, 'count', p.prefs),
              })}
            </li>
          )}
        </ul>
      )}
    </details>
  );
}
