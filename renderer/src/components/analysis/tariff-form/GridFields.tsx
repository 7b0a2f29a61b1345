/** What a consumption tariff adds for the grid: usage price with its SNAP window, loss, power, levies. */
import { useTranslation } from 'react-i18next';
import { fmtNumber } from '../../../format';
import { usePrefs } from '../../../store';
import { Num, NumInput, patched, RemoveButton, without, type FieldsProps } from './fields';

/** The SNAP window's price: 20 % below the usage price it follows. */
const snapOf = (centsPerKwh: number | undefined) => Math.round((centsPerKwh ?? 0) * 0.8 * 100) / 100;

export function GridFields({ d, set }: FieldsProps) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  return (
    <>
      <Num
        label={t('tariffs_gridEnergy')}
        value={d.gridEnergyCentsPerKwh}
        onChange={(v) =>
          // The SNAP window follows the usage price it is 20 % below.
          set({
            gridEnergyCentsPerKwh: v,
            gridEnergyWindows: (d.gridEnergyWindows ?? []).map((w) => ({ ...w, centsPerKwh: snapOf(v) })),
          })
        }
      />
      <label className="inline small">
        <input
          type="checkbox"
          checked={(d.gridEnergyWindows ?? []).length > 0}
          onChange={(ev) =>
            set({
              gridEnergyWindows: ev.target.checked
                ? [
                    {
                      days: 'all',
                      months: [4, 5, 6, 7, 8, 9],
                      from: '10:00',
                      to: '16:00',
                      centsPerKwh: snapOf(d.gridEnergyCentsPerKwh),
                    },
                  ]
                : [],
            })
          }
          data-testid="tariff-snap"
        />{' '}
        {t('tariffs_snap', { price: fmtNumber(snapOf(d.gridEnergyCentsPerKwh), prefs, 2) })}
      </label>
      <Num
        label={t('tariffs_gridLoss')}
        value={d.gridLossCentsPerKwh}
        onChange={(v) => set({ gridLossCentsPerKwh: v })}
        testId="tariff-grid-loss"
      />
      <Num
        label={t('tariffs_gridPower')}
        value={d.gridPowerEurPerKwYear}
        onChange={(v) => set({ gridPowerEurPerKwYear: v })}
      />
      <label>
        {t('tariffs_powerBasis')}
        <select
          value={d.powerBasis ?? 'mean_monthly'}
          onChange={(ev) =>
            set({ powerBasis: ev.target.value as 'monthly_peak' | 'mean_monthly' | 'mean_top3' })
          }
        >
          <option value="mean_monthly">{t('tariffs_powerBasis_mean_monthly')}</option>
          <option value="monthly_peak">{t('tariffs_powerBasis_monthly_peak')}</option>
          <option value="mean_top3">{t('tariffs_powerBasis_mean_top3')}</option>
        </select>
      </label>
      <LevyFields d={d} set={set} />
    </>
  );
}

function LevyFields({ d, set }: FieldsProps) {
  const { t } = useTranslation();
  type L = (typeof d.levies)[number];
  const setL = (i: number, patch: Partial<L>) => set({ levies: patched(d.levies, i, patch) });
  return (
    <fieldset className="levies">
      <legend>{t('tariffs_levies')}</legend>
      {d.levies.map((l, i) => (
        <div key={i} className="row">
          <input
            value={l.name}
            placeholder={t('tariffs_levyName')}
            onChange={(ev) => setL(i, { name: ev.target.value })}
            aria-label={t('tariffs_levyName')}
          />
          <NumInput
            value={l.centsPerKwh ?? 0}
            onChange={(v) => setL(i, { centsPerKwh: v })}
            ariaLabel={t('tariffs_cents')}
          />{' '}
          ct/kWh
          <NumInput
            value={l.percent ?? 0}
            step={0.1}
            onChange={(v) => setL(i, { percent: v })}
            ariaLabel={t('tariffs_levyPercent')}
          />{' '}
          %
          <RemoveButton onClick={() => set({ levies: without(d.levies, i) })} />
        </div>
      ))}
      <button
        type="button"
        onClick={() =>
          // Empty, to be typed from the bill or the ordinance: 1,5 ct was no 2026 rate (issue 44, item 7).
          set({ levies: [...d.levies, { name: '', centsPerKwh: 0, percent: 0 }] })
        }
      >
        {t('tariffs_addLevy')}
      </button>
    </fieldset>
  );
}
