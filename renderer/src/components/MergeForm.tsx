/**
 * Merging an imported meter into another, in two steps (issue 42, item 9; issue 43, item 1): first what
 * it would do — new, equal and conflicting readings, the first conflicting quarter-hours with both
 * values — computed without writing (meters:mergePreview); then the merge, which says what it moved.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MergePreview } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDateTime, fmtQuantity } from '../format';
import { useApp, usePrefs } from '../store';
import { ErrorText } from './ErrorText';
import { Actions, type FormProps } from './MeterAdmin';

export function MergeForm({ meter, done, cancel }: FormProps) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const allMeters = useApp((s) => s.meters);
  const others = allMeters.filter((m) => m.id !== meter.id && m.energyDirection === meter.energyDirection);
  const [into, setInto] = useState(others[0]?.id ?? '');
  const [replace, setReplace] = useState(false);
  const [preview, setPreview] = useState<MergePreview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const n = (v: number) => fmtQuantity(v, 'count', prefs);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!preview) {
          // Not through `done`: that closes the form; the preview keeps it open for the decision.
          setError(null);
          unwrap(api().meters.mergePreview({ fromId: meter.id, intoId: into, replace })).then(
            setPreview,
            setError,
          );
          return;
        }
        void done(async () => {
          // Say what the merge did: the source meter is gone from the list afterwards.
          const r = await unwrap(
            api().meters.merge({
              fromId: meter.id,
              intoId: into,
              replace,
              // What the person saw: refused when the meters changed since (an import meanwhile).
              expected: {
                offered: preview.offered,
                added: preview.added,
                conflicts: preview.conflicts,
                replaced: preview.replaced,
              },
            }),
          );
          const target = others.find((m) => m.id === into);
          useApp.getState().meterNoticeShown(
            t('meterAdmin_merged', {
              from: meter.label ?? meter.meteringPoint,
              into: target?.label ?? target?.meteringPoint ?? into,
              moved: r.moved,
              kept: r.conflictsKept,
            }),
          );
          useApp.getState().meterSelected(into);
        });
      }}
    >
      {t('meterAdmin_mergeInto')}{' '}
      <select
        value={into}
        onChange={(e) => (setInto(e.target.value), setPreview(null))}
        data-testid="meter-merge-into"
      >
        {others.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label ?? m.meteringPoint}
          </option>
        ))}
      </select>{' '}
      <label className="inline">
        <input
          type="checkbox"
          checked={replace}
          onChange={(e) => (setReplace(e.target.checked), setPreview(null))}
        />{' '}
        {t('meterAdmin_mergeReplace')}
      </label>{' '}
      {preview ? (
        <div className="merge-preview" role="status" data-testid="merge-preview">
          <p>
            {t('meterAdmin_mergePreview', {
              offered: n(preview.offered),
              added: n(preview.added),
              same: n(preview.same),
              conflicts: n(preview.conflicts),
            })}{' '}
            {preview.conflicts > 0 &&
              (preview.replaced > 0
                ? t('meterAdmin_mergeReplaced', { count: preview.replaced })
                : t('meterAdmin_mergeKept'))}
          </p>
          <p className="small">{t('meterAdmin_mergeUndo')}</p>
          {preview.sample.length > 0 && (
            <ul className="small" data-testid="merge-conflicts">
              {preview.sample.map((x) => (
                <li key={`${x.obisCode}|${x.startSec}`}>
                  {fmtDateTime(x.startSec, prefs)} · {x.obisCode}:{' '}
                  {t('meterAdmin_mergeConflict', {
                    held: fmtQuantity(x.intoKwh, 'kwh', prefs),
                    offered: fmtQuantity(x.fromKwh, 'kwh', prefs),
                  })}
                </li>
              ))}
            </ul>
          )}
          <Actions cancel={cancel} testId="meter-merge-yes" />
        </div>
      ) : (
        <Actions cancel={cancel} testId="meter-merge-preview" />
      )}
      {error !== null && <ErrorText error={error} prefs={prefs} />}
    </form>
  );
}
