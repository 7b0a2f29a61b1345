/**
 * A combined tariff (issue 44): a name and, for each bill, a tariff of the profile or a preset — the
 * supplier's, the grid's, the levies'. Each part keeps its own validity: nothing of it is charged
 * outside, and the cost view names the quarter-hours it left out. main checks the parts and says what
 * does not fit.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView, Tariff, TariffOwner, TariffPart } from '../../../../../preload/contract';
import { billPartsOf } from '../../../../../common/tariff-scope';

const ROLES = ['supplier', 'grid', 'levies'] as const;

export interface CombineDraft {
  id?: string;
  name: string;
  parts: TariffPart[];
  /** Whose it is: the client in view by default (its customer), or no one. */
  owner?: TariffOwner | null;
}

/** The owners a meter in view offers: its customer, its site, the meter itself. */
export function ownersOf(meter: MeterView | undefined): { owner: TariffOwner; label: string }[] {
  if (!meter) return [];
  return [
    ...(meter.customerId
      ? [
          {
            owner: { kind: 'customer' as const, id: meter.customerId },
            label: meter.customerName ?? meter.customerId,
          },
        ]
      : []),
    ...(meter.siteId
      ? [{ owner: { kind: 'site' as const, id: meter.siteId }, label: meter.siteName ?? meter.siteId }]
      : []),
    { owner: { kind: 'meter' as const, id: meter.id }, label: meter.label ?? meter.meteringPoint },
  ];
}

export function CombineForm(props: {
  draft: CombineDraft;
  tariffs: Tariff[];
  presets: Tariff[];
  /** The meter in view: the combination is its client's by default. */
  meter?: MeterView;
  onSave: (d: CombineDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const owners = ownersOf(props.meter);
  const [d, setD] = useState<CombineDraft>(() => ({
    ...props.draft,
    owner: props.draft.owner !== undefined ? props.draft.owner : (owners[0]?.owner ?? null),
  }));
  const chosen = (role: TariffPart['role']) => d.parts.find((p) => p.role === role)?.tariffId ?? '';
  const choose = (role: TariffPart['role'], tariffId: string) =>
    setD((x) => ({
      ...x,
      parts: ROLES.flatMap((r) => {
        const id = r === role ? tariffId : (x.parts.find((p) => p.role === r)?.tariffId ?? '');
        return id ? [{ role: r, tariffId: id }] : [];
      }),
    }));
  // Stored tariffs first; a preset the profile does not hold yet is added when the combination is saved.
  const stored = props.tariffs.filter((x) => !x.parts && x.id !== d.id);
  const presets = props.presets.filter((p) => !stored.some((x) => x.id === p.id));
  // Each role offers the tariffs that price its bill (a supplier as a supplier, never a grid preset),
  // of the commodity and direction of the parts already chosen.
  const all = [...stored, ...presets];
  const firstChosen = all.find((x) => d.parts.some((p) => p.tariffId === x.id));
  const fits = (x: Tariff, role: TariffPart['role']) =>
    billPartsOf(x).has(role) &&
    (!firstChosen ||
      d.parts.every((p) => p.role === role) ||
      (x.direction === firstChosen.direction && x.commodity === firstChosen.commodity));
  const ownerKey = (o: TariffOwner | null | undefined) => (o ? `${o.kind}:${o.id}` : '');
  return (
    <form
      className="tariff-form"
      data-testid="combine-form"
      onSubmit={(ev) => {
        ev.preventDefault();
        props.onSave(d);
      }}
    >
      <p className="small muted">{t('combine_hint')}</p>
      <label>
        {t('tariffs_name')}
        <input
          value={d.name}
          maxLength={80}
          required
          onChange={(ev) => setD((x) => ({ ...x, name: ev.target.value }))}
          data-testid="combine-name"
        />
      </label>
      {ROLES.map((role) => (
        <label key={role}>
          {t(`combine_${role}`)}
          <select
            value={chosen(role)}
            onChange={(ev) => choose(role, ev.target.value)}
            data-testid={`combine-${role}`}
          >
            <option value="">{t('combine_none')}</option>
            <optgroup label={t('combine_stored')}>
              {stored
                .filter((x) => fits(x, role))
                .map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
            </optgroup>
            <optgroup label={t('tariffs_presets')}>
              {presets
                .filter((x) => fits(x, role))
                .map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
            </optgroup>
          </select>
        </label>
      ))}
      <label>
        {t('combine_owner')}
        <select
          value={ownerKey(d.owner)}
          onChange={(ev) =>
            setD((x) => ({
              ...x,
              owner: owners.find((o) => ownerKey(o.owner) === ev.target.value)?.owner ?? null,
            }))
          }
          data-testid="combine-owner"
        >
          {owners.map((o) => (
            <option key={ownerKey(o.owner)} value={ownerKey(o.owner)}>
              {t(`owner_${o.owner.kind}`, { name: o.label })}
            </option>
          ))}
          <option value="">{t('owner_none')}</option>
        </select>
      </label>
      <div className="modal-actions">
        <button type="button" onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="primary" disabled={d.parts.length === 0} data-testid="combine-save">
          {t('save')}
        </button>
      </div>
    </form>
  );
}
