/**
 * The meter's head: its name and metering point, the admin of an imported meter, the exports (CSV of
 * this register, several meters and registers, the report), the sync's error or warning, and what an
 * export did.
 */
import { syncNotesText } from '../sync-words';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { useApp, usePrefs } from '../../store';
import { ErrorText, errorText } from '../ErrorText';
import { ExportDialog } from '../ExportDialog';
import { MeterAdmin } from '../MeterAdmin';
import { ReportDialog } from '../ReportDialog';
import { ExportStatus, type ExportMessage } from './ExportStatus';

export function MeterHeader({ meter }: { meter: MeterView }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const register = useApp((s) => s.register);
  const range = useApp((s) => s.range);
  const [message, setMessage] = useState<ExportMessage | null>(null);
  const [progress, setProgress] = useState<{ rows: number; totalRows: number } | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  useEffect(() => api().on('export:progress', (p) => setProgress(p.done ? null : p)), []);
  const doExport = async (profile: 'excel-at' | 'iso') => {
    if (!range || !register) return;
    setMessage({ text: t('loading') });
    try {
      const r = await unwrap(
        api().export.csv({
          meterIds: [meter.id],
          obisCodes: [register],
          fromSec: range.fromSec,
          toSec: range.toSec,
          profile,
        }),
      );
      setMessage({
        text: t('exported', { count: r.rows, rows: r.rows.toLocaleString(prefs.locale), path: r.path }),
      });
    } catch (err) {
      setMessage({ ...errorText(err, t, prefs), error: true });
    }
  };
  return (
    <>
      <header className="detail-head">
        <div>
          <h2>{meter.label ?? meter.meteringPoint}</h2>
          <div className="mono small muted">
            {meter.meteringPoint} · {meter.customerName ?? ''} {meter.siteName ? `· ${meter.siteName}` : ''}
          </div>
          {meter.status === 'imported' && <MeterAdmin meter={meter} />}
        </div>
        <div className="export">
          <span className="small muted">{t('exportCsv')}:</span>
          <button onClick={() => void doExport('excel-at')} data-testid="export-excel">
            {t('exportExcel')}
          </button>
          <button onClick={() => void doExport('iso')} data-testid="export-iso">
            {t('exportIso')}
          </button>
          <button onClick={() => setExportOpen(true)} data-testid="export-several">
            {t('exportSeveral')}
          </button>
          <button onClick={() => setReportOpen(true)} data-testid="report-open">
            {t('report_open')}
          </button>
        </div>
      </header>
      {meter.syncError && (
        <div className="notice error" data-testid="detail-sync-error">
          {t('meterSyncFailedLong')} <ErrorText error={meter.syncError} prefs={prefs} />
        </div>
      )}
      {meter.syncWarning && (
        <p className="notice warn" role="status" data-testid="detail-sync-warning">
          {t('meterSyncCheckedLong')} {syncNotesText(meter.syncWarning, t, prefs)}
        </p>
      )}
      {progress && (
        <p className="small" role="status">
          <progress max={Math.max(1, progress.totalRows)} value={progress.rows} />{' '}
          {t('exporting', { rows: progress.rows, total: progress.totalRows })}
        </p>
      )}
      <ExportStatus message={message} testId="export-status" />
      {exportOpen && range && (
        <ExportDialog
          initialMeterIds={[meter.id]}
          initialRegisters={register ? [register] : []}
          fromSec={range.fromSec}
          toSec={range.toSec}
          onClose={() => setExportOpen(false)}
        />
      )}
      {reportOpen && <ReportDialog meter={meter} onClose={() => setReportOpen(false)} />}
    </>
  );
}
