/**
 * A community as data the person keeps: name, kind, key, prices and members (a meter of this profile,
 * its role, participation factor, static share and the days the row applies — a factor change is a new
 * row from the next day). main validates the whole community against the contract's schema and says
 * what is wrong; nothing is saved half.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Community, CommunityInput, MeterView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { usePrefs } from '../../store';
import { ErrorText } from '../ErrorText';

type Member = CommunityInput['members'][number];
const PRICES = [
  'consumerPriceCents',
  'producerPriceCents',
  'supplierPriceCents',
  'feedInPriceCents',
  'gridEnergyCents',
  'snapGridEnergyCents',
  'leviesCents',
] as const;

export function CommunityEditor(props: {
  community: Community | null;
  meters: MeterView[];
  onSaved: (c: Community) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [c, setC] = useState<CommunityInput>(
    () =>
      props.community ?? {
        id: `eeg-${Date.now().toString(36)}`,
        name: '',
        kind: 'local',
        allocation: 'dynamic',
        members: [],
      },
  );
  const [error, setError] = useState<unknown>(null);
  const settings = { ...(c.settings ?? {}) };
  const setMember = (i: number, patch: Partial<Member>) =>
    setC((x) => ({ ...x, members: x.members.map((m, k) => (k === i ? { ...m, ...patch } : m)) }));
  const electric = props.meters.filter((m) => m.commodity !== 'gas');
  return (
    <form
      className="tariff-form"
      data-testid="eeg-editor"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        unwrap(api().community.save({ community: c })).then(props.onSaved, setError);
      }}
    >
      <label>
        {t('eeg_name')}
        <input
          value={c.name}
          required
          maxLength={80}
          onChange={(e) => setC({ ...c, name: e.target.value })}
          data-testid="eeg-edit-name"
        />
      </label>
      <label>
        {t('eeg_kind')}
        <select value={c.kind} onChange={(e) => setC({ ...c, kind: e.target.value as Community['kind'] })}>
          <option value="local">{t('eeg_kind_local')}</option>
          <option value="regional">{t('eeg_kind_regional')}</option>
          <option value="beg">{t('eeg_kind_beg')}</option>
        </select>
      </label>
      <label>
        {t('eeg_keyLabel')}
        <select
          value={c.allocation}
          onChange={(e) => setC({ ...c, allocation: e.target.value as Community['allocation'] })}
        >
          <option value="dynamic">{t('eeg_key_dynamic')}</option>
          <option value="static">{t('eeg_key_static')}</option>
        </select>
      </label>
      {PRICES.map((k) => (
        <label key={k}>
          {t(`eeg_price_${k}`)}
          <input
            type="number"
            step={0.01}
            value={settings[k] ?? ''}
            onChange={(e) =>
              setC({
                ...c,
                // Empty: the default (for SNAP: none, community savings without the summer low price).
                settings: { ...settings, [k]: e.target.value === '' ? undefined : Number(e.target.value) },
              })
            }
          />
        </label>
      ))}
      <fieldset className="levies" data-testid="eeg-edit-members">
        <legend>{t('eeg_members')}</legend>
        {c.members.map((m, i) => (
          <MemberRow
            key={i}
            m={m}
            electric={electric}
            onChange={(patch) => setMember(i, patch)}
            onRemove={() => setC((x) => ({ ...x, members: x.members.filter((_, k) => k !== i) }))}
          />
        ))}
        <button
          type="button"
          disabled={electric.length === 0}
          onClick={() =>
            setC((x) => ({
              ...x,
              members: [
                ...x.members,
                {
                  meterId: electric[0]!.id,
                  role: electric[0]!.energyDirection === 'feed_in' ? 'producer' : 'consumer',
                  factorPercent: 100,
                  staticSharePercent: null,
                  validFrom: null,
                  validTo: null,
                },
              ],
            }))
          }
          data-testid="eeg-edit-add"
        >
          {t('eeg_addMemberRow')}
        </button>
        <p className="small muted">{t('eeg_membersHint')}</p>
      </fieldset>
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      <div className="modal-actions">
        <button type="button" onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="primary" data-testid="eeg-edit-save">
          {t('save')}
        </button>
      </div>
    </form>
  );
}

/** One membership row: meter, role, participation factor, static share, validity. */
function MemberRow(props: {
  m: Member;
  electric: MeterView[];
  onChange: (patch: Partial<Member>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { m, electric, onChange, onRemove } = props;
  return (
    <div className="row" data-testid="eeg-edit-member">
      <select
        value={m.meterId}
        onChange={(e) => onChange({ meterId: e.target.value })}
        aria-label={t('eeg_member')}
      >
        {electric.map((x) => (
          <option key={x.id} value={x.id}>
            {x.label ?? x.meteringPoint}
          </option>
        ))}
      </select>
      <select
        value={m.role}
        onChange={(e) => onChange({ role: e.target.value as Member['role'] })}
        aria-label={t('eeg_role')}
      >
        <option value="consumer">{t('eeg_role_consumer')}</option>
        <option value="producer">{t('eeg_role_producer')}</option>
      </select>
      <input
        type="number"
        min={0}
        max={100}
        value={m.factorPercent ?? 100}
        onChange={(e) => onChange({ factorPercent: Number(e.target.value) })}
        aria-label={t('eeg_factor')}
        title={t('eeg_factor')}
        style={{ width: '5em' }}
      />
      %
      <input
        type="number"
        min={0}
        max={100}
        value={m.staticSharePercent ?? ''}
        placeholder={t('eeg_shareEqual')}
        onChange={(e) =>
          onChange({ staticSharePercent: e.target.value === '' ? null : Number(e.target.value) })
        }
        aria-label={t('eeg_staticShare')}
        title={t('eeg_staticShare')}
        style={{ width: '6em' }}
      />
      <input
        type="date"
        value={m.validFrom ?? ''}
        onChange={(e) => onChange({ validFrom: e.target.value || null })}
        aria-label={t('eeg_from')}
      />
      <input
        type="date"
        value={m.validTo ?? ''}
        onChange={(e) => onChange({ validTo: e.target.value || null })}
        aria-label={t('eeg_to')}
      />
      <button type="button" onClick={onRemove} aria-label={t('tariffs_remove')}>
        ×
      </button>
    </div>
  );
}
