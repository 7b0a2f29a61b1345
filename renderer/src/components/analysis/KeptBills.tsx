/**
 * The bills kept for a meter (issue 42, item 20): listed under the bill dialog, each removable. The
 * report compares each again with the readings in its cost section (report/bill-part.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeptBillView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtDate, type FormatPrefs } from '../../format';
import { ErrorText } from '../ErrorText';
import { fmtEur } from './CostView';

export function KeptBills(props: { meterId: string; prefs: FormatPrefs; version: number }) {
  const { t } = useTranslation();
  const [bills, setBills] = useState<KeptBillView[]>([]);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    try {
      setBills(await unwrap(api().bills.list({ meterId: props.meterId })));
    } catch (e) {
      setError(e);
    }
  }, [props.meterId]);
  useEffect(() => {
    void load();
  }, [load, props.version]);
  if (bills.length === 0 && error === null) return null;
  return (
    <section data-testid="kept-bills">
      <h3>{t('bill_keptList')}</h3>
      {error !== null && <ErrorText error={error} prefs={props.prefs} />}
      <ul>
        {bills.map((b) => (
          <li key={b.id} data-testid="kept-bill">
            {fmtDate(b.fromSec, props.prefs)} – {fmtDate(b.toSec - 1, props.prefs)} ·{' '}
            {fmtEur(b.bill.totalEur, props.prefs)}{' '}
            <button
              type="button"
              onClick={() =>
                void unwrap(api().bills.remove({ id: b.id }))
                  .then(load)
                  .catch(setError)
              }
            >
              {t('bill_keptRemove')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
