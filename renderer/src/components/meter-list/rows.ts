/**
 * The meter list's rows: every meter in list order (sorting does not depend on the search), those the
 * search and filters leave, grouped by customer and site, each row with its fixed offset; and the
 * window of rows in view (with OVERSCAN_PX above and below), from the list's scrolling parent.
 */
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { MeterView } from '../../../../preload/contract';
import type { useApp } from '../../store';

type State = ReturnType<typeof useApp.getState>;

/** Heights of a customer/site heading and of a meter row, as styles.css draws them (fixed). */
export const GROUP_PX = 30;
export const ROW_PX = 92;
/** Rows drawn beyond the view, above and below. */
const OVERSCAN_PX = 600;

export type Row =
  | { kind: 'group'; g: { key: string; customer: string; site: string; meters: MeterView[] } }
  | { kind: 'meter'; m: MeterView };

export function useMeterRows(
  meters: MeterView[],
  search: string,
  filters: State['filters'],
  sort: State['sort'],
) {
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
  return { visible, rows };
}

export function useListWindow(listRef: RefObject<HTMLUListElement | null>, tops: number[], count: number) {
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
  }, [listRef]);
  let first = 0;
  while (first < count && tops[first + 1]! < view.top - OVERSCAN_PX) first++;
  let last = first;
  while (last < count && tops[last]! < view.top + view.height + OVERSCAN_PX) last++;
  return { first, last, tops };
}
