/**
 * One tariff's form: name, direction, commodity, then its fieldsets (energy price, base fee and fixed
 * charges, grid and levies for consumption, community, changes, VAT, validity). main validates what is
 * saved against the contract's schema and says what is wrong.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeFields, CommunityFields, FixedChargeFields, ValidityFields, VatFields } from './ChargeFields';
import { EnergyFields } from './EnergyFields';
import { Num, type Draft } from './fields';
import { GridFields } from './GridFields';

export type { Draft } from './fields';

export function TariffForm(props: {
  draft: Draft;
  series: { id: string; name: string }[];
  onSave: (d: Draft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>(props.draft);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const consumption = d.direction === 'consumption';
  return (
    <form
      className="tariff-form"
      data-testid="tariff-form"
      onSubmit={(ev) => {
        ev.preventDefault();
        props.onSave(d);
      }}
    >
      <label>
        {t('tariffs_name')}
        <input
          value={d.name}
          maxLength={80}
          required
          onChange={(ev) => set({ name: ev.target.value })}
          data-testid="tariff-name"
        />
      </label>
      <label>
        {t('tariffs_direction')}
        <select
          value={d.direction}
          onChange={(ev) => set({ direction: ev.target.value as Draft['direction'] })}
        >
          <option value="consumption">{t('direction_consumption')}</option>
          <option value="feed_in">{t('direction_feed_in')}</option>
        </select>
      </label>
      <label>
        {t('tariffs_commodity')}
        <select
          value={d.commodity ?? 'electricity'}
          onChange={(ev) => set({ commodity: ev.target.value as 'electricity' | 'gas' })}
          data-testid="tariff-commodity"
        >
          <option value="electricity">{t('commodity_electricity')}</option>
          <option value="gas">{t('commodity_gas')}</option>
        </select>
      </label>
      <EnergyFields d={d} set={set} series={props.series} />
      <Num
        label={t('tariffs_baseFee')}
        value={d.baseFeeEurPerMonth}
        onChange={(v) => set({ baseFeeEurPerMonth: v })}
      />
      <FixedChargeFields d={d} set={set} />
      {consumption && <GridFields d={d} set={set} />}
      {consumption && <CommunityFields d={d} set={set} />}
      <ChangeFields d={d} set={set} />
      <VatFields d={d} set={set} />
      <ValidityFields d={d} set={set} />
      <div className="modal-actions">
        <button type="button" onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="primary" data-testid="tariff-save">
          {t('save')}
        </button>
      </div>
    </form>
  );
}
