/**
 * Quality breakdown of the chosen register and range: counts and shares of measured / estimated /
 * unreliable, completeness against the real number of quarter-hours, per month, days with gaps, and
 * the revised readings with old → new values (the audit trail).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualityBreakdown } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDateTime, fmtNumber, fmtPercent, type FormatPrefs } from '../format';

export function QualityPanel(props: {
  meterId: string;
  obisCode: string;
  fromSec: number;
  toSec: number;
  prefs: FormatPrefs;
  refreshKey: number;
}) {
  const { meterId, obisCode, fromSec, toSec, prefs, refreshKey } = props;
  const { t } = useTranslation();
  const [data, setData] = useState<QualityBreakdown | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    unwrap(api().quality.breakdown({ meterId, obisCode, fromSec, toSec }))
      .then((d) => live && (setData(d), setError(null)))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [meterId, obisCode, fromSec, toSec, refreshKey]);

  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!data) return <p className="muted">{t('loading')}</p>;
  const tot = data.totals;
  const share = (n: number) => (tot.received ? fmtPercent(n / tot.received, prefs) : '–');
  return (
    <section className="quality-panel" data-testid="quality-panel" aria-label={t('qualityTitle')}>
      <table className="kv" data-testid="quality-totals">
        <tbody>
          <tr>
            <th scope="row">{t('expectedQh')}</th>
            <td data-testid="q-expected">{tot.expected}</td>
          </tr>
          <tr>
            <th scope="row">{t('readings')}</th>
            <td data-testid="q-received">{tot.received}</td>
          </tr>
          <tr>
            <th scope="row">{t('completeness')}</th>
            <td data-testid="q-completeness">{fmtPercent(tot.completeness, prefs)}</td>
          </tr>
          <tr>
            <th scope="row">
              <span className="swatch swatch-measured" aria-hidden /> {t('q1')}
            </th>
            <td data-testid="q-measured">
              {tot.measured} ({share(tot.measured)})
            </td>
          </tr>
          <tr>
            <th scope="row">
              <span className="swatch swatch-estimated" aria-hidden /> {t('q2')}
            </th>
            <td data-testid="q-estimated">
              {tot.estimated} ({share(tot.estimated)})
            </td>
          </tr>
          <tr>
            <th scope="row">
              <span className="swatch swatch-unreliable" aria-hidden /> {t('q3')}
            </th>
            <td data-testid="q-unreliable">
              {tot.unreliable} ({share(tot.unreliable)})
            </td>
          </tr>
        </tbody>
      </table>
      <h3>{t('perMonth')}</h3>
      <table className="grid-table">
        <thead>
          <tr>
            <th scope="col">{t('month')}</th>
            <th scope="col">{t('expectedQh')}</th>
            <th scope="col">{t('readings')}</th>
            <th scope="col">{t('q1')}</th>
            <th scope="col">{t('q2')}</th>
            <th scope="col">{t('q3')}</th>
            <th scope="col">{t('completeness')}</th>
          </tr>
        </thead>
        <tbody>
          {data.months.map((m) => (
            <tr key={m.month}>
              <td>{m.month}</td>
              <td>{m.expected}</td>
              <td>{m.received}</td>
              <td>{m.measured}</td>
              <td>{m.estimated}</td>
              <td>{m.unreliable}</td>
              <td>{fmtPercent(m.expected ? m.received / m.expected : 0, prefs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('gapDays')}</h3>
      <p data-testid="gap-days">{data.gapDays.length ? data.gapDays.join(', ') : t('none')}</p>
      <h3>
        {t('revisions')} ({data.revisions.length})
      </h3>
      {data.revisions.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <table className="grid-table" data-testid="revisions-table">
          <thead>
            <tr>
              <th scope="col">{t('time')}</th>
              <th scope="col">{t('oldValue')}</th>
              <th scope="col">{t('newValue')}</th>
              <th scope="col">{t('quality')}</th>
              <th scope="col">{t('revisedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {data.revisions.slice(0, 300).map((r) => (
              <tr key={`${r.startSec}-${r.revisedSec}`}>
                <td>{fmtDateTime(r.startSec, prefs)}</td>
                <td>{fmtNumber(r.oldValue, prefs)} kWh</td>
                <td>{fmtNumber(r.newValue, prefs)} kWh</td>
                <td>
                  {t(`q${r.oldQuality}`)} → {t(`q${r.newQuality}`)}
                </td>
                <td>{fmtDateTime(r.revisedSec, prefs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
