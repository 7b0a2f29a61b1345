/**
 * The report dialog's bill ahead (issue 44, item 7): a consumption tariff of the profile, the billing
 * year's start and the partial payments; the report then gains the bill ahead in each consumption
 * meter's cost section, as the cost view computes it.
 */
import { useTranslation } from 'react-i18next';
import { api } from '../bridge';
import { useResult } from './analysis/useResult';

export interface AheadChoice {
  tariffId: string;
  billingStart: string;
  payment: string;
  perYear: string;
}

export const noAhead: AheadChoice = { tariffId: '', billingStart: '01-01', payment: '', perYear: '12' };

const START = /^(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/;

/** The report request's `billAhead`, or null when no tariff is chosen or the start is not MM-DD. */
export function aheadRequest(a: AheadChoice) {
  if (!a.tariffId || !START.test(a.billingStart)) return null;
  const eur = Number(a.payment.replace(',', '.'));
  const perYear = Math.round(Number(a.perYear));
  return {
    tariffId: a.tariffId,
    billingStart: a.billingStart,
    payment:
      a.payment.trim() && Number.isFinite(eur) && eur >= 0 && perYear >= 1 && perYear <= 12
        ? { eur, perYear }
        : null,
  };
}

export function ReportAhead(props: { value: AheadChoice; onChange: (a: AheadChoice) => void }) {
  const { t } = useTranslation();
  const tariffs = useResult(() => api().tariffs.list({}), []);
  const a = props.value;
  const set = (patch: Partial<AheadChoice>) => props.onChange({ ...a, ...patch });
  const consumption = (tariffs.data ?? []).filter((x) => x.direction === 'consumption');
  if (consumption.length === 0) return null;
  return (
    <>
      <label htmlFor="report-ahead">{t('report_ahead')}</label>
      <span>
        <select
          id="report-ahead"
          value={a.tariffId}
          onChange={(e) => set({ tariffId: e.target.value })}
          data-testid="report-ahead"
        >
          <option value="">{t('report_communityNone')}</option>
          {consumption.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
        {a.tariffId && (
          <>
            {' '}
            <input
              aria-label={t('ahead_start')}
              title={t('ahead_startHint')}
              value={a.billingStart}
              style={{ width: '5em' }}
              aria-invalid={!START.test(a.billingStart)}
              onChange={(e) => set({ billingStart: e.target.value.trim() })}
              data-testid="report-ahead-start"
            />{' '}
            <input
              aria-label={t('ahead_payment')}
              placeholder={t('ahead_payment')}
              inputMode="decimal"
              value={a.payment}
              style={{ width: '7em' }}
              onChange={(e) => set({ payment: e.target.value })}
              data-testid="report-ahead-payment"
            />{' '}
            <input
              aria-label={t('ahead_payments')}
              type="number"
              min={1}
              max={12}
              value={a.perYear}
              style={{ width: '4em' }}
              onChange={(e) => set({ perYear: e.target.value })}
            />
          </>
        )}
      </span>
    </>
  );
}
