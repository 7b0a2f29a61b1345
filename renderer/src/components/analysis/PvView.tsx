/** PV at the meter's site: grid import and export and what they cannot show (generation is not metered). */
import { useTranslation } from 'react-i18next';
import { api } from '../../bridge';
import { fmtFrameSpan, fmtQuantity } from '../../format';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';

export function PvView({ meter, fromSec, toSec, prefs }: ViewProps) {
  const { t } = useTranslation();
  const siteId = meter.siteId;
  const { data: d, error } = useResult(
    () =>
      siteId
        ? api().analysis.pv({ siteId, fromSec, toSec })
        : Promise.resolve({ ok: true as const, data: null }),
    [siteId, fromSec, toSec],
  );
  if (!siteId) return <p className="muted">{t('pvNoSite')}</p>;
  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!d) return <p className="muted">{t('loading')}</p>;
  return (
    <>
      <dl className="figures" data-testid="pv-figures">
        {d.frame && (
          <div className="figures-frame">
            <dt>{t('frameSpan')}</dt>
            <dd data-testid="pv-frame">
              {fmtFrameSpan(d.frame.fromSec, d.frame.toSec, prefs)}
              {d.frame.clippedToData ? ` (${t('frameFromFirstReading')})` : ''}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('gridImport')}</dt>
          <dd>{fmtQuantity(d.importKwh, 'kwhTotal', prefs)}</dd>
        </div>
        <div>
          <dt>{t('gridExport')}</dt>
          <dd>{fmtQuantity(d.exportKwh, 'kwhTotal', prefs)}</dd>
        </div>
        <div>
          <dt>{t('net')}</dt>
          <dd>{fmtQuantity(d.netKwh, 'kwhTotal', prefs)}</dd>
        </div>
        <div>
          <dt>{t('exportHours')}</dt>
          <dd>{fmtQuantity(d.exportHours, 'hours', prefs)}</dd>
        </div>
      </dl>
      <p className="small">{t('pvNotDerivable')}</p>
    </>
  );
}
