/**
 * The rest of a tariff: fixed charges, an energy community's price, price changes on a date, VAT and
 * how prices were entered (net or gross), and the validity.
 */
import { useTranslation } from 'react-i18next';
import { fmtNumber } from '../../../format';
import { usePrefs } from '../../../store';
import { Num, NumInput, OptionalNumInput, patched, RemoveButton, without, type FieldsProps } from './fields';

export function FixedChargeFields({ d, set }: FieldsProps) {
  const { t } = useTranslation();
  const list = d.fixedCharges ?? [];
  type C = (typeof list)[number];
  const setC = (i: number, patch: Partial<C>) => set({ fixedCharges: patched(list, i, patch) });
  return (
    <fieldset className="levies" data-testid="tariff-fixed-charges">
      <legend>{t('tariffs_fixedCharges')}</legend>
      {/* The metering fee is the operator's, in no preset; its legal maximum is not checked (issue 62). */}
      <p className="small muted" data-testid="tariff-metering-hint">
        {t('tariffs_presetMetering')}
      </p>
      {list.map((c, i) => (
        <div key={i} className="row">
          <input
            value={c.name}
            placeholder={t('tariffs_fixedName')}
            onChange={(ev) => setC(i, { name: ev.target.value })}
            aria-label={t('tariffs_fixedName')}
          />
          <NumInput value={c.eur} onChange={(v) => setC(i, { eur: v })} ariaLabel="€" /> €
          <select value={c.per} onChange={(ev) => setC(i, { per: ev.target.value as 'month' | 'year' })}>
            <option value="month">{t('tariffs_perMonth')}</option>
            <option value="year">{t('tariffs_perYear')}</option>
          </select>
          <select
            value={c.kind ?? 'supplier'}
            onChange={(ev) => setC(i, { kind: ev.target.value as 'supplier' | 'grid' | 'levy' })}
            aria-label={t('tariffs_fixedKind')}
            data-testid="tariff-fixed-kind"
          >
            <option value="supplier">{t('tariffs_fixedKind_supplier')}</option>
            <option value="grid">{t('tariffs_fixedKind_grid')}</option>
            <option value="levy">{t('tariffs_fixedKind_levy')}</option>
          </select>
          <RemoveButton onClick={() => set({ fixedCharges: without(list, i) })} />
        </div>
      ))}
      <button
        type="button"
        onClick={() =>
          set({ fixedCharges: [...list, { name: 'Messentgelt', eur: 0, per: 'month', kind: 'grid' }] })
        }
        data-testid="tariff-add-fixed"
      >
        {t('tariffs_addFixed')}
      </button>
    </fieldset>
  );
}

export function CommunityFields({ d, set }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('tariffs_community')}
        <select
          value={d.community?.kind ?? ''}
          onChange={(ev) => {
            const kind = ev.target.value as 'local' | 'regional' | 'beg' | '';
            set({ community: kind ? { kind, centsPerKwh: d.community?.centsPerKwh ?? 12 } : undefined });
          }}
          data-testid="tariff-community"
        >
          <option value="">{t('tariffs_communityNone')}</option>
          <option value="local">{t('tariffs_community_local')}</option>
          <option value="regional">{t('tariffs_community_regional')}</option>
          <option value="beg">{t('tariffs_community_beg')}</option>
        </select>
      </label>
      {d.community && (
        <Num
          label={t('tariffs_communityPrice')}
          value={d.community.centsPerKwh}
          onChange={(v) => set({ community: { ...d.community!, centsPerKwh: v } })}
          testId="tariff-community-price"
        />
      )}
    </>
  );
}

export function ChangeFields({ d, set }: FieldsProps) {
  const { t } = useTranslation();
  const list = d.changes ?? [];
  type C = (typeof list)[number];
  const setC = (i: number, patch: Partial<C>) => set({ changes: patched(list, i, patch) });
  return (
    <fieldset className="levies" data-testid="tariff-changes">
      <legend>{t('tariffs_changes')}</legend>
      {list.map((c, i) => (
        <div key={i} className="row">
          <input
            type="date"
            value={c.from}
            onChange={(ev) => setC(i, { from: ev.target.value })}
            aria-label={t('tariffs_changeFrom')}
          />
          {d.energy.type === 'flat' && (
            <OptionalNumInput
              value={c.energy?.type === 'flat' ? c.energy.centsPerKwh : undefined}
              label={t('tariffs_changeEnergy')}
              onChange={(v) =>
                setC(i, { energy: v === undefined ? undefined : { type: 'flat', centsPerKwh: v } })
              }
            />
          )}
          <OptionalNumInput
            value={c.gridEnergyCentsPerKwh}
            label={t('tariffs_changeGrid')}
            onChange={(v) => setC(i, { gridEnergyCentsPerKwh: v })}
          />
          <OptionalNumInput
            value={c.baseFeeEurPerMonth}
            label={t('tariffs_changeBaseFee')}
            onChange={(v) => setC(i, { baseFeeEurPerMonth: v })}
          />
          <RemoveButton onClick={() => set({ changes: without(list, i) })} />
        </div>
      ))}
      <button
        type="button"
        onClick={() => set({ changes: [...list, { from: '' }] })}
        data-testid="tariff-add-change"
      >
        {t('tariffs_addChange')}
      </button>
      {list.length > 0 && <p className="small muted">{t('tariffs_changeKeeps')}</p>}
    </fieldset>
  );
}

export function VatFields({ d, set }: FieldsProps) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const vat = 1 + (d.vatPercent ?? 20) / 100;
  const gross = d.pricesEntered === 'gross';
  return (
    <>
      <Num label={t('tariffs_vat')} value={d.vatPercent} step={1} onChange={(v) => set({ vatPercent: v })} />
      <label>
        {t('tariffs_pricesEntered')}
        <select
          value={d.pricesEntered ?? 'net'}
          onChange={(ev) => set({ pricesEntered: ev.target.value as 'net' | 'gross' })}
          data-testid="tariff-prices-entered"
        >
          <option value="net">{t('tariffs_pricesNet')}</option>
          <option value="gross">{t('tariffs_pricesGross')}</option>
        </select>
        {d.energy.type === 'flat' && (
          <span className="hint" data-testid="tariff-net-gross">
            {' '}
            {t('tariffs_netGross', {
              net: fmtNumber(gross ? d.energy.centsPerKwh / vat : d.energy.centsPerKwh, prefs, 2),
              gross: fmtNumber(gross ? d.energy.centsPerKwh : d.energy.centsPerKwh * vat, prefs, 2),
            })}
          </span>
        )}
        {d.energy.type === 'spot' && (
          <SpotNetGross markup={d.energy.markupCentsPerKwh ?? 0} gross={gross} vat={vat} />
        )}
      </label>
    </>
  );
}

/** A spot tariff's markup net and gross; the exchange index is net and keeps its factor. */
function SpotNetGross({ markup, gross, vat }: { markup: number; gross: boolean; vat: number }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  return (
    <span className="hint" data-testid="tariff-net-gross">
      {' '}
      {t('tariffs_netGrossSpot', {
        net: fmtNumber(gross ? markup / vat : markup, prefs, 4),
        gross: fmtNumber(gross ? markup : markup * vat, prefs, 4),
      })}
    </span>
  );
}

export function ValidityFields({ d, set }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('tariffs_validFrom')}
        <input
          type="date"
          value={d.validFrom ?? ''}
          onChange={(ev) => set({ validFrom: ev.target.value || null })}
        />
      </label>
      <label>
        {t('tariffs_validTo')}
        <input
          type="date"
          value={d.validTo ?? ''}
          onChange={(ev) => set({ validTo: ev.target.value || null })}
        />
      </label>
    </>
  );
}
