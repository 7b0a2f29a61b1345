/**
 * Customers → sites → meters, searchable, filterable and sortable. Each meter shows its metering
 * point, label, direction, commodity, status (with what to do next), latest data, 30-day completeness
 * and a quality mini-bar. Arrow keys move through the list.
 *
 * Windowed: only the rows in view (and a screen above and below) are in the DOM, each of a fixed height
 * (ROW_PX), so typing or clearing a search over 1 000 meters touches a few dozen elements; drawing or
 * hiding all of them cost Blink ≈ 140 ms of style work per keystroke (docs/performance.md).
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView } from '../../../preload/contract';
import { useApp } from '../store';
import { fmtDateTime, fmtPercent } from '../format';
import { PORTAL_PATHS } from '../portal-paths';

function QualityBar({ q }: { q: MeterView['quality30d'] }) {
  const total = q.measured + q.estimated + q.unreliable;
  if (total === 0) return <span className="qbar qbar-empty" aria-hidden />;
  const w = (n: number) => `${(n / total) * 100}%`;
  return (
    <span className="qbar" role="img" aria-label={`${q.measured} / ${q.estimated} / ${q.unreliable}`}>
      <span className="qbar-m" style={{ width: w(q.measured) }} />
      <span className="qbar-e" style={{ width: w(q.estimated) }} />
      <span className="qbar-u" style={{ width: w(q.unreliable) }} />
    </span>
  );
}

/** Heights of a customer/site heading and of a meter row, as styles.css draws them (fixed). */
const GROUP_PX = 30;
const ROW_PX = 92;
/** Rows drawn beyond the view, above and below. */
const OVERSCAN_PX = 600;

interface ItemProps {
  m: MeterView;
  isSelected: boolean;
  isTabbable: boolean;
  line3: string;
  statusWord: string;
  statusHint: string;
  syncFailed: string;
  syncIncomplete: string;
  onSelect: (id: string) => void;
}

/** One meter of the list. Memoised: a selection re-renders the two items whose selection changed. */
const MeterItem = memo(function MeterItem(p: ItemProps) {
  const { m } = p;
  return (
    <li
      role="option"
      aria-selected={p.isSelected}
      tabIndex={p.isTabbable ? 0 : -1}
      data-meter-id={m.id}
      data-testid="meter-item"
      className={`meter-item${p.isSelected ? ' selected' : ''}`}
      onClick={() => p.onSelect(m.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          p.onSelect(m.id);
        }
      }}
    >
      <div className="meter-line1">
        <span className="meter-label" title={m.label ?? m.meteringPoint}>
          {m.label ?? m.meteringPoint}
        </span>
        <span className={`status status-${m.status}`} title={p.statusHint}>
          {p.statusWord}
        </span>
      </div>
      <div className="meter-line2 mono small">{m.meteringPoint}</div>
      <div className="meter-line3 small muted">
        {p.line3} <QualityBar q={m.quality30d} />
      </div>
      {m.status !== 'connected' && (
        <div className="small hint" title={p.statusHint}>
          {p.statusHint}
        </div>
      )}
      {m.syncError && (
        <div className="small error" data-testid="meter-sync-error" title={m.syncError}>
          {p.syncFailed}
        </div>
      )}
      {!m.syncError && m.syncWarning && (
        <div className="small warn" data-testid="meter-sync-warning" title={m.syncWarning}>
          {p.syncIncomplete}
        </div>
      )}
    </li>
  );
});

export function MeterList() {
  const { t } = useTranslation();
  // A profile without a usable token is not "syncing": say why there is nothing.
  const cannotSync = useApp((st) => {
    const p = st.profiles.find((x) => x.isActive);
    return !!p && p.kind === 'account' && (p.tokenState === 'missing' || p.tokenState === 'unreadable');
  });
  const meters = useApp((s) => s.meters);
  const isLocal = useApp((st) => st.profiles.find((x) => x.isActive)?.kind === 'local');
  const search = useApp((s) => s.search);
  const filters = useApp((s) => s.filters);
  const sort = useApp((s) => s.sort);
  const selected = useApp((s) => s.selectedMeterId);
  const locale = useApp((s) => s.locale);
  const timeZone = useApp((s) => s.timeZone);
  const { searchChanged, filterChanged, sortChanged, meterSelected } = useApp.getState();
  const listRef = useRef<HTMLUListElement>(null);
  // Each word looked up once, however many meters show it: a lookup costs ≈ 50 µs, and five per
  // meter made a list of 200 meters take ≈ 50 ms longer to draw (on every search keystroke).
  const words = useMemo(() => {
    const w = new Map<string, string>();
    for (const m of meters)
      for (const [key, fallback] of [
        [`status_${m.status}`, m.status],
        [`statusHint_${m.status}`, ''],
        [`direction_${m.energyDirection}`, m.energyDirection],
        [`commodity_${m.commodity}`, m.commodity],
      ] as const)
        if (!w.has(key)) w.set(key, t(key, { defaultValue: fallback }));
    return w;
  }, [meters, t]);
  const word = (key: string): string => words.get(key) ?? key;

  // Every meter in list order (sorting does not depend on the search).
  const ordered = useMemo(() => {
    const list = [...meters];
    const byName = (a: MeterView, b: MeterView) =>
      (a.customerName ?? '').localeCompare(b.customerName ?? '') ||
      (a.siteName ?? '').localeCompare(b.siteName ?? '') ||
      (a.label ?? '').localeCompare(b.label ?? '');
    if (sort === 'latest')
      list.sort((a, b) => (b.latestDataSec ?? 0) - (a.latestDataSec ?? 0) || byName(a, b));
    else if (sort === 'completeness')
      list.sort((a, b) => (a.completeness30d ?? -1) - (b.completeness30d ?? -1) || byName(a, b));
    else list.sort(byName);
    return list;
  }, [meters, sort]);
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return ordered.filter(
      (m) =>
        (!q ||
          [m.label, m.meteringPoint, m.customerName, m.siteName].some((x) => x?.toLowerCase().includes(q))) &&
        (!filters.status || m.status === filters.status) &&
        (!filters.direction || m.energyDirection === filters.direction) &&
        (!filters.commodity || m.commodity === filters.commodity) &&
        (!filters.customer || m.customerId === filters.customer),
    );
  }, [ordered, search, filters]);
  // Each meter's third line, formatted once per list (dates and percentages cost ≈ 20 µs each).
  const line3 = useMemo(() => {
    const out = new Map<string, string>();
    for (const m of meters)
      out.set(
        m.id,
        `${word(`direction_${m.energyDirection}`)} · ${word(`commodity_${m.commodity}`)} · ${fmtDateTime(m.latestDataSec, { locale, timeZone })} · ${fmtPercent(m.completeness30d, { locale, timeZone })}`,
      );
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `word` reads `words`
  }, [meters, words, locale, timeZone]);

  const groups = useMemo(() => {
    const out = new Map<string, { key: string; customer: string; site: string; meters: MeterView[] }>();
    for (const m of visible) {
      const key = sort === 'name' ? `${m.customerId ?? ''}|${m.siteId ?? ''}` : 'all';
      let g = out.get(key);
      if (!g)
        out.set(
          key,
          (g = {
            key,
            customer: sort === 'name' ? (m.customerName ?? '—') : '',
            site: sort === 'name' ? (m.siteName ?? '') : '',
            meters: [],
          }),
        );
      g.meters.push(m);
    }
    return [...out.values()];
  }, [visible, sort]);

  // The rows (headings and meters) with their offsets, and the window of them in view.
  const rows = useMemo(() => {
    const out: ({ kind: 'group'; g: (typeof groups)[number] } | { kind: 'meter'; m: MeterView })[] = [];
    for (const g of groups) {
      if (g.customer) out.push({ kind: 'group', g });
      for (const m of g.meters) out.push({ kind: 'meter', m });
    }
    const tops = new Array<number>(out.length + 1);
    tops[0] = 0;
    for (let i = 0; i < out.length; i++)
      tops[i + 1] = tops[i]! + (out[i]!.kind === 'group' ? GROUP_PX : ROW_PX);
    return { out, tops };
  }, [groups]);
  const [view, setView] = useState({ top: 0, height: 1200 });
  useEffect(() => {
    const nav = listRef.current?.closest('nav');
    if (!nav) return;
    const update = () => {
      const at = listRef.current ? listRef.current.offsetTop : 0;
      const next = { top: nav.scrollTop - at, height: nav.clientHeight };
      setView((v) => (v.top === next.top && v.height === next.height ? v : next));
    };
    update();
    nav.addEventListener('scroll', update, { passive: true });
    const ro = new ResizeObserver(update);
    ro.observe(nav);
    return () => {
      nav.removeEventListener('scroll', update);
      ro.disconnect();
    };
  }, []);
  const { tops } = rows;
  let first = 0;
  while (first < rows.out.length && tops[first + 1]! < view.top - OVERSCAN_PX) first++;
  let last = first;
  while (last < rows.out.length && tops[last]! < view.top + view.height + OVERSCAN_PX) last++;
  // A meter chosen with the arrow keys is scrolled into view and focused once it is drawn.
  const focusNextRef = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = focusNextRef.current;
    if (!id) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-meter-id="${id}"]`);
    if (el) {
      focusNextRef.current = null;
      el.focus();
    }
  });

  const onKey = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const idx = visible.findIndex((m) => m.id === selected);
    const next = visible[Math.max(0, Math.min(visible.length - 1, idx + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (next) {
      meterSelected(next.id);
      const nav = listRef.current?.closest('nav');
      const i = rows.out.findIndex((r) => r.kind === 'meter' && r.m.id === next.id);
      if (nav && listRef.current && i >= 0) {
        const at = listRef.current.offsetTop;
        const [top, bottom] = [tops[i]!, tops[i + 1]!];
        // Below the sticky search tools at the top, within the view at the bottom.
        const tools = listRef.current.previousElementSibling?.clientHeight ?? 0;
        if (top + at < nav.scrollTop + tools) nav.scrollTop = top + at - tools - ROW_PX;
        else if (bottom + at > nav.scrollTop + nav.clientHeight)
          nav.scrollTop = bottom + at - nav.clientHeight;
      }
      focusNextRef.current = next.id;
    }
  };
  const options = (key: 'status' | 'direction' | 'commodity', values: string[], prefix: string) => (
    <select
      aria-label={t(`filter${key[0]!.toUpperCase()}${key.slice(1)}`)}
      value={filters[key]}
      onChange={(e) => filterChanged(key, e.target.value)}
    >
      <option value="">
        {t(`filter${key[0]!.toUpperCase()}${key.slice(1)}`)}: {t('all')}
      </option>
      {values.map((v) => (
        <option key={v} value={v}>
          {t(`${prefix}_${v}`, { defaultValue: v })}
        </option>
      ))}
    </select>
  );
  const uniq = (f: (m: MeterView) => string) => [...new Set(meters.map(f))].sort();

  return (
    <nav className="meter-list" aria-label={t('meters')}>
      <div className="list-tools">
        <input
          type="search"
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(e) => searchChanged(e.target.value)}
          data-testid="meter-search"
        />
        <div className="filters">
          {options(
            'status',
            uniq((m) => m.status),
            'status',
          )}
          {options(
            'direction',
            uniq((m) => m.energyDirection),
            'direction',
          )}
          {options(
            'commodity',
            uniq((m) => m.commodity),
            'commodity',
          )}
          <select
            aria-label={t('customer')}
            value={filters.customer}
            onChange={(e) => filterChanged('customer', e.target.value)}
            data-testid="customer-filter"
          >
            <option value="">
              {t('customer')}: {t('all')}
            </option>
            {[
              ...new Map(
                meters
                  .filter((m) => m.customerId)
                  .map((m) => [m.customerId!, m.customerName ?? m.customerId!]),
              ).entries(),
            ]
              .sort((a, b) => a[1].localeCompare(b[1]))
              .map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
          </select>
          <select
            aria-label={t('sortBy')}
            value={sort}
            onChange={(e) => sortChanged(e.target.value as typeof sort)}
          >
            <option value="name">
              {t('sortBy')}: {t('sortName')}
            </option>
            <option value="latest">
              {t('sortBy')}: {t('sortLatest')}
            </option>
            <option value="completeness">
              {t('sortBy')}: {t('sortCompleteness')}
            </option>
          </select>
        </div>
        <div className="muted small" data-testid="meter-count">
          {t('metersCount', { count: visible.length })}
        </div>
      </div>
      {meters.length === 0 && isLocal ? (
        // An import workspace: no sync to wait for, an invitation to drop a file instead.
        <div className="empty" data-testid="no-meters">
          <p>{t('noMetersLocal')}</p>
          <p className="small muted">{t('noMetersLocalWhere')}</p>
          <details data-testid="portal-paths">
            <summary className="small">{t('portalPathsTitle')}</summary>
            <ul className="small">
              {PORTAL_PATHS.map((p) => (
                <li key={p.operator}>
                  <strong>{p.operator}</strong>
                  {p.portal ? ` · ${p.portal}` : ''}
                  {p.path ? `: ${p.path}` : ` – ${t('portalPathUnknown')}`}
                </li>
              ))}
            </ul>
          </details>
        </div>
      ) : meters.length === 0 ? (
        <p className="empty" data-testid="no-meters">
          {cannotSync ? t('noMetersNoToken') : t('noMeters')}
        </p>
      ) : visible.length === 0 ? (
        <p className="empty">{t('noMatch')}</p>
      ) : null}
      <ul
        ref={listRef}
        role="listbox"
        aria-label={t('meters')}
        onKeyDown={onKey}
        data-testid="meter-list"
        style={{ paddingTop: tops[first], paddingBottom: tops[rows.out.length]! - tops[last]! }}
      >
        {rows.out.slice(first, last).map((r) =>
          r.kind === 'group' ? (
            <li key={`g:${r.g.key}`} role="presentation" className="group-head">
              <strong>{r.g.customer}</strong> <span className="muted">{r.g.site}</span>
            </li>
          ) : (
            <MeterItem
              key={r.m.id}
              m={r.m}
              isSelected={r.m.id === selected}
              isTabbable={r.m.id === selected || (!selected && r.m === visible[0])}
              line3={line3.get(r.m.id) ?? ''}
              statusWord={word(`status_${r.m.status}`)}
              statusHint={word(`statusHint_${r.m.status}`)}
              syncFailed={t('meterSyncFailed')}
              syncIncomplete={t('meterSyncIncomplete')}
              onSelect={meterSelected}
            />
          ),
        )}
      </ul>
    </nav>
  );
}
