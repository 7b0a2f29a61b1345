/**
 * Energy communities (issue 35): pick one (or import the EDA portal's "Energie Report" as a whole
 * community), see its quarter-hours per member over a span — generation, consumption, shared energy,
 * surplus, coverage, recorded beside the key's model —, the monthly data check (days lacking, G.03 ≤
 * G.02 and G.03 ≤ G.01), the report's own summary where it disagrees, a carpet of the community
 * surplus, and what another key, other members or a battery would bring. Every figure from main
 * (main/community/); the panel only shows and asks.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Community, CommunityTotals, CommunityView, WhatIfResult } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtDate, fmtDateTime, fmtQuantity, localDateStart, localYmd, type FormatPrefs } from '../../format';
import { useApp } from '../../store';
import { Carpet } from '../analysis/CarpetView';
import { fmtEur } from '../analysis/CostView';
import { useResult } from '../analysis/useResult';
import { readForImport } from '../import/read-files';
import { ErrorText } from '../ErrorText';
import { Modal } from '../Modal';
import { CommunityEditor } from './CommunityEditor';

const isoDay = (sec: number, tz: string) => {
  const { y, m, d } = localYmd(sec, tz);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};
const startOf = (iso: string, tz: string, plusDays = 0) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return localDateStart(y, m, d + plusDays, tz);
};

/** The community's totals: recorded by the operator beside the key's allocation of the same quarter-hours. */
function Totals({ v, prefs }: { v: CommunityView; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const cols: { title: string; x: CommunityTotals; testId: string }[] = [
    ...(v.recorded ? [{ title: t('eeg_recorded'), x: v.recorded, testId: 'eeg-recorded' }] : []),
    {
      title: t('eeg_modelled', { key: t(`eeg_key_${v.allocation}`) }),
      x: v.modelled,
      testId: 'eeg-modelled',
    },
  ];
  const rows: [string, (x: CommunityTotals) => string][] = [
    [t('eeg_generation'), (x) => fmtQuantity(x.generationKwh, 'kwhTotal', prefs)],
    [t('eeg_consumption'), (x) => fmtQuantity(x.consumptionKwh, 'kwhTotal', prefs)],
    [t('eeg_shared'), (x) => fmtQuantity(x.sharedKwh, 'kwhTotal', prefs)],
    [t('eeg_surplus'), (x) => fmtQuantity(x.surplusKwh, 'kwhTotal', prefs)],
    [t('eeg_coverage'), (x) => fmtQuantity(x.coverage, 'percent', prefs)],
  ];
  return (
    <table className="data-table" data-testid="eeg-totals">
      <thead>
        <tr>
          <th scope="col" />
          {cols.map((c) => (
            <th
              key={c.testId}
              scope="col"
              className="num"
              data-testid={c.testId}
              data-shared={c.x.sharedKwh}
              data-surplus={c.x.surplusKwh}
            >
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, f]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {cols.map((c) => (
              <td key={c.testId} className="num">
                {f(c.x)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ViewBody({ v, prefs }: { v: CommunityView; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const k = (x: number) => fmtQuantity(x, 'kwhTotal', prefs, false);
  return (
    <>
      <p className="small" data-testid="eeg-span" data-from-sec={v.fromSec} data-to-sec={v.toSec}>
        {t('eeg_span', { from: fmtDate(v.fromSec, prefs), to: fmtDate(v.toSec - 1, prefs) })}{' '}
        {v.clampedToData && t('eeg_clamped')}
      </p>
      <Totals v={v} prefs={prefs} />
      {!v.recorded && <p className="small muted">{t('eeg_noRecord')}</p>}
      <h3>{t('eeg_members')}</h3>
      <div className="table-scroll">
        <table className="data-table" data-testid="eeg-members">
          <thead>
            <tr>
              <th scope="col">{t('eeg_member')}</th>
              <th scope="col">{t('eeg_role')}</th>
              <th scope="col" className="num">
                {t('eeg_memberKwh')}
              </th>
              <th scope="col" className="num">
                {t('eeg_allocated')}
              </th>
              <th scope="col" className="num">
                {t('eeg_memberShared')}
              </th>
              <th scope="col" className="num">
                {t('eeg_coverage')}
              </th>
              <th scope="col" className="num">
                {t('eeg_paidGot')}
              </th>
              <th scope="col" className="num">
                {t('eeg_saving')}
              </th>
            </tr>
          </thead>
          <tbody>
            {v.members.map((m) => (
              <tr
                key={`${m.role}|${m.meterId}`}
                data-testid="eeg-member"
                data-meter={m.meterId}
                data-shared={m.sharedKwh}
              >
                <td>
                  {m.label}
                  <div className="small muted">{m.meteringPoint}</div>
                </td>
                <td>{t(`eeg_role_${m.role}`)}</td>
                <td className="num">{k(m.consumptionKwh)}</td>
                <td className="num">{m.role === 'consumer' ? k(m.allocatedKwh) : '–'}</td>
                <td className="num">
                  {k(m.sharedKwh)}
                  {m.sharedInSnapKwh > 0 && (
                    <div
                      className="small muted nowrap"
                      data-testid="eeg-member-snap"
                      data-kwh={m.sharedInSnapKwh}
                      title={t('eeg_inSnapTitle')}
                    >
                      {t('eeg_inSnap', { kwh: k(m.sharedInSnapKwh) })}
                    </div>
                  )}
                </td>
                <td className="num">{fmtQuantity(m.coverage, 'percent', prefs)}</td>
                <td className="num">{fmtEur(m.communityEur, prefs)}</td>
                <td className="num">{fmtEur(m.savingEur, prefs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="small muted">{t('eeg_moneyNote')}</p>
      <h3>{t('eeg_checks')}</h3>
      <ul data-testid="eeg-checks">
        {v.checks.map((c) => {
          const broken = c.violations.filter((x) => x.count > 0);
          const ok = c.daysLackingCount === 0 && broken.length === 0;
          return (
            <li
              key={c.meterId}
              className={ok ? undefined : 'warn'}
              data-meter={c.meterId}
              data-ok={ok ? 'true' : 'false'}
            >
              <strong>{c.label}</strong>: {ok && t('eeg_checkOk', { count: c.expected })}
              {c.daysLackingCount > 0 &&
                t('eeg_checkDays', {
                  count: c.daysLackingCount,
                  days: c.daysLacking.slice(0, 8).join(', '),
                })}{' '}
              {broken.map((x) => (
                <span key={x.rule}>
                  {t(`eeg_rule_${x.rule}`, {
                    count: x.count,
                    first: x.firstSec === null ? '' : fmtDateTime(x.firstSec, prefs),
                  })}{' '}
                </span>
              ))}
            </li>
          );
        })}
      </ul>
      {v.report && (
        <>
          <h3>{t('eeg_report')}</h3>
          <p className="small" data-testid="eeg-report-differences">
            {v.report.differences === 0
              ? t('eeg_reportSame')
              : t('eeg_reportDiffers', { count: v.report.differences })}
          </p>
          <div className="table-scroll">
            <table className="data-table" data-testid="eeg-report">
              <thead>
                <tr>
                  <th scope="col">{t('eeg_member')}</th>
                  <th scope="col">{t('eeg_quantity')}</th>
                  <th scope="col" className="num">
                    {t('eeg_reportSays')}
                  </th>
                  <th scope="col" className="num">
                    {t('eeg_qhSay')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {v.report.rows.map((r) => (
                  <tr
                    key={`${r.meteringPoint}|${r.quantity}`}
                    className={r.differs ? 'warn' : undefined}
                    data-differs={r.differs ? 'true' : 'false'}
                  >
                    <td>{r.meteringPoint}</td>
                    <td>{t(`eeg_q_${r.quantity}`)}</td>
                    <td className="num">{fmtQuantity(r.reportKwh, 'kwh', prefs, false)}</td>
                    <td className="num">{fmtQuantity(r.quarterHoursKwh, 'kwh', prefs, false)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <h3>{t(v.periodUnit === 'day' ? 'eeg_byDay' : 'eeg_byMonth')}</h3>
      <div className="table-scroll">
        <table className="data-table" data-testid="eeg-periods">
          <thead>
            <tr>
              <th scope="col">{t(v.periodUnit === 'day' ? 'eeg_day' : 'eeg_month')}</th>
              <th scope="col" className="num">
                {t('eeg_generation')}
              </th>
              <th scope="col" className="num">
                {t('eeg_consumption')}
              </th>
              <th scope="col" className="num">
                {t('eeg_shared')}
              </th>
              <th scope="col" className="num">
                {t('eeg_surplus')}
              </th>
              <th scope="col" className="num">
                {t('eeg_coverage')}
              </th>
            </tr>
          </thead>
          <tbody>
            {v.periods.map((p) => (
              <tr key={p.key} data-testid="eeg-period" data-key={p.key} data-shared={p.sharedKwh}>
                <td>{p.key}</td>
                <td className="num">{k(p.generationKwh)}</td>
                <td className="num">{k(p.consumptionKwh)}</td>
                <td className="num">{k(p.sharedKwh)}</td>
                <td className="num">{k(p.surplusKwh)}</td>
                <td className="num">{fmtQuantity(p.coverage, 'percent', prefs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('eeg_carpet')}</h3>
      <Carpet data={v.surplusCarpet} prefs={prefs} testId="eeg-carpet" />
    </>
  );
}

function WhatIf({
  c,
  fromSec,
  toSec,
  prefs,
}: {
  c: Community;
  fromSec: number;
  toSec: number;
  prefs: FormatPrefs;
}) {
  const { t } = useTranslation();
  const meters = useApp((s) => s.meters);
  const consumers = c.members.filter((m) => m.role === 'consumer');
  const [shares, setShares] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState<string[]>([]);
  const [addId, setAddId] = useState('');
  const [addRole, setAddRole] = useState<'consumer' | 'producer'>('producer');
  const [battery, setBattery] = useState({ capacity: '', power: '' });
  const [result, setResult] = useState<WhatIfResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const label = (id: string) => meters.find((m) => m.id === id)?.label ?? id;
  const others = meters.filter((m) => !c.members.some((x) => x.meterId === m.id) && m.commodity !== 'gas');
  const run = async () => {
    setError(null);
    try {
      const staticShares = Object.fromEntries(
        Object.entries(shares)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, Number(v.replace(',', '.'))]),
      );
      const cap = Number(battery.capacity.replace(',', '.'));
      setResult(
        await unwrap(
          api().community.whatIf({
            communityId: c.id,
            fromSec,
            toSec,
            staticShares,
            add: addId ? [{ meterId: addId, role: addRole }] : [],
            remove: removed,
            battery:
              battery.capacity.trim() && cap > 0
                ? {
                    capacityKwh: cap,
                    powerKw: Number(battery.power.replace(',', '.')) || cap / 2,
                    efficiency: 0.9,
                  }
                : null,
          }),
        ),
      );
    } catch (e) {
      setError(e);
    }
  };
  const k = (x: number) => fmtQuantity(x, 'kwhTotal', prefs, false);
  return (
    <section data-testid="eeg-whatif">
      <h3>{t('eeg_whatIf')}</h3>
      <p className="small muted">{t('eeg_whatIfHint')}</p>
      <div className="tariff-form">
        {consumers.map((m) => (
          <label key={m.meterId}>
            {t('eeg_shareOf', { name: label(m.meterId) })}
            <input
              inputMode="decimal"
              placeholder={m.staticSharePercent === null ? t('eeg_shareEqual') : String(m.staticSharePercent)}
              value={shares[m.meterId] ?? ''}
              onChange={(e) => setShares((s) => ({ ...s, [m.meterId]: e.target.value }))}
              data-testid="eeg-share"
            />
          </label>
        ))}
        <fieldset>
          <legend>{t('eeg_leaveOut')}</legend>
          {c.members.map((m) => (
            <label key={`${m.role}|${m.meterId}`} className="inline">
              <input
                type="checkbox"
                checked={removed.includes(m.meterId)}
                onChange={(e) =>
                  setRemoved((r) => (e.target.checked ? [...r, m.meterId] : r.filter((x) => x !== m.meterId)))
                }
              />{' '}
              {label(m.meterId)}
            </label>
          ))}
        </fieldset>
        <label>
          {t('eeg_addMember')}
          <select value={addId} onChange={(e) => setAddId(e.target.value)} data-testid="eeg-add">
            <option value="">–</option>
            {others.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label ?? m.meteringPoint}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('eeg_role')}
          <select value={addRole} onChange={(e) => setAddRole(e.target.value as 'consumer' | 'producer')}>
            <option value="producer">{t('eeg_role_producer')}</option>
            <option value="consumer">{t('eeg_role_consumer')}</option>
          </select>
        </label>
        <label>
          {t('eeg_batteryKwh')}
          <input
            inputMode="decimal"
            value={battery.capacity}
            onChange={(e) => setBattery((b) => ({ ...b, capacity: e.target.value }))}
            data-testid="eeg-battery"
          />
        </label>
        <label>
          {t('eeg_batteryKw')}
          <input
            inputMode="decimal"
            value={battery.power}
            onChange={(e) => setBattery((b) => ({ ...b, power: e.target.value }))}
          />
        </label>
      </div>
      <button className="primary" onClick={() => void run()} data-testid="eeg-whatif-run">
        {t('eeg_compute')}
      </button>
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {result && (
        <div className="table-scroll">
          <table className="data-table" data-testid="eeg-scenarios">
            <thead>
              <tr>
                <th scope="col">{t('eeg_scenario')}</th>
                <th scope="col" className="num">
                  {t('eeg_shared')}
                </th>
                <th scope="col" className="num">
                  {t('eeg_surplus')}
                </th>
                <th scope="col" className="num">
                  {t('eeg_coverage')}
                </th>
                <th scope="col" className="num">
                  {t('eeg_savingsAll')}
                </th>
                {result.scenarios[0]!.members.map((m) => (
                  <th key={`${m.role}|${m.meterId}`} scope="col" className="num">
                    {m.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.scenarios.map((s) => (
                <tr
                  key={s.label}
                  data-testid="eeg-scenario"
                  data-label={s.label}
                  data-shared={s.totals.sharedKwh}
                >
                  <td>
                    {t(`eeg_scenario_${s.label}`)}
                    {s.battery && (
                      <div className="small muted">
                        {t('eeg_batteryMoved', {
                          kwh: k(s.battery.dischargedKwh),
                          cycles: s.battery.fullCycles,
                        })}
                      </div>
                    )}
                  </td>
                  <td className="num">{k(s.totals.sharedKwh)}</td>
                  <td className="num">{k(s.totals.surplusKwh)}</td>
                  <td className="num">{fmtQuantity(s.totals.coverage, 'percent', prefs)}</td>
                  <td className="num">
                    {fmtEur(
                      s.members.reduce((a, m) => a + m.savingEur, 0),
                      prefs,
                    )}
                  </td>
                  {s.members.map((m) => (
                    <td key={`${m.role}|${m.meterId}`} className="num">
                      {fmtEur(m.savingEur, prefs)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ImportReport({ onDone }: { onDone: (id: string, notes: string[]) => void }) {
  const { t } = useTranslation();
  const prefs = { locale: useApp((s) => s.locale), timeZone: useApp((s) => s.timeZone) };
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'local' | 'regional' | 'beg'>('local');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <details data-testid="eeg-import" className="eeg-import">
      <summary>{t('eeg_import')}</summary>
      <label>
        {t('eeg_name')}{' '}
        <input
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          data-testid="eeg-import-name"
        />
      </label>{' '}
      <label>
        {t('eeg_kind')}{' '}
        <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="local">{t('eeg_kind_local')}</option>
          <option value="regional">{t('eeg_kind_regional')}</option>
          <option value="beg">{t('eeg_kind_beg')}</option>
        </select>
      </label>{' '}
      <label className="file-button">
        {busy ? t('loading') : t('eeg_importFile')}
        <input
          type="file"
          accept=".xlsx"
          hidden
          disabled={busy || !name.trim()}
          data-testid="eeg-import-file"
          onChange={(ev) => {
            const f = ev.target.files?.[0];
            ev.target.value = '';
            if (!f) return;
            setBusy(true);
            setError(null);
            void (async () => {
              try {
                const r = await readForImport(f);
                if ('tooLarge' in r)
                  throw new Error(
                    t('import_tooLargeLocal', { name: f.name, mb: Math.round(r.tooLarge / 1048576) }),
                  );
                const out = await unwrap(
                  api().community.import({
                    name: name.trim(),
                    kind,
                    fileName: f.name,
                    dataBase64: r.dataBase64,
                  }),
                );
                // Each note in the UI's language from its code and values (the English is the CLI's).
                onDone(
                  out.community.id,
                  out.noteCodes.map(
                    (n) => t(`eda_note_${n.code}`, { ...n.params, defaultValue: '' }) || n.code,
                  ),
                );
              } catch (e) {
                setError(e);
              } finally {
                setBusy(false);
              }
            })();
          }}
        />
      </label>
      {!name.trim() && <span className="small muted"> {t('eeg_nameFirst')}</span>}
      {error !== null && <ErrorText error={error} prefs={prefs} />}
    </details>
  );
}

export function CommunityPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useApp((s) => s.locale);
  const timeZone = useApp((s) => s.timeZone);
  const prefs = useMemo(() => ({ locale, timeZone }), [locale, timeZone]);
  const [version, setVersion] = useState(0);
  const list = useResult(() => api().community.list(), [version]);
  const [picked, setPicked] = useState<string | null>(null);
  const id = picked ?? list.data?.[0]?.id ?? null;
  // The last year up to today by default; the view narrows it to the days with readings and says so.
  const [from, setFrom] = useState(() => isoDay(Date.now() / 1000 - 365 * 86_400, timeZone));
  const [to, setTo] = useState(() => isoDay(Date.now() / 1000, timeZone));
  const [notes, setNotes] = useState<string[]>([]);
  const [editing, setEditing] = useState<'new' | 'current' | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const meters = useApp((s) => s.meters);
  const fromSec = startOf(from, timeZone);
  const toSec = startOf(to, timeZone, 1);
  const community = useResult(
    () =>
      id ? api().community.get({ communityId: id }) : Promise.resolve({ ok: true as const, data: null }),
    [id, version],
  );
  const [view, setView] = useState<{ data: CommunityView | null; error: unknown }>({
    data: null,
    error: null,
  });
  useEffect(() => {
    if (!id) return;
    let live = true;
    setView({ data: null, error: null });
    unwrap(api().community.view({ communityId: id, fromSec, toSec })).then(
      (data) => live && setView({ data, error: null }),
      (error: unknown) => live && setView({ data: null, error }),
    );
    return () => {
      live = false;
    };
  }, [id, fromSec, toSec, version]);
  return (
    <Modal title={t('eeg_title')} testId="community-panel" onClose={onClose} wide>
      <div className="toolbar">
        <label className="inline">
          {t('eeg_community')}{' '}
          <select value={id ?? ''} onChange={(e) => setPicked(e.target.value)} data-testid="eeg-pick">
            {(list.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({t(`eeg_kind_${c.kind}`)}, {c.consumers} + {c.producers})
              </option>
            ))}
          </select>
        </label>{' '}
        <label className="inline">
          {t('eeg_from')}{' '}
          <input
            type="date"
            value={from}
            onChange={(e) => e.target.value && setFrom(e.target.value)}
            data-testid="eeg-from"
          />
        </label>{' '}
        <label className="inline">
          {t('eeg_to')}{' '}
          <input
            type="date"
            value={to}
            onChange={(e) => e.target.value && setTo(e.target.value)}
            data-testid="eeg-to"
          />
        </label>
      </div>
      <div className="row">
        <button onClick={() => setEditing('new')} data-testid="eeg-new">
          {t('eeg_new')}
        </button>
        {community.data && (
          <>
            <button onClick={() => setEditing('current')} data-testid="eeg-edit">
              {t('eeg_edit')}
            </button>
            {confirmRemove ? (
              <button
                className="danger"
                onClick={() =>
                  void unwrap(api().community.remove({ communityId: community.data!.id })).then(
                    () => {
                      setConfirmRemove(false);
                      setPicked(null);
                      setNotes([t('eeg_removed')]);
                      setVersion((v) => v + 1);
                    },
                    (e: unknown) => setView({ data: null, error: e }),
                  )
                }
                data-testid="eeg-remove-confirm"
              >
                {t('eeg_removeConfirm', { name: community.data.name })}
              </button>
            ) : (
              <button onClick={() => setConfirmRemove(true)} data-testid="eeg-remove">
                {t('eeg_remove')}
              </button>
            )}
          </>
        )}
      </div>
      {editing && (
        <CommunityEditor
          community={editing === 'current' ? community.data : null}
          meters={meters}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setPicked(saved.id);
            setVersion((v) => v + 1);
          }}
        />
      )}
      <ImportReport
        onDone={(newId, n) => {
          setPicked(newId);
          setNotes(n);
          setVersion((v) => v + 1);
        }}
      />
      {notes.length > 0 && (
        <ul className="small notice" data-testid="eeg-import-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {list.data?.length === 0 && <p className="muted">{t('eeg_none')}</p>}
      {list.error !== null && <ErrorText error={list.error} prefs={prefs} />}
      {view.error !== null && <ErrorText error={view.error} prefs={prefs} />}
      {id && !view.data && view.error === null && <p className="muted">{t('loading')}</p>}
      {view.data && <ViewBody v={view.data} prefs={prefs} />}
      {community.data && view.data && (
        <WhatIf c={community.data} fromSec={view.data.fromSec} toSec={view.data.toSec} prefs={prefs} />
      )}
      <div className="modal-actions">
        <button onClick={onClose}>{t('close')}</button>
      </div>
    </Modal>
  );
}
