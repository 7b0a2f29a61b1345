/**
 * 2027 ahead (issue 44, item 8): what this register's months would cost under a power price on each
 * month's highest quarter-hour (main/cost/power-scenario.ts). The price is the person's — no ordinance
 * gives it yet — so the field starts empty, with what E-Control has illustrated and where; the minimum
 * of 2 kW is the draft's.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../bridge';
import { fmtDateTime, fmtMonthKey, fmtQuantity, type FormatPrefs } from '../../format';
import { ErrorText } from '../ErrorText';
import { fmtEur } from './CostView';
import { useResult } from './useResult';

export function PowerScenario(p: {
  meterId: string;
  obisCode: string;
  fromSec: number;
  toSec: number;
  prefs: FormatPrefs;
}) {
  const { t } = useTranslation();
  const [price, setPrice] = useState('');
  const [minKw, setMinKw] = useState(2);
  const [windowOn, setWindowOn] = useState(false);
  const [win, setWin] = useState({ fromHour: 17, toHour: 20 });
  const eur = Number(price.replace(',', '.'));
  const ready = price.trim() !== '' && Number.isFinite(eur) && eur >= 0;
  const { data: d, error } = useResult(
    () =>
      ready
        ? api().analysis.powerScenario({
            meterId: p.meterId,
            obisCode: p.obisCode,
            fromSec: p.fromSec,
            toSec: p.toSec,
            eurPerKwMonth: eur,
            minKw,
            window: windowOn ? win : null,
          })
        : Promise.resolve({ ok: true as const, data: null }),
    [p.meterId, p.obisCode, p.fromSec, p.toSec, ready, eur, minKw, windowOn, win.fromHour, win.toHour],
  );
  const hour = (v: number, set: (h: number) => void, testId: string) => (
    <input
      type="number"
      min={0}
      max={24}
      value={v}
      style={{ width: 60 }}
      onChange={(e) => set(Math.min(24, Math.max(0, Math.round(Number(e.target.value) || 0))))}
      data-testid={testId}
    />
  );
  return (
    <details className="power-scenario" data-testid="power-scenario">
      <summary>{t('power_title')}</summary>
      <p className="small muted">{t('power_hint')}</p>
      <div className="battery-inputs">
        <label>
          {t('power_price')}
          <input
            inputMode="decimal"
            value={price}
            placeholder="–"
            style={{ width: 90 }}
            onChange={(e) => setPrice(e.target.value)}
            data-testid="power-price"
          />
        </label>
        <label>
          {t('power_minKw')}
          <input
            type="number"
            min={0}
            step={0.5}
            value={minKw}
            style={{ width: 70 }}
            onChange={(e) => setMinKw(Math.max(0, Number(e.target.value) || 0))}
            data-testid="power-min"
          />
        </label>
        <label className="inline">
          <input type="checkbox" checked={windowOn} onChange={(e) => setWindowOn(e.target.checked)} />{' '}
          {t('power_window')}
        </label>
        {windowOn && (
          <span className="small">
            {hour(win.fromHour, (h) => setWin({ ...win, fromHour: h }), 'power-from')} –{' '}
            {hour(win.toHour, (h) => setWin({ ...win, toHour: h }), 'power-to')} {t('power_hours')}
          </span>
        )}
      </div>
      {error ? <ErrorText error={error} prefs={p.prefs} /> : null}
      {!ready && <p className="small muted">{t('power_enterPrice')}</p>}
      {d && (
        <table
          className="grid-table"
          data-testid="power-table"
          data-from-sec={d.frame.fromSec}
          data-to-sec={d.frame.toSec}
        >
          <thead>
            <tr>
              <th scope="col">{t('month')}</th>
              <th scope="col" className="num">
                {t('power_peak')}
              </th>
              <th scope="col" className="num">
                {t('power_billed')}
              </th>
              <th scope="col" className="num">
                €
              </th>
            </tr>
          </thead>
          <tbody>
            {d.months.map((m) => (
              <tr key={m.month} data-testid="power-month" data-eur={m.eur}>
                <td>
                  {fmtMonthKey(m.month, p.prefs)}
                  {m.share < 1 && (
                    <span className="small muted">
                      {' '}
                      {t('cost_partialMonth', { share: fmtQuantity(m.share, 'percent', p.prefs) })}
                    </span>
                  )}
                </td>
                <td
                  className="num"
                  title={m.peakAtSec !== null ? fmtDateTime(m.peakAtSec, p.prefs) : undefined}
                >
                  {fmtQuantity(m.peakKw, 'kw', p.prefs)}
                </td>
                <td className="num">{fmtQuantity(m.billedKw, 'kw', p.prefs)}</td>
                <td className="num">{fmtEur(m.eur, p.prefs)}</td>
              </tr>
            ))}
            <tr data-testid="power-total" data-eur={d.totalEur}>
              <th scope="row">{t('power_total')}</th>
              <td />
              <td className="num">{fmtQuantity(d.meanBilledKw, 'kw', p.prefs)}</td>
              <td className="num">{fmtEur(d.totalEur, p.prefs)}</td>
            </tr>
          </tbody>
        </table>
      )}
    </details>
  );
}
