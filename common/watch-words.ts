/**
 * A watch-list finding in words (issue 45), for the app's list and the report alike: the rule's
 * sentence from the shared dictionaries (common/i18n) with its figures in the reader's formats. Each
 * side passes its own formats (the app's preferences, the report's language).
 */
import type { Say } from './i18n/words';

export interface WatchFormats {
  kw: (v: number) => string;
  kwh: (v: number) => string;
  /** A share (0.25 → "25 %"). */
  percent: (share: number) => string;
  dateTime: (sec: number) => string;
  /** A local day key (`2026-11-06`) as the reader reads days. */
  day: (key: string) => string;
  /** A plain number with the reader's decimal mark. */
  number: (v: number) => string;
}

/** The local day (`YYYY-MM-DD`) of an instant in Vienna. */
const DAY_OF = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Vienna',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dayOfSec = (sec: number) => DAY_OF.format(new Date(sec * 1000));

export function watchText(
  f: { rule: string; key: string; figures: Record<string, unknown> },
  t: Say,
  x: WatchFormats,
): string {
  const g = f.figures;
  const n = (k: string) => Number(g[k]);
  // The threshold the rule used and where it was set (findings of earlier builds: the defaults).
  const scope = ['meter', 'site', 'customer'].includes(String(g.scope))
    ? t(`watch_scope_${String(g.scope)}`)
    : '';
  const th = g.threshold as { percent?: number } | number | undefined;
  const percentOf = (fallback: number) =>
    x.percent((typeof th === 'object' && th?.percent ? th.percent : fallback) / 100);
  const steps = (g.thresholds ?? {}) as { up?: number; down?: number };
  switch (f.rule) {
    case 'peak_new':
      return t('watch_peak_new', {
        kw: x.kw(n('kw')),
        at: g.atSec ? x.dateTime(n('atSec')) : '',
        before: x.kw(n('earlierMaxKw')),
        months: g.months,
      });
    case 'base_step':
      return t(`watch_base_${f.key}`, {
        recent: x.kw(n('recentKw')),
        before: x.kw(n('beforeKw')),
        from: x.day(String(g.recentFrom)),
        ratio: x.number(n('ratio')),
        threshold: x.number(f.key === 'up' ? (steps.up ?? 1.5) : (steps.down ?? 0.67)),
        scope,
      });
    case 'peak_cap':
      return t('watch_peak_cap', {
        kw: x.kw(n('kw')),
        at: g.atSec ? x.dateTime(n('atSec')) : '',
        cap: x.kw(n('capKw')),
        scope,
      });
    case 'data_stopped':
      return t('watch_data_stopped', {
        day: x.day(String(g.lastDay)),
        days: g.days,
        threshold: g.thresholdDays ?? 3,
        scope,
      });
    case 'days_missing':
      return t('watch_days_missing', { count: n('days'), first: x.day(String(g.first)) });
    case 'feed_in_drop':
      return t('watch_feed_in_drop', {
        recent: x.number(n('recentKwh')),
        lastYear: x.number(n('lastYearKwh')),
        share: x.percent(n('ratio')),
        threshold: x.percent(typeof th === 'number' ? th : 0.7),
        scope,
      });
    case 'year_change':
      return t(`watch_year_${String(g.span)}_${n('changePercent') > 0 ? 'up' : 'down'}`, {
        kwh: x.kwh(n('kwh')),
        lastYear: x.kwh(n('lastYearKwh')),
        change: x.percent(Math.abs(n('changePercent')) / 100),
        days: g.daysCompared,
        threshold: percentOf(20),
        scope,
      });
    case 'day_revised':
      return t(`watch_day_revised_${n('changePercent') > 0 ? 'up' : 'down'}`, {
        day: x.day(String(g.day)),
        before: x.kwh(n('beforeKwh')),
        after: x.kwh(n('afterKwh')),
        change: x.percent(Math.abs(n('changePercent')) / 100),
        count: n('quarterHours'),
        // When the operator revised it (findings of earlier builds: when it was recorded).
        revised: x.day(dayOfSec(n(g.revisedSec !== undefined ? 'revisedSec' : 'recordedSec'))),
        threshold: percentOf(10),
        scope,
      });
    case 'community_g03_over_g02':
      return t('watch_community_g03_over_g02', { count: n('days'), first: x.day(String(g.first)) });
    case 'community_days':
      return t('watch_community_days', { count: n('days'), first: x.day(String(g.first)) });
    case 'community_coverage':
      return t('watch_community_coverage', {
        recent: x.percent(n('recent')),
        lastYear: x.percent(n('lastYear')),
      });
    default:
      return f.rule;
  }
}
