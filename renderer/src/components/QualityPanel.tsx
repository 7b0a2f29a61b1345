/**
 * Quality breakdown of the chosen register and range: counts and shares of measured / estimated /
 * unreliable, completeness against the real number of quarter-hours, per month, days with gaps, and
 * the revised readings with old → new values (the audit trail).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualityBreakdown } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDateTime, fmtDayKey, fmtMonthKey, fmtQuantity, type FormatPrefs } from '../format';
import { ErrorText } from './ErrorText';

/** Revisions shown at first, and added per "show more". */
export const REVISIONS_PAGE = 200;

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
  const [error, setError] = useState<unknown>(null);
  const [shown, setShown] = useState(REVISIONS_PAGE);

  useEffect(() => {
    let live = true;
    unwrap(api().quality.breakdown({ meterId, obisCode, fromSec, toSec }))
      .then((d) => live && (setData(d), setError(null), setShown(REVISIONS_PAGE)))
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [meterId, obisCode, fromSec, toSec, refreshKey]);

  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!data) return <p className="muted">{t('loading')}</p>;
  return (
    <section className="quality-panel" data-testid="quality-panel" aria-label={t('qualityTitle')}>
      <QualityTotals totals={data.totals} prefs={prefs} />
      <h3>{t('perMonth')}</h3>
      <QualityMonths months={data.months} prefs={prefs} />
      <h3>{t('gapDays')}</h3>
      <p data-testid="gap-days">
        {data.gapDays.length ? data.gapDays.map((x) => fmtDayKey(x, prefs)).join(', ') : t('none')}
      </p>
      <Revisions data={data} prefs={prefs} shown={shown} onMore={() => setShown(shown + REVISIONS_PAGE)} />
    </section>
  );
}

/** The span's counts: expected, received, completeness, and each quality with its share. */
function QualityTotals({ totals: tot, prefs }: { totals: QualityBreakdown['totals']; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const share = (n: number) => (tot.received ? fmtQuantity(n / tot.received, 'percent', prefs) : '–');
  return (
    <table className="kv" data-testid="quality-totals">
      <tbody>
        <tr>
          <th scope="row">{t('expectedQh')}</th>
          <td data-testid="q-expected">{fmtQuantity(tot.expected, 'count', prefs)}</td>
        </tr>
        <tr>
          <th scope="row">{t('readings')}</th>
          <td data-testid="q-received">{fmtQuantity(tot.received, 'count', prefs)}</td>
        </tr>
        <tr>
          <th scope="row">{t('completeness')}</th>
          <td data-testid="q-completeness">{fmtQuantity(tot.completeness, 'percent', prefs)}</td>
        </tr>
        <tr>
          <th scope="row">
            <span className="swatch swatch-measured" aria-hidden /> {t('q1')}
          </th>
          <td data-testid="q-measured">
            {fmtQuantity(tot.measured, 'count', prefs)} ({share(tot.measured)})
          </td>
        </tr>
        <tr>
          <th scope="row">
            <span className="swatch swatch-estimated" aria-hidden /> {t('q2')}
          </th>
          <td data-testid="q-estimated">
            {fmtQuantity(tot.estimated, 'count', prefs)} ({share(tot.estimated)})
          </td>
        </tr>
        <tr>
          <th scope="row">
            <span className="swatch swatch-unreliable" aria-hidden /> {t('q3')}
          </th>
          <td data-testid="q-unreliable">
            {fmtQuantity(tot.unreliable, 'count', prefs)} ({share(tot.unreliable)})
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The same counts per month of the span. */
function QualityMonths({ months, prefs }: { months: QualityBreakdown['months']; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  return (
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
        {months.map((m) => (
          <tr key={m.month}>
            <td>{fmtMonthKey(m.month, prefs)}</td>
            <td className="num">{fmtQuantity(m.expected, 'count', prefs)}</td>
            <td className="num">{fmtQuantity(m.received, 'count', prefs)}</td>
            <td className="num">{fmtQuantity(m.measured, 'count', prefs)}</td>
            <td className="num">{fmtQuantity(m.estimated, 'count', prefs)}</td>
            <td className="num">{fmtQuantity(m.unreliable, 'count', prefs)}</td>
            <td>{fmtQuantity(m.expected ? m.received / m.expected : 0, 'percent', prefs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The revised readings, old → new (the audit trail), newest first, a page at a time. */
function Revisions(props: { data: QualityBreakdown; prefs: FormatPrefs; shown: number; onMore: () => void }) {
  const { data, prefs, shown } = props;
  const { t } = useTranslation();
  const listed = data.revisions.length;
  return (
    <>
      <h3 data-testid="revisions-heading">
        {t('revisions')} (
        {Math.min(shown, listed) === data.revisionCount
          ? data.revisionCount
          : t('nOfM', { n: Math.min(shown, listed), m: data.revisionCount })}
        )
      </h3>
      {data.revisionCount > listed && (
        <p className="small muted">{t('revisionsNewest', { count: listed })}</p>
      )}
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
            {data.revisions.slice(0, shown).map((r) => (
              <tr key={`${r.startSec}-${r.revisedSec}`}>
                <td>{fmtDateTime(r.startSec, prefs)}</td>
                <td className="num">{fmtQuantity(r.oldValue, 'kwh', prefs)}</td>
                <td className="num">{fmtQuantity(r.newValue, 'kwh', prefs)}</td>
                <td>
                  {t(`q${r.oldQuality}`)} → {t(`q${r.newQuality}`)}
                </td>
                <td>{fmtDateTime(r.revisedSec, prefs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown < listed && (
        <button onClick={props.onMore} data-testid="revisions-more">
          {t('showMore', { count: Math.min(REVISIONS_PAGE, listed - shown) })}
        </button>
      )}
    </>
  );
}
