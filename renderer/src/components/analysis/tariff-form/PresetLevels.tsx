/**
 * How sure a preset's values are (issue 62): the values not read in the legal text, each with its level
 * and the day it holds from, and how many values the reference lacks (their quarter-hours stay
 * unpriced). Shown under the preset picker for the chosen preset.
 */
import { useTranslation } from 'react-i18next';
import type { TariffPresetView } from '../../../../../preload/contract';
import { fmtDayKey, fmtNumber } from '../../../format';
import { usePrefs } from '../../../store';

export function PresetLevels({ preset }: { preset: TariffPresetView | undefined }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  if (!preset?.notLegal) return null;
  const parts = preset.notLegal.map(
    (v) =>
      `${v.part} (${t(`tariffs_level_${v.level}`)}${v.validFrom ? `, ${t('tariffs_levelFrom', { day: fmtDayKey(v.validFrom, prefs) })}` : ''})`,
  );
  return (
    <p className="small muted" data-testid="tariff-preset-levels">
      {parts.length === 0
        ? t('tariffs_presetLegal')
        : t('tariffs_presetNotLegal', { parts: [...new Set(parts)].join('; ') })}
      {preset.missing ? ` ${t('tariffs_presetMissing', { count: preset.missing })}` : ''}
      {preset.tariff.gridEnergyCentsPerKwh > 0 || preset.tariff.changes.length > 0
        ? ` ${t('tariffs_presetMetering')}`
        : ''}
      {preset.placeLevy ? (
        <span data-testid="tariff-preset-place-levy">
          {' '}
          {t('tariffs_presetPlaceLevy', {
            name: preset.placeLevy.name,
            rate:
              preset.placeLevy.percent > 0
                ? `${fmtNumber(preset.placeLevy.percent, prefs)} %`
                : `${fmtNumber(preset.placeLevy.centsPerKwh, prefs, 4)} ct/kWh`,
            level: t(`tariffs_level_${preset.placeLevy.level}`),
          })}
        </span>
      ) : null}
    </p>
  );
}
