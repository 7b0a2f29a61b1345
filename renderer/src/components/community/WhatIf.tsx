/**
 * What another key, other members or a community battery would bring (community:whatIf), over the
 * view's span: each scenario's shared energy, surplus, coverage and savings, per member too.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Community, WhatIfResult } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtNumber, fmtQuantity, type FormatPrefs } from '../../format';
import { useApp } from '../../store';
import { fmtEur } from '../analysis/CostView';
import { ErrorText } from '../ErrorText';

export function WhatIf({
  c,
  fromSec,
  toSec,
  prefs,
}: {
  c: Community;
  fromSec: number;
  toSec: number;
  prefs: FormatPrefs;
}) {
  const { t } = useTranslation();
  const meters = useApp((s) => s.meters);
  const consumers = c.members.filter((m) => m.role === 'consumer');
  const [shares, setShares] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState<string[]>([]);
  const [addId, setAddId] = useState('');
  const [addRole, setAddRole] = useState<'consumer' | 'producer'>('producer');
  const [battery, setBattery] = useState({ capacity: '', power: '' });
  const [result, setResult] = useState<WhatIfResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const label = (id: string) => meters.find((m) => m.id === id)?.label ?? id;
  const others = meters.filter((m) => !c.members.some((x) => x.meterId === m.id) && m.commodity !== 'gas');
  const run = async () => {
    setError(null);
    try {
      const staticShares = Object.fromEntries(
        Object.entries(shares)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, Number(v.replace(',', '.'))]),
      );
      const cap = Number(battery.capacity.replace(',', '.'));
      setResult(
        await unwrap(
          api().community.whatIf({
            communityId: c.id,
            fromSec,
            toSec,
            staticShares,
            add: addId ? [{ meterId: addId, role: addRole }] : [],
            remove: removed,
            battery:
              battery.capacity.trim() && cap > 0
                ? {
                    capacityKwh: cap,
                    powerKw: Number(battery.power.replace(',', '.')) || cap / 2,
                    efficiency: 0.9,
                  }
                : null,
          }),
        ),
      );
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section data-testid="eeg-whatif">
      <h3>{t('eeg_whatIf')}</h3>
      <p className="small muted">{t('eeg_whatIfHint')}</p>
      <div className="tariff-form">
        {consumers.map((m) => (
          <label key={m.meterId}>
            {t('eeg_shareOf', { name: label(m.meterId) })}
            <input
              inputMode="decimal"
              placeholder={m.staticSharePercent === null ? t('eeg_shareEqual') : String(m.staticSharePercent)}
              value={shares[m.meterId] ?? ''}
              onChange={(e) => setShares((s) => ({ ...s, [m.meterId]: e.target.value }))}
              data-testid="eeg-share"
            />
          </label>
        ))}
        <fieldset>
          <legend>{t('eeg_leaveOut')}</legend>
          {c.members.map((m) => (
            <label key={`${m.role}|${m.meterId}`} className="inline">
              <input
                type="checkbox"
                checked={removed.includes(m.meterId)}
                onChange={(e) =>
                  setRemoved((r) => (e.target.checked ? [...r, m.meterId] : r.filter((x) => x !== m.meterId)))
                }
              />{' '}
              {label(m.meterId)}
            </label>
          ))}
        </fieldset>
        <label>
          {t('eeg_addMember')}
          <select value={addId} onChange={(e) => setAddId(e.target.value)} data-testid="eeg-add">
            <option value="">–</option>
            {others.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label ?? m.meteringPoint}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('eeg_role')}
          <select value={addRole} onChange={(e) => setAddRole(e.target.value as 'consumer' | 'producer')}>
            <option value="producer">{t('eeg_role_producer')}</option>
            <option value="consumer">{t('eeg_role_consumer')}</option>
          </select>
        </label>
        <label>
          {t('eeg_batteryKwh')}
          <input
            inputMode="decimal"
            value={battery.capacity}
            onChange={(e) => setBattery((b) => ({ ...b, capacity: e.target.value }))}
            data-testid="eeg-battery"
          />
        </label>
        <label>
          {t('eeg_batteryKw')}
          <input
            inputMode="decimal"
            value={battery.power}
            onChange={(e) => setBattery((b) => ({ ...b, power: e.target.value }))}
          />
        </label>
      </div>
      <button className="primary" onClick={() => void run()} data-testid="eeg-whatif-run">
        {t('eeg_compute')}
      </button>
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {result && <Scenarios result={result} prefs={prefs} />}
    </section>
  );
}

/** Each scenario's shared energy, surplus, coverage and savings, in total and per member. */
function Scenarios({ result, prefs }: { result: WhatIfResult; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const k = (x: number) => fmtQuantity(x, 'kwhTotal', prefs, false);
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="eeg-scenarios">
        <thead>
          <tr>
            <th scope="col">{t('eeg_scenario')}</th>
            <th scope="col" className="num">
              {t('eeg_shared')}
            </th>
            <th scope="col" className="num">
              {t('eeg_surplus')}
            </th>
            <th scope="col" className="num">
              {t('eeg_coverage')}
            </th>
            <th scope="col" className="num">
              {t('eeg_savingsAll')}
            </th>
            <th scope="col" className="num">
              {t('eeg_extraAll')}
            </th>
            {result.scenarios[0]!.members.map((m) => (
              <th key={`${m.role}|${m.meterId}`} scope="col" className="num">
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.scenarios.map((s) => (
            <tr
              key={s.label}
              data-testid="eeg-scenario"
              data-label={s.label}
              data-shared={s.totals.sharedKwh}
            >
              <td>
                {t(`eeg_scenario_${s.label}`)}
                {s.battery && (
                  <div className="small muted">
                    {t('eeg_batteryMoved', {
                      kwh: k(s.battery.dischargedKwh),
                      cycles: fmtNumber(s.battery.fullCycles, prefs, 1),
                    })}
                  </div>
                )}
              </td>
              <td className="num">{k(s.totals.sharedKwh)}</td>
              <td className="num">{k(s.totals.surplusKwh)}</td>
              <td className="num">{fmtQuantity(s.totals.coverage, 'percent', prefs)}</td>
              {/* Consumers' savings are gross, producers' extra net: two sums, never one (issue 42, item 15). */}
              {(['consumer', 'producer'] as const).map((role) => (
                <td
                  key={role}
                  className="num"
                  data-testid={`eeg-sum-${role}`}
                  data-eur={s.members.filter((m) => m.role === role).reduce((a, m) => a + m.savingEur, 0)}
                >
                  {fmtEur(
                    s.members.filter((m) => m.role === role).reduce((a, m) => a + m.savingEur, 0),
                    prefs,
                  )}
                </td>
              ))}
              {s.members.map((m) => (
                <td key={`${m.role}|${m.meterId}`} className="num" data-role={m.role} data-eur={m.savingEur}>
                  {fmtEur(m.savingEur, prefs)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
