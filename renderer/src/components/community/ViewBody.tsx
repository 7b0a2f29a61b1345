/**
 * A community's view (main/community/community-view.ts): its span, the totals recorded beside the
 * key's model, the members, the data check, the EDA report's summary where it differs, the days or
 * months, and the surplus carpet. Every figure from main; this file only shows them.
 */
import { useTranslation } from 'react-i18next';
import type { CommunityTotals, CommunityView } from '../../../../preload/contract';
import { fmtDate, fmtDateTime, fmtDayKey, fmtMonthKey, fmtQuantity, type FormatPrefs } from '../../format';
import { Carpet } from '../analysis/CarpetView';
import { fmtEur } from '../analysis/CostView';

/** The community's totals: recorded by the operator beside the key's allocation of the same quarter-hours. */
function Totals({ v, prefs }: { v: CommunityView; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const cols: { title: string; x: CommunityTotals; testId: string }[] = [
    ...(v.recorded ? [{ title: t('eeg_recorded'), x: v.recorded, testId: 'eeg-recorded' }] : []),
    {
      title: t('eeg_modelled', { key: t(`eeg_key_${v.allocation}`) }),
      x: v.modelled,
      testId: 'eeg-modelled',
    },
  ];
  const rows: [string, (x: CommunityTotals) => string][] = [
    [t('eeg_generation'), (x) => fmtQuantity(x.generationKwh, 'kwhTotal', prefs)],
    [t('eeg_consumption'), (x) => fmtQuantity(x.consumptionKwh, 'kwhTotal', prefs)],
    [t('eeg_shared'), (x) => fmtQuantity(x.sharedKwh, 'kwhTotal', prefs)],
    [t('eeg_surplus'), (x) => fmtQuantity(x.surplusKwh, 'kwhTotal', prefs)],
    [t('eeg_coverage'), (x) => fmtQuantity(x.coverage, 'percent', prefs)],
  ];
  return (
    <table className="data-table" data-testid="eeg-totals">
      <thead>
        <tr>
          <th scope="col" />
          {cols.map((c) => (
            <th
              key={c.testId}
              scope="col"
              className="num"
              data-testid={c.testId}
              data-shared={c.x.sharedKwh}
              data-surplus={c.x.surplusKwh}
            >
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, f]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {cols.map((c) => (
              <td key={c.testId} className="num">
                {f(c.x)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ViewBody({ v, prefs }: { v: CommunityView; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="small" data-testid="eeg-span" data-from-sec={v.fromSec} data-to-sec={v.toSec}>
        {t('eeg_span', { from: fmtDate(v.fromSec, prefs), to: fmtDate(v.toSec - 1, prefs) })}{' '}
        {v.clampedToData && t('eeg_clamped')}
      </p>
      {v.goneMembers.length > 0 && (
        <p className="notice warn" role="status" data-testid="eeg-gone-members">
          {t('eeg_goneMembers', { count: v.goneMembers.length, meters: v.goneMembers.join(', ') })}
        </p>
      )}
      <Totals v={v} prefs={prefs} />
      {!v.recorded && <p className="small muted">{t('eeg_noRecord')}</p>}
      <h3>{t('eeg_members')}</h3>
      <MembersTable v={v} prefs={prefs} />
      <p className="small muted">{t('eeg_moneyNote')}</p>
      <h3>{t('eeg_checks')}</h3>
      <ChecksList v={v} prefs={prefs} />
      {v.report && <ReportComparison report={v.report} prefs={prefs} />}
      <h3>{t(v.periodUnit === 'day' ? 'eeg_byDay' : 'eeg_byMonth')}</h3>
      <PeriodsTable v={v} prefs={prefs} />
      <h3>{t('eeg_carpet')}</h3>
      <Carpet data={v.surplusCarpet} prefs={prefs} testId="eeg-carpet" />
    </>
  );
}

/** Each member's energy, allocation, shared energy (in the SNAP window too), coverage and money. */
function MembersTable({ v, prefs }: { v: CommunityView; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const k = (x: number) => fmtQuantity(x, 'kwhTotal', prefs, false);
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="eeg-members">
          <thead>
            <tr>
              <th scope="col">{t('eeg_member')}</th>
              <th scope="col">{t('eeg_role')}</th>
              <th scope="col" className="num">
                {t('eeg_memberKwh')}
              </th>
              <th scope="col" className="num">
                {t('eeg_allocated')}
              </th>
              <th scope="col" className="num">
                {t('eeg_memberShared')}
              </th>
              <th scope="col" className="num">
                {t('eeg_coverage')}
              </th>
              <th scope="col" className="num">
                {t('eeg_paidGot')}
              </th>
              <th scope="col" className="num">
                {t('eeg_saving')}
              </th>
            </tr>
          </thead>
          <tbody>
            {v.members.map((m) => (
              <tr
                key={`${m.role}|${m.meterId}`}
                data-testid="eeg-member"
                data-meter={m.meterId}
                data-shared={m.sharedKwh}
              >
                <td>
                  {m.label}
                  <div className="small muted">{m.meteringPoint}</div>
                  {(m.memberFrom || m.memberTo) && (
                    <div
                      className="small warn"
                      data-testid="eeg-member-span"
                      title={t('eeg_memberSpanTitle')}
                    >
                      {[
                        m.memberFrom && t('eeg_memberFrom', { day: fmtDayKey(m.memberFrom, prefs) }),
                        m.memberTo && t('eeg_memberTo', { day: fmtDayKey(m.memberTo, prefs) }),
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    </div>
                  )}
                </td>
                <td>{t(`eeg_role_${m.role}`)}</td>
                <td className="num">{k(m.consumptionKwh)}</td>
                <td className="num">{m.role === 'consumer' ? k(m.allocatedKwh) : '–'}</td>
                <td className="num">
                  {k(m.sharedKwh)}
                  {m.sharedInSnapKwh > 0 && (
                    <div
                      className="small muted nowrap"
                      data-testid="eeg-member-snap"
                      data-kwh={m.sharedInSnapKwh}
                      title={t('eeg_inSnapTitle')}
                    >
                      {t('eeg_inSnap', { kwh: k(m.sharedInSnapKwh) })}
                    </div>
                  )}
                </td>
                <td className="num">{fmtQuantity(m.coverage, 'percent', prefs)}</td>
                <td className="num">{fmtEur(m.communityEur, prefs)}</td>
                <td className="num">{fmtEur(m.savingEur, prefs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The data check per member: days lacking, and quarter-hours breaking G.03 ≤ G.02 or G.03 ≤ G.01. */
function ChecksList({ v, prefs }: { v: CommunityView; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  return (
    <>
      <ul data-testid="eeg-checks">
        {v.checks.map((c) => {
          const broken = c.violations.filter((x) => x.count > 0);
          const ok = c.daysLackingCount === 0 && broken.length === 0;
          return (
            <li
              key={c.meterId}
              className={ok ? undefined : 'warn'}
              data-meter={c.meterId}
              data-ok={ok ? 'true' : 'false'}
            >
              <strong>{c.label}</strong>: {ok && t('eeg_checkOk', { count: c.expected })}
              {c.daysLackingCount > 0 &&
                t('eeg_checkDays', {
                  count: c.daysLackingCount,
                  days: c.daysLacking
                    .slice(0, 8)
                    .map((d) => fmtDayKey(d, prefs))
                    .join(', '),
                })}{' '}
              {broken.map((x) => (
                <span key={x.rule} data-rule={x.rule}>
                  {t(`eeg_rule_${x.rule}`, {
                    count: x.count,
                    first: x.firstSec === null ? '' : fmtDateTime(x.firstSec, prefs),
                    days: x.days
                      .slice(0, 8)
                      .map((d) => fmtDayKey(d, prefs))
                      .join(', '),
                  })}{' '}
                </span>
              ))}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The EDA report's own summary against the quarter-hours, where they differ. */
function ReportComparison({
  report,
  prefs,
}: {
  report: NonNullable<CommunityView['report']>;
  prefs: FormatPrefs;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h3>{t('eeg_report')}</h3>
      <p className="small" data-testid="eeg-report-differences">
        {report.differences === 0
          ? t('eeg_reportSame')
          : t('eeg_reportDiffers', { count: report.differences })}
      </p>
      <div className="table-scroll">
        <table className="data-table" data-testid="eeg-report">
          <thead>
            <tr>
              <th scope="col">{t('eeg_member')}</th>
              <th scope="col">{t('eeg_quantity')}</th>
              <th scope="col" className="num">
                {t('eeg_reportSays')}
              </th>
              <th scope="col" className="num">
                {t('eeg_qhSay')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr
                key={`${r.meteringPoint}|${r.quantity}`}
                className={r.differs ? 'warn' : undefined}
                data-differs={r.differs ? 'true' : 'false'}
              >
                <td>{r.meteringPoint}</td>
                <td>{t(`eeg_q_${r.quantity}`)}</td>
                <td className="num">{fmtQuantity(r.reportKwh, 'kwh', prefs, false)}</td>
                <td className="num">{fmtQuantity(r.quarterHoursKwh, 'kwh', prefs, false)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The community's days or months: generation, consumption, shared, surplus, coverage. */
function PeriodsTable({ v, prefs }: { v: CommunityView; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const k = (x: number) => fmtQuantity(x, 'kwhTotal', prefs, false);
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="eeg-periods">
          <thead>
            <tr>
              <th scope="col">{t(v.periodUnit === 'day' ? 'eeg_day' : 'eeg_month')}</th>
              <th scope="col" className="num">
                {t('eeg_generation')}
              </th>
              <th scope="col" className="num">
                {t('eeg_consumption')}
              </th>
              <th scope="col" className="num">
                {t('eeg_shared')}
              </th>
              <th scope="col" className="num">
                {t('eeg_surplus')}
              </th>
              <th scope="col" className="num">
                {t('eeg_coverage')}
              </th>
            </tr>
          </thead>
          <tbody>
            {v.periods.map((p) => (
              <tr key={p.key} data-testid="eeg-period" data-key={p.key} data-shared={p.sharedKwh}>
                {/* The day or month as the person reads dates (issue 64), the ISO key in data-key only. */}
                <td>{v.periodUnit === 'day' ? fmtDayKey(p.key, prefs) : fmtMonthKey(p.key, prefs)}</td>
                <td className="num">{k(p.generationKwh)}</td>
                <td className="num">{k(p.consumptionKwh)}</td>
                <td className="num">{k(p.sharedKwh)}</td>
                <td className="num">{k(p.surplusKwh)}</td>
                <td className="num">{fmtQuantity(p.coverage, 'percent', prefs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
