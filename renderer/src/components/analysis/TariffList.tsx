/**
 * The tariffs dialog's lists: the profile's tariffs (each with its parts and whose it is) and the
 * published presets with their levels.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView, Tariff, TariffOwner, TariffPresetView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { useApp } from '../../store';
import { ownersOf } from './tariff-form/CombineForm';
import { PresetLevels } from './tariff-form/PresetLevels';

/** The profile's tariffs, each with its parts and owner, to edit or remove. */
export function TariffList(props: {
  tariffs: Tariff[];
  meter?: MeterView;
  onEdit: (t: Tariff) => void;
  onRemove: (t: Tariff) => void;
}) {
  const { t } = useTranslation();
  const { meter } = props;
  return (
    <ul className="profile-list" data-testid="tariff-list">
      {props.tariffs.map((x) => (
        <li key={x.id} data-testid="tariff-row">
          <span>
            <strong>{x.name}</strong> <span className="muted small">{t(`direction_${x.direction}`)}</span>
            {x.isExample && <span className="badge"> {t('cost_example')}</span>}
            {x.parts && (
              <span className="muted small" data-testid="tariff-parts">
                {' '}
                {x.parts.map((p) => t(`combine_${p.role}`)).join(' + ')}
              </span>
            )}
            <OwnerOf tariff={x} meter={meter} />
          </span>
          <span className="row-actions">
            <button onClick={() => props.onEdit(x)}>{t('tariffs_edit')}</button>
            <button onClick={() => props.onRemove(x)}>{t('tariffs_remove')}</button>
          </span>
        </li>
      ))}
    </ul>
  );
}

type Preset = TariffPresetView;

/** The published presets (the place's suggestion first), added as a tariff of the profile, with their levels. */
export function PresetPicker(props: {
  presets: Preset[];
  preset: string;
  onPick: (id: string) => void;
  onAdd: (p: Preset) => void;
}) {
  const { t } = useTranslation();
  const { presets, preset } = props;
  return (
    <>
      <div className="row">
        <label>
          {t('tariffs_presets')}{' '}
          <select value={preset} onChange={(ev) => props.onPick(ev.target.value)} data-testid="tariff-preset">
            <option value="" />
            {presets.map((p) => (
              <option key={p.tariff.id} value={p.tariff.id} title={p.published}>
                {p.tariff.name}
              </option>
            ))}
          </select>
        </label>{' '}
        <button
          disabled={!preset}
          data-testid="tariff-preset-add"
          onClick={() => {
            const p = presets.find((x) => x.tariff.id === preset);
            if (p) props.onAdd(p);
          }}
        >
          {t('tariffs_presetAdd')}
        </button>
      </div>
      <PresetLevels preset={presets.find((x) => x.tariff.id === preset)} />
    </>
  );
}

/**
 * Whose a tariff is, and a way to give it to the client in view or to no one (issue 60): a client's
 * views and reports never show another client's tariff.
 */
function OwnerOf({ tariff, meter }: { tariff: Tariff; meter?: MeterView }) {
  const { t } = useTranslation();
  const [owner, setOwner] = useState(tariff.owner ?? null);
  const meters = useApp((s) => s.meters);
  const options = ownersOf(meter);
  const key = (o: TariffOwner | null | undefined) => (o ? `${o.kind}:${o.id}` : '');
  // The owner's name as the meter list knows it (a customer, a site, a meter of the profile).
  const nameOf = (o: TariffOwner): string => {
    const m =
      o.kind === 'meter'
        ? meters.find((x) => x.id === o.id)
        : meters.find((x) => (o.kind === 'site' ? x.siteId : x.customerId) === o.id);
    if (!m) return o.id;
    return o.kind === 'meter'
      ? (m.label ?? m.meteringPoint)
      : o.kind === 'site'
        ? (m.siteName ?? o.id)
        : (m.customerName ?? o.id);
  };
  const known = owner && !options.some((o) => key(o.owner) === key(owner));
  return (
    <select
      className="small"
      aria-label={t('combine_owner')}
      value={key(owner)}
      data-testid="tariff-owner"
      onChange={(ev) => {
        const next = options.find((o) => key(o.owner) === ev.target.value)?.owner ?? null;
        void unwrap(api().tariffs.assign({ tariffId: tariff.id, owner: next })).then((r) =>
          setOwner(r.owner ?? null),
        );
      }}
    >
      {known && owner && (
        <option value={key(owner)}>{t(`owner_${owner.kind}`, { name: nameOf(owner) })}</option>
      )}
      {options.map((o) => (
        <option key={key(o.owner)} value={key(o.owner)}>
          {t(`owner_${o.owner.kind}`, { name: o.label })}
        </option>
      ))}
      <option value="">{t('owner_none')}</option>
    </select>
  );
}
