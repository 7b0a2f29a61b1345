/**
 * The renderer's state: one zustand store built from slices. SQLite in main is the source of truth;
 * the store holds view state and query results. Actions are named as events (what happened), not
 * setters. Data comes only through the contract (bridge.ts).
 */
import { useMemo } from 'react';
import { create, type StateCreator } from 'zustand';
import type { AnalysisView } from '../components/analysis/views';
import type { EventPayload, MeterView, ProfileView, SeriesView, SyncStatus } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { addLocalDays, localDateStart, localMidnight, localYmd } from '../format';
import { customerShown } from '../../../common/imported-customer';

/** The local customer of imported files (main/import/into-store.ts), named in the UI's language. */
function named(meters: MeterView[], language: 'de' | 'en'): MeterView[] {
  return meters.map((m) => ({ ...m, customerName: customerShown(m.customerId, m.customerName, language) }));
}

export type RangePreset = 'day' | 'week' | 'month' | 'year' | 'all';
export type Theme = 'system' | 'light' | 'dark';

interface ProfilesSlice {
  profiles: ProfileView[];
  profilesLoaded: (profiles: ProfileView[]) => void;
  /** `fresh`: a team profile opens on a new copy of its store (Reload), not its last one. */
  profileSwitched: (profileId: string, fresh?: boolean) => Promise<void>;
}

interface MetersSlice {
  meters: MeterView[];
  metersError: string | null;
  /** What a change to the meters did, in words, until the person closes it (a merge's counts). */
  meterNotice: string | null;
  meterNoticeShown: (text: string | null) => void;
  search: string;
  filters: { status: string; direction: string; commodity: string; customer: string };
  sort: 'name' | 'latest' | 'completeness';
  metersRequested: () => Promise<void>;
  searchChanged: (search: string) => void;
  filterChanged: (key: 'status' | 'direction' | 'commodity' | 'customer', value: string) => void;
  sortChanged: (sort: 'name' | 'latest' | 'completeness') => void;
}

interface ViewSlice {
  selectedMeterId: string | null;
  register: string | null;
  preset: RangePreset;
  /** The range was dragged on the chart: no preset button is pressed until one sets the range again. */
  zoomed: boolean;
  range: { fromSec: number; toSec: number } | null;
  unit: 'kWh' | 'kW';
  series: SeriesView | null;
  /** The last series request's error (a ContractCallError, worded by ErrorText), or null. */
  seriesError: unknown;
  /** Bumped whenever main reports changed readings, so derived views refresh. */
  dataVersion: number;
  /**
   * The analysis sub-view the person chose (issue 64): kept across the Lastgang tab and a change of
   * meter; a meter that does not offer it (battery on gas) shows the first view and keeps the choice.
   */
  analysisView: AnalysisView;
  analysisViewChosen: (view: AnalysisView) => void;
  readingsChanged: () => void;
  meterSelected: (meterId: string) => void;
  registerPicked: (register: string) => void;
  presetChosen: (preset: RangePreset) => void;
  rangeShifted: (direction: -1 | 1) => void;
  dateChosen: (sec: number) => void;
  rangeZoomed: (fromSec: number, toSec: number) => void;
  peakJumped: (startSec: number) => void;
  unitToggled: () => void;
  seriesRequested: () => Promise<void>;
}

interface SyncSlice {
  sync: SyncStatus | null;
  progress: EventPayload<'sync:progress'> | null;
  syncStatusReceived: (s: SyncStatus) => void;
  syncProgressed: (p: EventPayload<'sync:progress'>) => void;
  syncRequested: () => Promise<void>;
}

interface PrefsSlice {
  language: 'de' | 'en';
  theme: Theme;
  timeZone: string;
  locale: string;
  languageChanged: (language: 'de' | 'en') => void;
  themeChanged: (theme: Theme) => void;
  timeZoneChanged: (timeZone: string) => void;
}

export type AppState = ProfilesSlice & MetersSlice & ViewSlice & SyncSlice & PrefsSlice;

const prefsKey = 'meterdesk.prefs';
const savedPrefs = (() => {
  try {
    return JSON.parse(localStorage.getItem(prefsKey) ?? '{}') as Partial<
      Pick<PrefsSlice, 'language' | 'theme' | 'timeZone'>
    >;
  } catch {
    return {};
  }
})();
const initialLanguage: 'de' | 'en' =
  savedPrefs.language ?? (navigator.language.startsWith('de') ? 'de' : 'en');
const savePrefs = (s: AppState) =>
  localStorage.setItem(
    prefsKey,
    JSON.stringify({ language: s.language, theme: s.theme, timeZone: s.timeZone }),
  );

export function rangeFor(
  preset: RangePreset,
  anchorSec: number,
  timeZone: string,
  earliestSec?: number,
): { fromSec: number; toSec: number } {
  const end = localMidnight(anchorSec, timeZone);
  switch (preset) {
    case 'day':
      return { fromSec: end, toSec: addLocalDays(end, 1, timeZone) };
    case 'week':
      return { fromSec: addLocalDays(end, -6, timeZone), toSec: addLocalDays(end, 1, timeZone) };
    case 'month': {
      // The calendar month (grid fees are billed per calendar month), not the last 30 days.
      const { y, m } = localYmd(anchorSec, timeZone);
      return { fromSec: localDateStart(y, m, 1, timeZone), toSec: localDateStart(y, m + 1, 1, timeZone) };
    }
    case 'year': {
      const { y } = localYmd(anchorSec, timeZone);
      return { fromSec: localDateStart(y, 1, 1, timeZone), toSec: localDateStart(y + 1, 1, 1, timeZone) };
    }
    case 'all':
      return {
        fromSec: earliestSec ?? addLocalDays(end, -3 * 365, timeZone),
        toSec: addLocalDays(end, 1, timeZone),
      };
  }
}

const profilesSlice: StateCreator<AppState, [], [], ProfilesSlice> = (set, get) => ({
  profiles: [],
  profilesLoaded: (profiles) => set({ profiles }),
  profileSwitched: async (profileId, fresh) => {
    await unwrap(api().profiles.switch({ profileId, ...(fresh ? { fresh } : {}) }));
    // A notice about a meter of the other profile (a merge, a place) does not follow to this one.
    set({ selectedMeterId: null, series: null, meters: [], meterNotice: null });
    get().profilesLoaded(await unwrap(api().profiles.list()));
    await get().metersRequested();
  },
});

const metersSlice: StateCreator<AppState, [], [], MetersSlice> = (set, get) => ({
  meters: [],
  metersError: null,
  meterNotice: null,
  meterNoticeShown: (meterNotice) => set({ meterNotice }),
  search: '',
  filters: { status: '', direction: '', commodity: '', customer: '' },
  sort: 'name',
  metersRequested: async () => {
    try {
      set({ meters: named(await unwrap(api().meters.list()), get().language), metersError: null });
    } catch (err) {
      set({ metersError: (err as Error).message });
    }
  },
  searchChanged: (search) => set({ search }),
  filterChanged: (key, value) => set((s) => ({ filters: { ...s.filters, [key]: value } })),
  sortChanged: (sort) => set({ sort }),
});

const viewSlice: StateCreator<AppState, [], [], ViewSlice> = (set, get) => ({
  selectedMeterId: null,
  register: null,
  preset: 'week',
  zoomed: false,
  range: null,
  unit: 'kWh',
  series: null,
  seriesError: null,
  dataVersion: 0,
  analysisView: 'peaks',
  analysisViewChosen: (analysisView) => set({ analysisView }),
  readingsChanged: () => set((s) => ({ dataVersion: s.dataVersion + 1 })),
  meterSelected: (meterId) => {
    const meter = get().meters.find((m) => m.id === meterId);
    const register = meter?.registers.find((r) => r.endsWith('G.01')) ?? meter?.registers[0] ?? null;
    const anchor = (meter?.latestDataSec ?? Math.floor(Date.now() / 1000)) - 1;
    set({
      selectedMeterId: meterId,
      register,
      range: rangeFor(get().preset, anchor, get().timeZone),
      zoomed: false,
      series: null,
    });
    void get().seriesRequested();
  },
  registerPicked: (register) => {
    set({ register });
    void get().seriesRequested();
  },
  presetChosen: (preset) => {
    const meter = get().meters.find((m) => m.id === get().selectedMeterId);
    const anchor = (meter?.latestDataSec ?? Math.floor(Date.now() / 1000)) - 1;
    set({
      preset,
      zoomed: false,
      range: rangeFor(preset, anchor, get().timeZone, meter?.earliestDataSec ?? undefined),
    });
    void get().seriesRequested();
  },
  rangeShifted: (direction) => {
    const r = get().range;
    if (!r) return;
    const { preset, zoomed } = get();
    if (!zoomed && (preset === 'month' || preset === 'year')) {
      // A calendar month or year before or after, whatever its length.
      const anchor = direction < 0 ? r.fromSec - 3600 : r.toSec + 3600;
      set({ range: rangeFor(preset, anchor, get().timeZone) });
      void get().seriesRequested();
      return;
    }
    const span = r.toSec - r.fromSec;
    const tz = get().timeZone;
    const from = localMidnight(r.fromSec + direction * span + 6 * 3600, tz);
    const to = localMidnight(r.toSec + direction * span + 6 * 3600, tz);
    set({ range: { fromSec: from, toSec: to } });
    void get().seriesRequested();
  },
  dateChosen: (sec) => {
    set({
      zoomed: false,
      range: rangeFor(get().preset === 'all' ? 'year' : get().preset, sec, get().timeZone),
    });
    void get().seriesRequested();
  },
  rangeZoomed: (fromSec, toSec) => {
    if (toSec - fromSec < 3600) return;
    set({
      zoomed: true,
      range: { fromSec: Math.floor(fromSec / 900) * 900, toSec: Math.ceil(toSec / 900) * 900 },
    });
    void get().seriesRequested();
  },
  peakJumped: (startSec) => {
    set({ preset: 'day', zoomed: false, range: rangeFor('day', startSec, get().timeZone) });
    void get().seriesRequested();
  },
  unitToggled: () => set((s) => ({ unit: s.unit === 'kWh' ? 'kW' : 'kWh' })),
  seriesRequested: async () => {
    const { selectedMeterId, register, range } = get();
    if (!selectedMeterId || !register || !range) return;
    try {
      // Quarter-hours up to ~2 months; beyond that, per-day aggregates from main.
      const series = await unwrap(
        api().readings.series({
          meterId: selectedMeterId,
          obisCode: register,
          fromSec: range.fromSec,
          toSec: range.toSec,
          maxPoints: 6000,
        }),
      );
      if (get().selectedMeterId === selectedMeterId && get().register === register)
        set({ series, seriesError: null });
    } catch (err) {
      set({ seriesError: err });
    }
  },
});

const syncSlice: StateCreator<AppState, [], [], SyncSlice> = (set) => ({
  sync: null,
  progress: null,
  syncStatusReceived: (sync) => set({ sync }),
  syncProgressed: (progress) => set({ progress: progress.done ? null : progress }),
  syncRequested: async () => {
    await unwrap(api().sync.now());
    set({ sync: await unwrap(api().sync.status()) });
  },
});

/**
 * The theme is applied to the document before React renders with it, so components that read the
 * stylesheet's colours while rendering (the chart's canvas) see the new theme, not the previous one.
 */
function applyTheme(theme: Theme): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}
applyTheme(savedPrefs.theme ?? 'system');

const prefsSlice: StateCreator<AppState, [], [], PrefsSlice> = (set, get) => ({
  language: initialLanguage,
  theme: savedPrefs.theme ?? 'system',
  timeZone: savedPrefs.timeZone ?? 'Europe/Vienna',
  locale: initialLanguage === 'de' ? 'de-AT' : 'en-GB',
  languageChanged: (language) => {
    set({ language, locale: language === 'de' ? 'de-AT' : 'en-GB', meters: named(get().meters, language) });
    savePrefs(get());
  },
  themeChanged: (theme) => {
    applyTheme(theme);
    set({ theme });
    savePrefs(get());
  },
  timeZoneChanged: (timeZone) => {
    set({ timeZone });
    savePrefs(get());
  },
});

export const useApp = create<AppState>()((...a) => ({
  ...profilesSlice(...a),
  ...metersSlice(...a),
  ...viewSlice(...a),
  ...syncSlice(...a),
  ...prefsSlice(...a),
}));

/** Locale and display time zone as one stable object, for the formatters. */
export function usePrefs(): { locale: string; timeZone: string } {
  const locale = useApp((s) => s.locale);
  const timeZone = useApp((s) => s.timeZone);
  return useMemo(() => ({ locale, timeZone }), [locale, timeZone]);
}
