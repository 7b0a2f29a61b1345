/**
 * Customers → sites → meters, searchable, filterable and sortable. Each meter shows its metering
 * point, label, direction, commodity, status (with what to do next), latest data, 30-day completeness
 * and a quality mini-bar. Arrow keys move through the list.
 *
 * Windowed: only the rows in view (and a screen above and below) are in the DOM, each of a fixed height
 * (ROW_PX), so typing or clearing a search over 1 000 meters touches a few dozen elements; drawing or
 * hiding all of them cost Blink ≈ 140 ms of style work per keystroke (docs/performance.md).
 */
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView } from '../../../preload/contract';
import { useApp } from '../store';
import { fmtDateTime, fmtPercent } from '../format';
import { EmptyState, ListTools } from './meter-list/ListTools';
import { errorText } from './ErrorText';
import { syncNotesText } from './sync-words';
import { ROW_PX, useListWindow, useMeterRows } from './meter-list/rows';

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

interface ItemProps {
  m: MeterView;
  isSelected: boolean;
  isTabbable: boolean;
  line3: string;
  statusWord: string;
  statusHint: string;
  syncFailed: string;
  syncIncomplete: string;
  /** The sync error's or the check's words, for the tooltip (in the UI's language). */
  syncTitle: string | undefined;
  /** "2 new findings" of the watch list, or undefined (issue 45: a badge in the meter list). */
  watchWord: string | undefined;
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
        {p.watchWord && (
          <span
            className="watch-badge"
            data-testid="watch-badge"
            title={p.watchWord}
            aria-label={p.watchWord}
          >
            {m.watchUnseen}
          </span>
        )}
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
        <div className="small error" data-testid="meter-sync-error" title={p.syncTitle}>
          {p.syncFailed}
        </div>
      )}
      {!m.syncError && m.syncWarning && (
        <div className="small warn" data-testid="meter-sync-warning" title={p.syncTitle}>
          {p.syncIncomplete}
        </div>
      )}
    </li>
  );
});

export function MeterList() {
  const { t } = useTranslation();
  const meters = useApp((s) => s.meters);
  const search = useApp((s) => s.search);
  const filters = useApp((s) => s.filters);
  const sort = useApp((s) => s.sort);
  const selected = useApp((s) => s.selectedMeterId);
  const locale = useApp((s) => s.locale);
  const timeZone = useApp((s) => s.timeZone);
  const { meterSelected } = useApp.getState();
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

  const { visible, rows } = useMeterRows(meters, search, filters, sort);
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
  // The tooltips of meters whose last sync failed or found gaps (few: worded for those only).
  const syncTitles = useMemo(() => {
    const out = new Map<string, string>();
    const prefs = { locale, timeZone };
    for (const m of meters)
      if (m.syncError) out.set(m.id, errorText(m.syncError, t, prefs).text);
      else if (m.syncWarning) out.set(m.id, syncNotesText(m.syncWarning, t, prefs));
    return out;
  }, [meters, t, locale, timeZone]);

  const { first, last, tops } = useListWindow(listRef, rows.tops, rows.out.length);
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
  return (
    <nav className="meter-list" aria-label={t('meters')}>
      <ListTools visibleCount={visible.length} />
      <EmptyState visibleCount={visible.length} />
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
              syncTitle={syncTitles.get(r.m.id)}
              watchWord={r.m.watchUnseen > 0 ? t('watch_badge', { count: r.m.watchUnseen }) : undefined}
              onSelect={meterSelected}
            />
          ),
        )}
      </ul>
    </nav>
  );
}
