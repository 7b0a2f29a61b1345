/**
 * Settings: language, theme, time zone for display, number/date format (follows the language:
 * de-AT or en-GB), the data folder and its size, and the sync schedule.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import { api, unwrap } from '../bridge';
import { fmtDateTime, fmtNumber } from '../format';
import { useApp, type Theme } from '../store';

/** A fixed example instant (26 Oct 2025, 14:30 in Vienna) for the format preview. */
const EXAMPLE_SEC = 1_761_485_400;
const zones = ['Europe/Vienna', 'Europe/Berlin', 'Europe/Zurich', 'UTC'];

export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useApp((s) => s.language);
  const theme = useApp((s) => s.theme);
  const timeZone = useApp((s) => s.timeZone);
  const locale = useApp((s) => s.locale);
  const [storage, setStorage] = useState<{
    dataDir: string;
    bytes: number;
    nextSyncSec: number | null;
    syncIntervalMin: number;
    deliveryDelayDays: number;
  } | null>(null);
  useEffect(() => {
    void unwrap(api().app.storage()).then(setStorage, () => undefined);
  }, []);
  const s = useApp.getState();
  return (
    <Modal title={t('settings')} testId="settings-dialog" onClose={onClose}>
      <label>
        {t('language')}
        <select value={language} onChange={(e) => s.languageChanged(e.target.value as 'de' | 'en')}>
          <option value="de">Deutsch (de-AT)</option>
          <option value="en">English</option>
        </select>
      </label>
      <label>
        {t('theme')}
        <select value={theme} onChange={(e) => s.themeChanged(e.target.value as Theme)}>
          <option value="system">{t('theme_system')}</option>
          <option value="light">{t('theme_light')}</option>
          <option value="dark">{t('theme_dark')}</option>
        </select>
      </label>
      <label>
        {t('timeZone')}
        <select value={timeZone} onChange={(e) => s.timeZoneChanged(e.target.value)} data-testid="tz-select">
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </label>
      <p className="small muted">{t('timeZoneNote')}</p>
      <p className="small">
        {t('formatExample')}: {fmtNumber(1234.5, { locale, timeZone })} kWh ·{' '}
        {fmtDateTime(EXAMPLE_SEC, { locale, timeZone })}
      </p>
      {storage && (
        <label>
          {t('syncEvery')}
          <select
            value={storage.syncIntervalMin}
            data-testid="sync-interval"
            onChange={(e) =>
              void unwrap(
                api().settings.setSyncInterval({
                  syncIntervalMin: Number(e.target.value) as 0 | 15 | 60 | 360 | 1440,
                }),
              ).then((r) => setStorage({ ...storage, ...r }))
            }
          >
            <option value={15}>{t('every15')}</option>
            <option value={60}>{t('every60')}</option>
            <option value={360}>{t('every360')}</option>
            <option value={1440}>{t('every1440')}</option>
            <option value={0}>{t('deliveryOnly')}</option>
          </select>
        </label>
      )}
      {storage && (
        <label>
          {t('deliveryDelay')}
          <select
            value={storage.deliveryDelayDays}
            data-testid="delivery-delay"
            onChange={(e) =>
              void unwrap(
                api().settings.setDeliveryDelay({ deliveryDelayDays: Number(e.target.value) }),
              ).then((r) => setStorage({ ...storage, ...r }))
            }
          >
            {[0, 1, 2, 3, 5, 7].map((d) => (
              <option key={d} value={d}>
                {t('deliveryDelayDays', { count: d })}
              </option>
            ))}
          </select>
        </label>
      )}
      {storage && <p className="small muted">{t('deliveryDelayNote')}</p>}
      {storage && (
        <p className="small" data-testid="storage">
          {t('dataFolder')}: <span className="mono">{storage.dataDir}</span> (
          {fmtNumber(storage.bytes / 1_048_576, { locale, timeZone }, 1)} MB)
          <br />
          {t('syncSchedule')}:{' '}
          {storage.nextSyncSec ? fmtDateTime(storage.nextSyncSec, { locale, timeZone }) : '–'}
        </p>
      )}
      <div className="modal-actions">
        <button onClick={onClose}>{t('close')}</button>
      </div>
    </Modal>
  );
}
