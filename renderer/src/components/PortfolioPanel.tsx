/**
 * Portfolio for consultants: one row per meter (all customers or one) with annual kWh, peak kW, base
 * load, completeness and last data — sortable and exportable to CSV.
 */
import { customerShown } from '../../../common/imported-customer';
import { WatchList } from './WatchList';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import type { PortfolioResult, PortfolioRow } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDate, fmtDateTime, fmtQuantity } from '../format';
import { registerLabel } from '../registers';
import { useApp, usePrefs } from '../store';
import { ErrorText } from './ErrorText';

type Key = 'label' | 'customer' | 'annualKwh' | 'peakKw' | 'baseLoadKw' | 'completeness' | 'lastDataSec';

/**
 * Rows mounted at first, and added per scroll: 1 000 meters' rows took ≈ 240 ms to mount and paint
 * (issue 46); the rest follow as the list is scrolled near its end, or all at once on request.
 */
const FIRST_ROWS = 100;
const MORE_ROWS = 200;

/**
 * The row after the mounted ones: more rows whenever it nears the scrolled view (an observer of its
 * own), and a button that mounts them all (for the keyboard, and to search the page).
 */
function MoreRows(p: { shown: number; count: number; onMore: () => void; onAll: () => void }) {
  const { t } = useTranslation();
  const row = useRef<HTMLTableRowElement | null>(null);
  const { onMore, shown } = p;
  useEffect(() => {
    const el = row.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), {
      root: el.closest('.table-scroll'),
      rootMargin: '400px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [onMore, shown]);
  return (
    <tr ref={row} data-testid="portfolio-more">
      <td colSpan={8}>
        <button onClick={p.onAll}>{t('portfolioShowAll', { shown: p.shown, count: p.count })}</button>
      </td>
    </tr>
  );
}

export function PortfolioPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useApp((s) => s.locale);
  const timeZone = useApp((s) => s.timeZone);
  const meters = useApp((s) => s.meters);
  const prefs = useMemo(() => ({ locale, timeZone }), [locale, timeZone]);
  const [customerId, setCustomerId] = useState<string>('');
  const [result, setResult] = useState<PortfolioResult | null>(null);
  const rows: PortfolioRow[] | null = result?.rows ?? null;
  const [sort, setSort] = useState<{ key: Key; desc: boolean }>({ key: 'annualKwh', desc: true });
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
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
      (r) => live && (setResult(r), setError(null)),
      (e: unknown) => live && setError(e),
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
  const [shown, setShown] = useState(FIRST_ROWS);
  useEffect(() => setShown(FIRST_ROWS), [customerId, sort]);
  const more = useCallback(() => setShown((n) => n + MORE_ROWS), []);
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
      setMessage(t('exported', { count: r.rows, rows: r.rows.toLocaleString(prefs.locale), path: r.path }));
      setError(null);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <Modal title={t('portfolio')} testId="portfolio" onClose={onClose} wide>
      {/* Asked for once the rows have come: both run in the one analysis thread, and the watch list's
          evaluation (2 s cold at 1 000 meters) would otherwise hold up the rows the person opened. */}
      <WatchList onOpenMeter={onClose} ready={result !== null || error !== null} />
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
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      <div className="table-scroll">
        <table className="grid-table nowrap-figures" data-testid="portfolio-table">
          <thead>
            <tr>
              {head('label', t('meters'))}
              {head('customer', t('customer'))}
              <th scope="col">{t('commodityDirection')}</th>
              {head('annualKwh', t('annualKwh'))}
              {head('peakKw', t('peak'))}
              {head('baseLoadKw', t('baseLoadP5'))}
              {head('completeness', t('completeness'))}
              {head('lastDataSec', t('latestData'))}
            </tr>
          </thead>
          <tbody>
            {sorted.slice(0, shown).map((r) => (
              <PortfolioRowView key={r.meterId} r={r} />
            ))}
            {shown < sorted.length && (
              <MoreRows
                shown={shown}
                count={sorted.length}
                onMore={more}
                onAll={() => setShown(sorted.length)}
              />
            )}
          </tbody>
          <PortfolioTotals totals={result?.totals ?? []} />
        </table>
      </div>
      <div className="modal-actions">
        <button onClick={onClose}>{t('close')}</button>
      </div>
    </Modal>
  );
}

/** One meter's row: its figures over its own span (a shorter one is said). */
function PortfolioRowView({ r }: { r: PortfolioRow }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const language = useApp((s) => s.language);
  return (
    <tr data-group={`${r.commodity}|${r.energyDirection}|${r.obisCode}`} data-kwh={r.annualKwh ?? ''}>
      <td>
        {r.label ?? r.meteringPoint}
        <div className="small muted">{r.obisCode ? registerLabel(r.obisCode, t) : '–'}</div>
      </td>
      <td>{customerShown(r.customerId, r.customer, language) ?? '–'}</td>
      <td>
        {t(`commodity_${r.commodity}`, { defaultValue: r.commodity })} ·{' '}
        {t(`direction_${r.energyDirection}`, { defaultValue: r.energyDirection })}
      </td>
      <td className="num">
        {fmtQuantity(r.annualKwh, 'kwhTotal', prefs, false)}
        {/* A row states its span when it is shorter than the 365 days (data from mid-year). */}
        {r.isPartial && r.fromSec !== null && (
          <div className="small muted" data-testid="portfolio-row-since">
            {t('portfolioSince', { date: fmtDate(r.fromSec, prefs) })}
          </div>
        )}
      </td>
      <td className="num">{fmtQuantity(r.peakKw, 'kw', prefs)}</td>
      <td className="num">{fmtQuantity(r.baseLoadKw, 'kw', prefs)}</td>
      <td className="num">{fmtQuantity(r.completeness, 'percent', prefs)}</td>
      <td className="when">{fmtDateTime(r.lastDataSec, prefs)}</td>
    </tr>
  );
}

/** The totals: per commodity, direction and register (never across them), and how many rows cover a shorter span. */
function PortfolioTotals({ totals }: { totals: PortfolioResult['totals'] }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  return (
    <tfoot data-testid="portfolio-totals">
      {totals.map((x) => (
        <tr
          key={`${x.commodity}|${x.energyDirection}|${x.obisCode}`}
          data-testid="portfolio-total"
          data-group={`${x.commodity}|${x.energyDirection}|${x.obisCode}`}
          data-kwh={x.annualKwh}
        >
          <td colSpan={3}>
            {t('totalOf', {
              what: `${t(`commodity_${x.commodity}`, { defaultValue: x.commodity })} · ${t(`direction_${x.energyDirection}`, { defaultValue: x.energyDirection })}`,
              count: x.meters,
            })}
            <div className="small muted">{registerLabel(x.obisCode, t)}</div>
            {x.partialMeters > 0 && (
              <div className="small muted" data-testid="portfolio-total-partial">
                {t('portfolioPartial', { count: x.partialMeters })}
              </div>
            )}
          </td>
          <td className="num">{fmtQuantity(x.annualKwh, 'kwhTotal', prefs, false)}</td>
          <td colSpan={4} />
        </tr>
      ))}
    </tfoot>
  );
}
