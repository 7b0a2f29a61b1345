/**
 * The standard-profile comparison's tables (issue 47): the shares of night, day and SNAP window, the
 * peaks and the months beside the standard's, and what this profile costs against the standard on each
 * spot tariff and each tariff whose price varies in time.
 */
import { useTranslation } from 'react-i18next';
import type { SlpCompareResult } from '../../../../preload/contract';
import { fmtMonthKey, fmtQuantity, type FormatPrefs } from '../../format';

export function SlpTables({ d, prefs }: { d: SlpCompareResult; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const pct = (v: number | null) => fmtQuantity(v, 'percent', prefs);
  return (
    <>
      <table className="grid-table" data-testid="slp-shares">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col" className="num">
              {t('slp_meter')}
            </th>
            <th scope="col" className="num">
              {d.profile}
            </th>
          </tr>
        </thead>
        <tbody>
          {(['night', 'day', 'snap'] as const).map((w) => (
            <tr
              key={w}
              data-testid={`slp-share-${w}`}
              data-real={d.shares[w].real ?? ''}
              data-standard={d.shares[w].standard ?? ''}
            >
              <th scope="row">{t(`slp_share_${w}`)}</th>
              <td className="num">{pct(d.shares[w].real)}</td>
              <td className="num">{pct(d.shares[w].standard)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('slp_peak')}</th>
            <td className="num">{fmtQuantity(d.peakKw.real, 'kw', prefs)}</td>
            <td className="num">{fmtQuantity(d.peakKw.standard, 'kw', prefs)}</td>
          </tr>
          {d.months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{fmtMonthKey(m.month, prefs)}</th>
              <td className="num">{fmtQuantity(m.real, 'kwhTotal', prefs)}</td>
              <td className="num">{fmtQuantity(m.standard, 'kwhTotal', prefs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.spot.length === 0 ? (
        <p className="small muted">{t('slp_noSpot')}</p>
      ) : (
        <Differences d={d} rows={d.spot} words="slp_spot" testId="slp-spot" prefs={prefs} />
      )}
      {d.tariffs.length > 0 && (
        <Differences d={d} rows={d.tariffs} words="slp_tariff" testId="slp-tariffs" prefs={prefs} />
      )}
    </>
  );
}

/** What this profile costs against the standard on each tariff: "… costs 1,3 ct less than an H0 profile". */
function Differences(p: {
  d: SlpCompareResult;
  rows: SlpCompareResult['spot'];
  words: 'slp_spot' | 'slp_tariff';
  testId: string;
  prefs: FormatPrefs;
}) {
  const { t } = useTranslation();
  const ct = (v: number) => fmtQuantity(v, 'cents', p.prefs);
  return (
    <ul className="small" data-testid={p.testId}>
      {p.rows.map((s) => (
        <li key={s.tariffId} data-difference={s.differenceCtPerKwh}>
          {t(`${p.words}${s.differenceCtPerKwh <= 0 ? 'Less' : 'More'}`, {
            tariff: s.tariff,
            profile: p.d.profile,
            ct: ct(Math.abs(s.differenceCtPerKwh)),
            real: ct(s.realCtPerKwh),
            standard: ct(s.standardCtPerKwh),
          })}
        </li>
      ))}
    </ul>
  );
}
