/**
 * The profile's tariffs and spot price series: add, edit, remove tariffs (flat, time-of-use windows,
 * spot with factor and markup; fees, grid energy and power, levies, VAT, validity) and import a price
 * file. main validates every tariff against the contract's schema and says what is wrong.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView, PriceSeriesView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtDate } from '../../format';
import { usePrefs } from '../../store';
import { ErrorText } from '../ErrorText';
import { Modal } from '../Modal';
import { readForImport } from '../import/read-files';
import { CombineForm, type CombineDraft } from './tariff-form/CombineForm';
import { PresetPicker, TariffList } from './TariffList';
import { TariffForm, type Draft } from './tariff-form/TariffForm';
import { useResult } from './useResult';

const blank = (): Draft => ({
  id: `tarif-${Date.now().toString(36)}`,
  name: '',
  direction: 'consumption',
  commodity: 'electricity',
  energy: { type: 'flat', centsPerKwh: 20 },
  baseFeeEurPerMonth: 0,
  gridEnergyCentsPerKwh: 0,
  gridPowerEurPerKwYear: 0,
  levies: [],
  vatPercent: 20,
  validFrom: null,
  validTo: null,
});

export function TariffsDialog({ onClose, meter }: { onClose: () => void; meter?: MeterView }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [version, setVersion] = useState(0);
  const tariffs = useResult(() => api().tariffs.list({}), [version]);
  const series = useResult(() => api().prices.list(), [version]);
  const presets = useResult(() => api().tariffs.presets({ meterId: meter?.id }), [meter?.id]);
  const [picked, setPreset] = useState('');
  // The preset the client's place suggests (its area's household row) until the person picks another.
  const preset = picked || (presets.data?.find((p) => p.suggested)?.tariff.id ?? '');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [combining, setCombining] = useState<CombineDraft | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    setNote(null);
    try {
      await fn();
      setVersion((v) => v + 1);
      return true;
    } catch (e) {
      setError(e);
      return false;
    }
  };
  return (
    <Modal title={t('tariffs_title')} testId="tariffs-dialog" onClose={onClose} wide>
      {combining ? (
        <CombineForm
          draft={combining}
          tariffs={tariffs.data ?? []}
          presets={(presets.data ?? []).map((p) => p.tariff)}
          meter={meter}
          onCancel={() => setCombining(null)}
          onSave={(c) =>
            void act(() => unwrap(api().tariffs.combine(c))).then((ok) => {
              if (ok) {
                setCombining(null);
                setNote(t('tariffs_saved'));
              }
            })
          }
        />
      ) : draft ? (
        <TariffForm
          draft={draft}
          series={series.data ?? []}
          onCancel={() => setDraft(null)}
          onSave={(d) =>
            void act(() => unwrap(api().tariffs.save({ tariff: d }))).then((ok) => {
              if (ok) {
                setDraft(null);
                setNote(t('tariffs_saved'));
              }
            })
          }
        />
      ) : (
        <>
          {/* The actions first: the list below loads after the dialog opens and grows, and a button
              under it moved between a click's press and release (stop 69: a lost click). */}
          <div className="row">
            <button onClick={() => setDraft(blank())} data-testid="tariff-new">
              {t('tariffs_new')}
            </button>{' '}
            <button onClick={() => setCombining({ name: '', parts: [] })} data-testid="tariff-combine">
              {t('combine_new')}
            </button>
          </div>
          <TariffList
            tariffs={tariffs.data ?? []}
            meter={meter}
            onEdit={(x) =>
              x.parts
                ? setCombining({ id: x.id, name: x.name, parts: x.parts, owner: x.owner ?? null })
                : setDraft({ ...x, levies: x.levies })
            }
            onRemove={(x) => void act(() => unwrap(api().tariffs.remove({ tariffId: x.id })))}
          />
          <PresetPicker
            presets={presets.data ?? []}
            preset={preset}
            onPick={setPreset}
            onAdd={(p) =>
              void act(() => unwrap(api().tariffs.save({ tariff: p.tariff }))).then(
                (ok) => ok && setNote(`${t('tariffs_saved')} ${p.tariff.source ?? ''}`),
              )
            }
          />
          <p className="small muted">{t('tariffs_presetHint')}</p>
          <PriceSeriesSection series={series.data ?? []} act={act} />
        </>
      )}
      {note && <p className="notice small">{note}</p>}
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {tariffs.error !== null && <ErrorText error={tariffs.error} prefs={prefs} />}
      {!draft && !combining && (
        <div className="modal-actions">
          <button onClick={onClose}>{t('close')}</button>
        </div>
      )}
    </Modal>
  );
}

/** The profile's spot price series and the import of a price file (parsed in the query thread). */
function PriceSeriesSection(props: {
  series: PriceSeriesView[];
  act: (fn: () => Promise<unknown>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const { act } = props;
  // Where a file goes: a series of its own (named after the file), or one the profile has, or the one a
  // spot preset reads (`epex-at-60`, `epex-at-15`): a second month extends it (issue 44, item 6).
  const [into, setInto] = useState('');
  // A series renamed in place: its id (which tariffs bill on) stays.
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const targets = [
    ...new Set(['epex-at-60', 'epex-at-15', ...props.series.filter((s) => !s.isExample).map((s) => s.id)]),
  ];
  return (
    <>
      <h3>{t('tariffs_prices')}</h3>
      <ul className="profile-list" data-testid="price-series-list">
        {props.series.map((s) => (
          <li key={s.id}>
            <span>
              {renaming?.id === s.id ? (
                <form
                  className="inline-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act(() => unwrap(api().prices.rename({ seriesId: s.id, name: renaming.name }))).then(
                      (ok) => ok && setRenaming(null),
                    );
                  }}
                >
                  <input
                    value={renaming.name}
                    maxLength={80}
                    required
                    aria-label={t('tariffs_seriesName')}
                    onChange={(e) => setRenaming({ id: s.id, name: e.target.value })}
                    data-testid="price-rename-input"
                  />{' '}
                  <button type="submit" data-testid="price-rename-save">
                    {t('save')}
                  </button>{' '}
                  <button type="button" onClick={() => setRenaming(null)}>
                    {t('cancel')}
                  </button>
                </form>
              ) : (
                <strong>{s.name}</strong>
              )}{' '}
              <span className="mono small muted">{s.id}</span>{' '}
              <span className="muted small">
                {t('tariffs_pricesPoints', {
                  points: s.points,
                  from: s.firstStartSec === null ? '–' : fmtDate(s.firstStartSec, prefs),
                  to: s.lastEndSec === null ? '–' : fmtDate(s.lastEndSec - 1, prefs),
                  resolution: t(s.resolutionSec === 900 ? 'tariffs_quarterHourly' : 'tariffs_hourly'),
                })}
              </span>
            </span>
            {!s.isExample && (
              <span className="row-actions">
                <button onClick={() => setRenaming({ id: s.id, name: s.name })} data-testid="price-rename">
                  {t('tariffs_rename')}
                </button>
                <button onClick={() => void act(() => unwrap(api().prices.remove({ seriesId: s.id })))}>
                  {t('tariffs_remove')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <label>
        {t('tariffs_importInto')}{' '}
        <select value={into} onChange={(e) => setInto(e.target.value)} data-testid="price-into">
          <option value="">{t('tariffs_importIntoNew')}</option>
          {targets.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>{' '}
      <label className="file-button">
        {t('tariffs_importPrices')}
        <input
          type="file"
          accept=".csv,.json,.txt,.xml"
          hidden
          data-testid="price-file"
          onChange={(ev) => {
            const f = ev.target.files?.[0];
            ev.target.value = '';
            if (!f) return;
            void act(async () => {
              const r = await readForImport(f);
              if ('tooLarge' in r)
                throw new Error(
                  t('import_tooLargeLocal', { name: f.name, mb: Math.round(r.tooLarge / 1048576) }),
                );
              await unwrap(
                api().prices.import({
                  name: into || f.name.replace(/\.[^.]+$/, ''),
                  fileName: f.name,
                  dataBase64: r.dataBase64,
                }),
              );
            });
          }}
        />
      </label>
      <p className="small muted">{t('tariffs_pricesHint')}</p>
    </>
  );
}
