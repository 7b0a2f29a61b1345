/**
 * An imported meter is the person's own (issue 31): rename it, put it at a site (a new one, with a new
 * customer, without an account), merge it into another meter (register by register; quarter-hours the
 * other holds with other values are kept unless chosen otherwise), or delete it with all its readings —
 * after asking.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { useApp, usePrefs } from '../store';
import { ErrorText } from './ErrorText';
import { MergeForm } from './MergeForm';
import { PlaceForm } from './PlaceForm';
import { SiteForm } from './SiteForm';

type Mode = 'none' | 'rename' | 'site' | 'place' | 'merge' | 'delete';

/** What each form gets: the meter, the action (reloads the list when it succeeds) and cancel. */
export interface FormProps {
  meter: MeterView;
  done: (f: () => Promise<unknown>) => Promise<void>;
  cancel: () => void;
}

export function MeterAdmin({ meter }: { meter: MeterView }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [mode, setMode] = useState<Mode>('none');
  const hasOthers = useApp((s) =>
    s.meters.some((m) => m.id !== meter.id && m.energyDirection === meter.energyDirection),
  );
  const [error, setError] = useState<unknown>(null);
  const done = async (f: () => Promise<unknown>) => {
    setError(null);
    try {
      await f();
      setMode('none');
      await useApp.getState().metersRequested();
    } catch (e) {
      setError(e);
    }
  };
  const form = { meter, done, cancel: () => setMode('none') };
  return (
    <div className="meter-admin small" data-testid="meter-admin">
      {mode === 'none' && (
        <>
          <button onClick={() => setMode('rename')} data-testid="meter-rename">
            {t('meterAdmin_rename')}
          </button>{' '}
          <button onClick={() => setMode('site')} data-testid="meter-site">
            {t('meterAdmin_site')}
          </button>{' '}
          {[meter.siteId, meter.customerId].some((x) => x?.startsWith('local-')) && (
            <>
              <button onClick={() => setMode('place')} data-testid="meter-place">
                {t('place_edit')}
              </button>{' '}
            </>
          )}
          {hasOthers && (
            <>
              <button onClick={() => setMode('merge')} data-testid="meter-merge">
                {t('meterAdmin_merge')}
              </button>{' '}
            </>
          )}
          <button onClick={() => setMode('delete')} data-testid="meter-delete">
            {t('meterAdmin_delete')}
          </button>
        </>
      )}
      {mode === 'rename' && <RenameForm {...form} />}
      {mode === 'site' && <SiteForm {...form} />}
      {mode === 'place' && <PlaceForm {...form} />}
      {mode === 'merge' && <MergeForm {...form} />}
      {mode === 'delete' && (
        <p role="alert">
          {t('meterAdmin_deleteAsk', { name: meter.label ?? meter.meteringPoint })}{' '}
          <button
            className="primary"
            onClick={() => void done(() => unwrap(api().meters.delete({ meterId: meter.id, confirm: true })))}
            data-testid="meter-delete-yes"
          >
            {t('meterAdmin_deleteYes')}
          </button>{' '}
          <button onClick={() => setMode('none')}>{t('meterAdmin_cancel')}</button>
        </p>
      )}
      {error !== null && <ErrorText error={error} prefs={prefs} />}
    </div>
  );
}

export function Actions({
  cancel,
  disabled,
  testId,
}: {
  cancel: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="submit" className="primary" disabled={disabled} data-testid={testId}>
        {testId === 'meter-merge-yes'
          ? t('meterAdmin_mergeYes')
          : testId === 'meter-merge-preview'
            ? t('meterAdmin_mergeShow')
            : t('meterAdmin_save')}
      </button>{' '}
      <button type="button" onClick={cancel}>
        {t('meterAdmin_cancel')}
      </button>
    </>
  );
}

function RenameForm({ meter, done, cancel }: FormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(meter.label ?? '');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void done(() => unwrap(api().meters.rename({ meterId: meter.id, label: name })));
      }}
    >
      <input
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-label={t('meterAdmin_name')}
        data-testid="meter-rename-input"
      />{' '}
      <Actions cancel={cancel} />
    </form>
  );
}
