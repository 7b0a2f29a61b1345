/**
 * The app's subscriptions to main: the first load (profiles, meters and sync status at once), sync
 * progress and status, readings changed (bursts coalesced into one refresh), profiles changed, the
 * watch list changed (the meter list's badges), the menu's import command; and the keyboard shortcuts (Ctrl+I, Alt+←/→).
 */
import { useEffect } from 'react';
import { api, unwrap } from '../bridge';
import { useApp } from '../store';

export function useMainEvents(setFatal: (message: string) => void, openImport: () => void): void {
  useEffect(() => {
    const s = useApp.getState();
    let bridge;
    try {
      bridge = api();
    } catch (err) {
      setFatal((err as Error).message);
      return;
    }
    void (async () => {
      try {
        // At once, not one after the other: the list is ready when the slowest answer is.
        const [profileList, , status] = await Promise.all([
          unwrap(bridge.profiles.list()),
          s.metersRequested(),
          unwrap(bridge.sync.status()),
        ]);
        s.profilesLoaded(profileList);
        s.syncStatusReceived(status);
        document.body.dataset.ready = 'true';
      } catch (err) {
        setFatal((err as Error).message);
      }
    })();
    let refresh: ReturnType<typeof setTimeout> | null = null;
    const offs = [
      bridge.on('sync:progress', (p) => {
        useApp.getState().syncProgressed(p);
        if (p.done) void unwrap(bridge.sync.status()).then(useApp.getState().syncStatusReceived);
      }),
      bridge.on(
        'sync:statusChanged',
        () => void unwrap(bridge.sync.status()).then(useApp.getState().syncStatusReceived),
      ),
      bridge.on('readings:changed', (e) => {
        // Coalesce bursts of page events into one refresh.
        if (refresh) return;
        refresh = setTimeout(() => {
          refresh = null;
          const st = useApp.getState();
          st.readingsChanged();
          void st.metersRequested().then(() => {
            if (st.selectedMeterId && e.meterIds.includes(st.selectedMeterId))
              void useApp.getState().seriesRequested();
          });
        }, 500);
      }),
      bridge.on(
        'profiles:changed',
        () => void unwrap(bridge.profiles.list()).then(useApp.getState().profilesLoaded),
      ),
      // A team's server holds newer readings than the copy: the status bar offers a new one.
      bridge.on(
        'team:changed',
        () => void unwrap(bridge.profiles.list()).then(useApp.getState().profilesLoaded),
      ),
      bridge.on('app:command', (c) => c.command === 'import' && openImport()),
      // The watch list found something after a write: the meter list's badges follow.
      bridge.on('watch:changed', () => void useApp.getState().metersRequested()),
    ];
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'i') {
        e.preventDefault();
        openImport();
      }
      if (e.altKey && e.key === 'ArrowLeft') useApp.getState().rangeShifted(-1);
      if (e.altKey && e.key === 'ArrowRight') useApp.getState().rangeShifted(1);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      offs.forEach((off) => off());
      window.removeEventListener('keydown', onKey);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribed once, for the app's life
  }, []);
}
