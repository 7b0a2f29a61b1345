/**
 * Where a previewed file goes, and what the person must confirm first: the target meter (the file's own,
 * a new one, or another of the profile; the overlap's suggestion; a resolution that does not fit), and
 * magnitudes no meter of this kind delivers.
 */
import { useTranslation } from 'react-i18next';
import type { ImportPreview } from '../../../../preload/contract';
import { useApp } from '../../store';

/** Implausible magnitudes: said, and imported only once confirmed. */
export function Suspicious(props: {
  suspicious: NonNullable<ImportPreview['suspicious']>;
  confirmed: boolean;
  locked: boolean;
  onConfirm: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { suspicious } = props;
  return (
    <div className="warn" role="alert" data-testid="import-suspicious">
      <p>{t(`importNote_${suspicious.code}`, { ...suspicious.params, defaultValue: suspicious.text })}</p>
      <label className="inline">
        <input
          type="checkbox"
          checked={props.confirmed}
          disabled={props.locked}
          onChange={(e) => props.onConfirm(e.target.checked)}
          data-testid="import-confirm-suspicious"
        />{' '}
        {t('import_confirmSuspicious')}
      </label>
    </div>
  );
}

/** The target meter, the suggestion by overlap, and a resolution that does not fit the target. */
export function TargetPick(props: {
  view: ImportPreview;
  locked: boolean;
  onTarget: (meterId: string | null) => void;
}) {
  const { t } = useTranslation();
  const meters = useApp((s) => s.meters);
  const { view: v, locked } = props;
  const others = meters.filter((m) => m.id !== v.target.meterId);
  return (
    <>
      <select
        id={`target-${v.fileId}`}
        data-testid="import-target"
        value={v.target.exists ? v.target.meterId : ''}
        disabled={locked}
        onChange={(e) => props.onTarget(e.target.value || null)}
      >
        <option value={v.target.exists ? '' : ''}>
          {v.target.exists && !v.target.isServiceMeter
            ? t('import_targetSame', { label: v.target.label })
            : t('import_targetNew', { label: v.target.label })}
        </option>
        {v.target.exists && v.target.isServiceMeter && (
          <option value={v.target.meterId}>{v.target.label}</option>
        )}
        {others.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label ?? m.meteringPoint} {m.meteringPoint ? `(${m.meteringPoint})` : ''}
          </option>
        ))}
      </select>
      {v.suggestion && !locked && (
        <p className="small" data-testid="import-suggestion">
          {t('import_suggestion', { label: v.suggestion.label, count: v.suggestion.overlap })}{' '}
          <button onClick={() => props.onTarget(v.suggestion!.meterId)} data-testid="import-use-suggestion">
            {t('import_useSuggestion')}
          </button>
        </p>
      )}
      {v.intervalConflict && !locked && (
        <p className="warn small" role="alert" data-testid="import-interval-conflict">
          {t('importErr_resolution_mismatch')}
        </p>
      )}
    </>
  );
}
