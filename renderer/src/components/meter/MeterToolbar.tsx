/**
 * The meter's toolbar: register (G.01 first, plain-language names; never summed), range presets,
 * previous/next and a date, kWh/kW, reset zoom; and the span the range covers.
 */
import { useTranslation } from 'react-i18next';
import type { MeterView } from '../../../../preload/contract';
import { fmtFrameSpan } from '../../format';
import { registerLabel } from '../../registers';
import { useApp, usePrefs, type RangePreset } from '../../store';

const presets: RangePreset[] = ['day', 'week', 'month', 'year', 'all'];

export function MeterToolbar({ meter }: { meter: MeterView }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const register = useApp((s) => s.register);
  const preset = useApp((s) => s.preset);
  const zoomed = useApp((s) => s.zoomed);
  const range = useApp((s) => s.range);
  const unit = useApp((s) => s.unit);
  const { registerPicked, presetChosen, rangeShifted, unitToggled, dateChosen } = useApp.getState();
  const dateValue = range
    ? new Intl.DateTimeFormat('en-CA', {
        timeZone: prefs.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date((range.toSec - 1) * 1000))
    : '';
  return (
    <>
      <div className="toolbar" role="toolbar" aria-label={t('date')}>
        <label>
          <span className="sr-only">{t('register')}</span>
          <select
            value={register ?? ''}
            onChange={(e) => registerPicked(e.target.value)}
            data-testid="register-picker"
            aria-label={t('register')}
          >
            {meter.registers.map((r) => (
              <option key={r} value={r}>
                {registerLabel(r, t)}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label={t('period')}>
          {presets.map((p) => (
            <button
              key={p}
              aria-pressed={!zoomed && preset === p}
              onClick={() => presetChosen(p)}
              data-testid={`range-${p}`}
              title={t(`rangeHint_${p}`)}
            >
              {t(`range_${p}`)}
            </button>
          ))}
        </div>
        <button
          onClick={() => rangeShifted(-1)}
          aria-label={t('previous')}
          title={`${t('previous')} (Alt+←)`}
        >
          ‹
        </button>
        <input
          type="date"
          aria-label={t('date')}
          value={dateValue}
          onChange={(e) => e.target.value && dateChosen(Date.parse(`${e.target.value}T12:00:00Z`) / 1000)}
        />
        <button onClick={() => rangeShifted(1)} aria-label={t('next')} title={`${t('next')} (Alt+→)`}>
          ›
        </button>
        <button
          onClick={unitToggled}
          aria-pressed={unit === 'kW'}
          data-testid="unit-toggle"
          title={t('unitHint')}
        >
          {unit === 'kWh' ? t('unitKwh') : t('unitKw')}
        </button>
        {zoomed && (
          <button onClick={() => presetChosen(preset)} data-testid="reset-zoom" title={t('resetZoomHint')}>
            {t('resetZoom')}
          </button>
        )}
      </div>
      {range && (
        <div className="small muted" data-testid="range-label">
          {/* Whole days as dates; a zoomed span cut inside a day with its times (as its figures). */}
          {fmtFrameSpan(range.fromSec, range.toSec, prefs)}
        </div>
      )}
    </>
  );
}
