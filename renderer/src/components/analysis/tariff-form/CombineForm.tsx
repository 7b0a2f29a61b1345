/**
 * A combined tariff (issue 44): a name and, for each bill, a tariff of the profile or a preset — the
 * supplier's, the grid's, the levies'. Each part keeps its own validity: nothing of it is charged
 * outside, and the cost view names the quarter-hours it left out. main checks the parts and says what
 * does not fit.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tariff, TariffPart } from '../../../../../preload/cost-contract';

const ROLES = ['supplier', 'grid', 'levies'] as const;

export interface CombineDraft {
  id?: string;
  name: string;
  parts: TariffPart[];
}

export function CombineForm(props: {
  draft: CombineDraft;
  tariffs: Tariff[];
  presets: Tariff[];
  onSave: (d: CombineDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<CombineDraft>(props.draft);
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
              {stored.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('tariffs_presets')}>
              {presets.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
      ))}
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
