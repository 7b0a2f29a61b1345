/**
 * Portfolio for consultants: one row per meter (all customers or one) with annual kWh, peak kW, base
 * load, completeness and last data — sortable and exportable to CSV.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import type { PortfolioRow } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDateTime, fmtNumber, fmtPercent } from '../format';
import { useApp } from '../store';

type Key = 'label' | 'customer' | 'annualKwh' | 'peakKw' | 'baseLoadKw' | 'completeness' | 'lastDataSec';

export function PortfolioPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useApp((s) => s.locale);
  const timeZone = useApp((s) => s.timeZone);
  const meters = useApp((s) => s.meters);
  const prefs = useMemo(() => ({ locale, timeZone }), [locale, timeZone]);
  const [customerId, setCustomerId] = useState<string>('');
  const [rows, setRows] = useState<PortfolioRow[] | null>(null);
  const [sort, setSort] = useState<{ key: Key; desc: boolean }>({ key: 'annualKwh', desc: true });
  const [message, setMessage] = useState<string | null>(null);
  const customers = useMemo(
    () => [
      ...new Map(
        meters.filter((m) => m.customerId).map((m) => [m.customerId!, m.customerName ?? '']),
      ).entries(),
    ],
    [meters],
  );

  useEffect(() => {
    let live = true;
    unwrap(api().analysis.portfolio({ customerId: customerId || null })).then(
      (r) => live && setRows(r),
      (e: Error) => live && setMessage(e.message),
    );
    return () => {
      live = false;
    };
  }, [customerId]);

  const sorted = useMemo(() => {
    if (!rows) return [];
    const dir = sort.desc ? -1 : 1;
    return [...rows].sort((a, b) => {
      const x = a[sort.key];
      const y = b[sort.key];
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (typeof x === 'string' ? x.localeCompare(String(y)) : (x as number) - (y as number)) * dir;
    });
  }, [rows, sort]);
  const head = (key: Key, label: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button className="link" onClick={() => setSort({ key, desc: sort.key === key ? !sort.desc : true })}>
        {label} {sort.key === key ? (sort.desc ? '▼' : '▲') : ''}
      </button>
    </th>
  );
  const exportCsv = async (profile: 'excel-at' | 'iso') => {
    try {
      const r = await unwrap(
        api().analysis.exportCsv({ kind: 'portfolio', params: { customerId: customerId || null }, profile }),
      );
      setMessage(t('exported', { rows: r.rows, path: r.path }));
    } catch (e) {
      setMessage(`${t('error')}: ${(e as Error).message}`);
    }
  };
  const total = sorted.reduce((a, r) => a + (r.annualKwh ?? 0), 0);
  return (
    <Modal title={t('portfolio')} testId="portfolio" onClose={onClose} wide>
      <div className="toolbar">
        <label className="inline">
          {t('customer')}
          <select value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
            <option value="">{t('all')}</option>
            {customers.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <span className="spacer" />
        <button onClick={() => void exportCsv('excel-at')}>CSV Excel</button>
        <button onClick={() => void exportCsv('iso')}>CSV ISO</button>
      </div>
      {message && <p className="small notice">{message}</p>}
      <div className="table-scroll">
        <table className="grid-table" data-testid="portfolio-table">
          <thead>
            <tr>
              {head('label', t('meters'))}
              {head('customer', t('customer'))}
              {head('annualKwh', t('annualKwh'))}
              {head('peakKw', t('peak'))}
              {head('baseLoadKw', t('baseLoadP5'))}
              {head('completeness', t('completeness'))}
              {head('lastDataSec', t('latestData'))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => (
              <tr key={r.meterId}>
                <td>
                  {r.label ?? r.meteringPoint}
                  <div className="mono small muted">{r.obisCode ?? '–'}</div>
                </td>
                <td>{r.customer ?? '–'}</td>
                <td>{fmtNumber(r.annualKwh, prefs, 0)}</td>
                <td>{r.peakKw === null ? '–' : `${fmtNumber(r.peakKw, prefs, 2)} kW`}</td>
                <td>{r.baseLoadKw === null ? '–' : `${fmtNumber(r.baseLoadKw, prefs, 2)} kW`}</td>
                <td>{fmtPercent(r.completeness, prefs)}</td>
                <td>{fmtDateTime(r.lastDataSec, prefs)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2}>{t('total')}</td>
              <td data-testid="portfolio-total">{fmtNumber(total, prefs, 0)}</td>
              <td colSpan={4} />
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="modal-actions">
        <button onClick={onClose}>{t('close')}</button>
      </div>
    </Modal>
  );
}
