/**
 * Says at start when the data folder is on a network share or in a folder a sync client copies
 * (main/profiles/place.ts): SQLite is not safe there. What to do comes with it; it can be closed.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../../preload/contract';
import { api, unwrap } from '../bridge';

export function PlaceNotice() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<AppInfo | null>(null);
  useEffect(() => {
    void unwrap(api().app.info()).then(setInfo, () => undefined);
  }, []);
  if (!info || info.place.kind === 'local') return null;
  return (
    <div className="update-notice" role="alert" data-testid="place-notice" data-place={info.place.kind}>
      {t(info.place.kind === 'network' ? 'placeNetwork' : 'placeSynced', {
        dir: info.dataDir,
        name: info.place.name,
      })}{' '}
      <button onClick={() => setInfo(null)} aria-label={t('close')}>
        ×
      </button>
    </div>
  );
}
