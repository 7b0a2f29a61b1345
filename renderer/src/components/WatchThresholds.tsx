/**
 * The watch list's thresholds of one meter (issue 45, item 1): each rule's value and where it is set
 * (the meter, its site, its customer, or the default), changed for the meter, its site or its customer,
 * or removed there (main/watch/thresholds.ts). A kW cap (`peak_cap`) is off until set.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WatchThresholdsView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtNumber } from '../format';
import { useApp, usePrefs } from '../store';
import { ErrorText } from './ErrorText';

type Scope = 'meter' | 'site' | 'customer';

/** `onChanged`: the list re-reads its findings at once under the new threshold (issue 64, item 3). */
export function WatchThresholds({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const meters = useApp((s) => s.meters);
  const [meterId, setMeterId] = useState('');
  const [view, setView] = useState<WatchThresholdsView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [scope, setScope] = useState<Scope>('meter');
  const [typed, setTyped] = useState<Record<string, string>>({});
  useEffect(() => {
    setView(null);
    if (!meterId) return;
    unwrap(api().watch.thresholds({ meterId })).then(setView, setError);
  }, [meterId]);
  // Made on the value shown at that scope: one set meanwhile (another window, a colleague on a team
  // profile) is refused with who set it, and the table is read again; the typed value stays.
  const change = (rule: string, value: number | null, was: number | null) =>
    unwrap(api().watch.setThreshold({ meterId, scope, rule: rule as 'base_step', value, was })).then(
      (v) => {
        setView(v);
        setError(null);
        setTyped((x) => ({ ...x, [rule]: '' }));
        onChanged?.();
      },
      (e: unknown) => {
        setError(e);
        void unwrap(api().watch.thresholds({ meterId })).then(setView, () => undefined);
      },
    );
  return (
    <details className="watch-thresholds" data-testid="watch-thresholds">
      <summary>{t('watch_thresholds')}</summary>
      <label>
        {t('watch_thresholdsFor')}{' '}
        <select
          value={meterId}
          onChange={(e) => setMeterId(e.target.value)}
          data-testid="watch-thresholds-meter"
        >
          <option value="">–</option>
          {meters.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label ?? m.meteringPoint}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        {t('watch_thresholdScope')}{' '}
        <select
          value={scope}
          onChange={(e) => setScope(e.target.value as Scope)}
          data-testid="watch-thresholds-scope"
        >
          {(['meter', 'site', 'customer'] as const).map((s) => (
            <option
              key={s}
              value={s}
              disabled={s === 'site' ? !view?.siteId : s === 'customer' ? !view?.customerId : false}
            >
              {t(`watch_scopeName_${s}`)}
            </option>
          ))}
        </select>
      </label>
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {view && (
        <table className="grid-table" data-testid="watch-thresholds-table">
          <tbody>
            {view.rules.map((r) => (
              <ThresholdRow
                key={r.rule}
                r={r}
                scope={scope}
                typed={typed[r.rule] ?? ''}
                onType={(v) => setTyped((x) => ({ ...x, [r.rule]: v }))}
                change={change}
              />
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

type Rule = WatchThresholdsView['rules'][number];

/** One rule's row: its value and where it is set, a new value for the chosen scope, its removal. */
function ThresholdRow(props: {
  r: Rule;
  scope: Scope;
  typed: string;
  onType: (v: string) => void;
  change: (rule: string, value: number | null, was: number | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const { r, scope, typed, onType, change } = props;
  // A unit in words where it is one ("3 Tage", not "3 days"; issue 64); symbols (kW, %, ×) as they are.
  const unitOf = (unit: string, count: number) => (unit === 'days' ? t('watch_unitDays', { count }) : unit);
  const shown = (v: number | null) => (v === null ? t('watch_thresholdOff') : fmtNumber(v, prefs, 2));
  return (
    <tr data-rule={r.rule} data-value={r.value ?? ''} data-scope={r.scope}>
      <th scope="row">{t(`watch_rule_${r.rule}`)}</th>
      <td className="num">
        {shown(r.value)} {r.value !== null && unitOf(r.unit, r.value)}
      </td>
      <td className="small muted">{t(`watch_scopeName_${r.scope}`)}</td>
      <td>
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            const v = Number(typed.replace(',', '.'));
            if (Number.isFinite(v) && typed !== '') void change(r.rule, v, r.set[scope]);
          }}
        >
          <input
            inputMode="decimal"
            size={6}
            value={typed}
            placeholder={`${r.min}–${r.max}`}
            aria-label={`${t(`watch_rule_${r.rule}`)} (${unitOf(r.unit, 2)})`}
            onChange={(e) => onType(e.target.value)}
            data-testid="watch-threshold-input"
          />{' '}
          <button type="submit" data-testid="watch-threshold-save">
            {t('save')}
          </button>{' '}
          {r.set[scope] !== null && (
            <button
              type="button"
              onClick={() => void change(r.rule, null, r.set[scope])}
              data-testid="watch-threshold-reset"
            >
              {t('watch_thresholdReset')}
            </button>
          )}
        </form>
      </td>
    </tr>
  );
}
