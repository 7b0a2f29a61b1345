/**
 * The watch list (issue 45) at the top of the portfolio: what changed since the last look, newest
 * first — each finding with its figures, its rule's threshold, the meter (a click opens it) and
 * "Seen"; a finding stays until its condition ends (main/watch/rules.ts, docs/watch.md).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WatchFindingView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDate, fmtDateTime, fmtDayKey, fmtNumber, fmtQuantity } from '../format';
import { watchText, type WatchFormats } from '../../../common/watch-words';
import { useApp, usePrefs } from '../store';
import { ErrorText } from './ErrorText';
import { WatchThresholds } from './WatchThresholds';

/** `ready`: when to ask for the list (the portfolio's rows first, see PortfolioPanel). */
export function WatchList({ onOpenMeter, ready = true }: { onOpenMeter: () => void; ready?: boolean }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [list, setList] = useState<WatchFindingView[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const [refusal, setRefusal] = useState<unknown>(null);
  // Open by itself when something is new; after that as the person leaves it.
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    unwrap(api().watch.list({})).then(
      (l) => live && setList(l),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [version, ready]);
  const formats: WatchFormats = {
    kw: (v) => fmtQuantity(v, 'kw', prefs),
    kwh: (v) => fmtQuantity(v, 'kwhTotal', prefs),
    percent: (v) => fmtQuantity(v, 'percent', prefs),
    dateTime: (sec) => fmtDateTime(sec, prefs),
    day: (key) => fmtDayKey(key, prefs),
    number: (v) => fmtNumber(v, prefs, 2),
  };
  const words = (f: WatchFindingView): string => watchText(f, t, formats);
  // A mark refused (marked meanwhile elsewhere): said above the list, which is read again.
  const refused = (e: unknown) => {
    setRefusal(e);
    setVersion((v) => v + 1);
  };
  const seenOf = (f: WatchFindingView) => ({
    acknowledgedSec: f.acknowledgedSec,
    snoozedUntilSec: f.snoozedUntilSec,
  });
  if (error !== null) return <ErrorText error={error} prefs={prefs} />;
  if (!list) return <p className="muted small">{t('loading')}</p>;
  return (
    <details
      className="watch-list"
      open={open ?? list.some((f) => f.isNew)}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
      data-testid="watch-list"
    >
      <summary>
        {t('watch_title', { count: list.length })}
        {list.some((f) => f.isNew) && (
          <span className="badge"> {t('watch_new', { count: list.filter((f) => f.isNew).length })}</span>
        )}
      </summary>
      {refusal !== null && <ErrorText error={refusal} prefs={prefs} />}
      {list.length === 0 ? (
        <p className="small muted">{t('watch_none')}</p>
      ) : (
        <ul className="small">
          {list.map((f) => (
            <li key={f.id} data-testid="watch-finding" data-rule={f.rule} data-new={f.isNew}>
              {f.isNew && <strong>{t('watch_newMark')} </strong>}
              <button
                className="link"
                onClick={() => {
                  useApp.getState().meterSelected(f.meterId);
                  onOpenMeter();
                }}
              >
                {f.meterLabel}
              </button>{' '}
              <span className="muted">
                ({f.obisCode}, {t('watch_since', { day: fmtDate(f.firstSec, prefs) })})
              </span>
              : {words(f)}{' '}
              {f.acknowledgedSec === null && (
                <button
                  onClick={() =>
                    void unwrap(api().watch.acknowledge({ id: f.id, was: seenOf(f) })).then(() => {
                      setRefusal(null);
                      setVersion((v) => v + 1);
                      void useApp.getState().metersRequested(); // the meter list's badge
                    }, refused)
                  }
                  data-testid="watch-seen"
                >
                  {t('watch_seen')}
                </button>
              )}{' '}
              {f.snoozedUntilSec !== null && !f.isNew ? (
                <span className="small muted" data-testid="watch-snoozed">
                  {t('watch_snoozedUntil', { day: fmtDate(f.snoozedUntilSec, prefs) })}
                </span>
              ) : (
                <button
                  onClick={() =>
                    void unwrap(api().watch.snooze({ id: f.id, days: 7, was: seenOf(f) })).then(() => {
                      setRefusal(null);
                      setVersion((v) => v + 1);
                      void useApp.getState().metersRequested();
                    }, refused)
                  }
                  data-testid="watch-snooze"
                >
                  {t('watch_snooze')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="small muted">{t('watch_rules')}</p>
      <WatchThresholds onChanged={() => setVersion((v) => v + 1)} />
    </details>
  );
}
