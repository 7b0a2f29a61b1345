/**
 * Last sync, progress during a sync (meter x of y, readings), MQTT state, rate-limit quota, offline
 * state and errors with a next step; "Sync now".
 */
import { syncNotesText } from './sync-words';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { ProfileView } from '../../../preload/contract';
import { useApp, usePrefs } from '../store';
import { fmtDateTime, fmtTime } from '../format';
import { errorText } from './ErrorText';

export function StatusBar() {
  const { t } = useTranslation();
  const sync = useApp((s) => s.sync);
  const progress = useApp((s) => s.progress);
  const prefs = usePrefs();
  const { locale, timeZone } = prefs;
  const { syncRequested } = useApp.getState();
  const lastError = sync?.lastError ? errorText(sync.lastError, t, prefs) : null;
  const syncing = sync?.state === 'syncing' || progress !== null;
  const isLocal = useApp((s) => s.profiles.find((p) => p.isActive)?.kind === 'local');
  const team = useApp((s) => s.profiles.find((x) => x.isActive && x.kind === 'team') ?? null);
  if (team) return <TeamStatus p={team} />;
  if (isLocal)
    return (
      <footer className="status-bar" role="status" data-testid="status-bar" data-sync-state="local">
        <span>{t('localProfileStatus')}</span>
      </footer>
    );
  return (
    <footer
      className="status-bar"
      role="status"
      aria-live="polite"
      data-testid="status-bar"
      data-sync-state={sync?.state ?? 'unknown'}
    >
      <button onClick={() => void syncRequested()} disabled={syncing} data-testid="sync-now">
        {t('syncNow')}
      </button>
      {progress ? (
        <span className="progress">
          <progress max={Math.max(1, progress.meterCount)} value={progress.meterIndex} />{' '}
          {t('syncing', {
            index: Math.min(progress.meterIndex + 1, progress.meterCount),
            count: progress.meterCount,
            readings: progress.readings.toLocaleString(locale),
          })}
        </span>
      ) : (
        <span>
          {sync?.lastSyncSec
            ? t('lastSync', { time: fmtDateTime(sync.lastSyncSec, { locale, timeZone }) })
            : t('neverSynced')}
        </span>
      )}
      {sync?.state === 'offline' && <span className="warn">{t('offline')}</span>}
      {lastError && sync?.state !== 'syncing' && (
        <span
          className="error"
          title={lastError.details ?? undefined}
          data-testid="sync-error"
          data-code={sync?.lastError?.code}
        >
          {lastError.text}
        </span>
      )}
      {sync && sync.state !== 'syncing' && sync.warnings.length > 0 && (
        <span
          className="warn"
          data-testid="sync-warnings"
          title={syncNotesText(
            sync.warnings.map((w) => w.note),
            t,
            prefs,
          )}
        >
          {t('syncWarnings', { count: new Set(sync.warnings.map((w) => w.meterId)).size })}
        </span>
      )}
      <span className="spacer" />
      {sync?.rateLimit && (
        <span className="muted" data-testid="quota">
          {t('rateLimit', {
            remaining: sync.rateLimit.remaining,
            limit: sync.rateLimit.limit,
            time: sync.rateLimit.resetSec ? fmtTime(sync.rateLimit.resetSec, prefs) : '–',
          })}
        </span>
      )}
      <span className="muted">{t(`mqtt_${sync?.mqtt ?? 'off'}`)}</span>
    </footer>
  );
}

/**
 * A team profile's status: the copy the app reads and since when, why no newer one could be taken, and
 * — when the team's server said it holds newer readings (LISTEN/NOTIFY) — a button that takes a new copy.
 */
function TeamStatus({ p }: { p: ProfileView }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const s = p.teamStore;
  // A Reload reads what changed since the copy (seconds); with no usable copy the whole store (longer):
  // said while it runs, its failure shown where the person clicked.
  const [reloading, setReloading] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const reload = async (fresh: boolean) => {
    setReloading(true);
    setFailed(null);
    try {
      await useApp.getState().profileSwitched(p.id, fresh);
    } catch (err) {
      setFailed(err);
    } finally {
      setReloading(false);
    }
  };
  return (
    <footer className="status-bar" role="status" data-testid="status-bar" data-sync-state="team">
      <span data-testid="team-status">
        {s?.copiedSec == null
          ? t('teamCopyNotYet')
          : t('teamReadOnly', { time: fmtDateTime(s.copiedSec, prefs) })}
      </span>
      {s?.problem && <span className="warn">{errorText(s.problem, t, prefs).text}</span>}
      {s?.refreshing && <span className="muted">{t('teamRefreshing')}</span>}
      {reloading && (
        <span className="muted" data-testid="team-reloading">
          {t('teamReloading')}
        </span>
      )}
      {failed !== null && <span className="warn">{errorText(failed, t, prefs).text}</span>}
      {s?.changedSec != null ? (
        <>
          <span className="warn" data-testid="team-changed">
            {t('teamChanged', { count: s.changedMeters, time: fmtTime(s.changedSec, prefs) })}
          </span>
          <button onClick={() => void reload(true)} disabled={reloading} data-testid="team-changed-reload">
            {t('teamReload')}
          </button>
        </>
      ) : (
        s?.newerCopySec != null && (
          <>
            <span data-testid="team-newer">
              {t('teamNewerCopy', { time: fmtTime(s.newerCopySec, prefs) })}
            </span>
            <button onClick={() => void reload(false)} disabled={reloading} data-testid="team-newer-open">
              {t('teamOpenNewer')}
            </button>
          </>
        )
      )}
    </footer>
  );
}
