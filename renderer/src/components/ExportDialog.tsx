/**
 * Export several meters and registers at once, into one long-format CSV (one row per meter, register
 * and quarter-hour, each row naming its metering point and register). Registers offered are those the
 * chosen meters have, with plain-language names; the range is the one on screen, editable by date.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../bridge';
import { localDateStart, localYmd } from '../format';
import { registerLabel } from '../registers';
import { useApp, usePrefs } from '../store';
import { errorText } from './ErrorText';
import { Modal } from './Modal';
import { ExportStatus, type ExportMessage } from './meter/ExportStatus';

const dateInput = (sec: number, tz: string) => {
  const { y, m, d } = localYmd(sec, tz);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

export function ExportDialog(props: {
  initialMeterIds: string[];
  initialRegisters: string[];
  fromSec: number;
  toSec: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const prefs = usePrefs();
  const allMeters = useApp((s) => s.meters);
  const meters = useMemo(() => allMeters.filter((m) => m.registers.length > 0), [allMeters]);
  const [picked, setPicked] = useState(new Set(props.initialMeterIds));
  const [registers, setRegisters] = useState(new Set(props.initialRegisters));
  const [from, setFrom] = useState(dateInput(props.fromSec, prefs.timeZone));
  const [to, setTo] = useState(dateInput(props.toSec - 1, prefs.timeZone));
  const [profile, setProfile] = useState<'excel-at' | 'iso' | 'load-profile' | 'xlsx'>('excel-at');
  const [message, setMessage] = useState<ExportMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const offered = useMemo(
    () => [...new Set(meters.filter((m) => picked.has(m.id)).flatMap((m) => m.registers))].sort(),
    [meters, picked],
  );
  const toggle = <T,>(set: Set<T>, v: T) => {
    const next = new Set(set);
    if (next.has(v)) next.delete(v);
    else next.add(v);
    return next;
  };
  const chosenRegisters = offered.filter((r) => registers.has(r));
  const run = async () => {
    setBusy(true);
    setMessage({ text: t('loading') });
    try {
      const r = await exportNow({
        profile,
        meterIds: [...picked],
        registers: chosenRegisters,
        from,
        to,
        timeZone: prefs.timeZone,
        lang: i18n.language === 'en' ? 'en' : 'de',
      });
      setMessage({
        text:
          profile === 'xlsx'
            ? t('exportedWorkbook', { path: r.path })
            : t('exported', { count: r.rows, rows: r.rows.toLocaleString(prefs.locale), path: r.path }),
      });
    } catch (err) {
      setMessage({ ...errorText(err, t, prefs), error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={t('exportSeveralTitle')} testId="export-dialog" onClose={props.onClose} wide>
      <p className="small muted">{t('exportSeveralHelp')}</p>
      <div className="export-columns">
        <CheckList
          legend={t('meters')}
          items={meters.map((m) => ({ id: m.id, label: m.label ?? m.meteringPoint, note: m.customerName }))}
          checked={picked}
          onToggle={(id) => setPicked(toggle(picked, id))}
        />
        <CheckList
          legend={t('registers')}
          items={offered.map((r) => ({ id: r, label: registerLabel(r, t), note: null }))}
          checked={registers}
          onToggle={(r) => setRegisters(toggle(registers, r))}
        />
      </div>
      <div className="toolbar">
        <label className="inline">
          {t('from')} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="inline">
          {t('to')} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label className="inline">
          {t('format')}
          <select
            value={profile}
            onChange={(e) => setProfile(e.target.value as 'excel-at' | 'iso' | 'load-profile' | 'xlsx')}
            data-testid="export-format"
          >
            <option value="excel-at">{t('exportExcel')}</option>
            <option value="iso">{t('exportIso')}</option>
            <option value="load-profile">{t('exportLoadProfile')}</option>
            <option value="xlsx">{t('exportWorkbook')}</option>
          </select>
        </label>
      </div>
      <FormatHint profile={profile} year={from.slice(0, 4)} />
      <ExportStatus message={message} testId="export-several-status" />
      {busy && profile === 'xlsx' && <WorkbookProgress />}
      <div className="modal-actions">
        <button onClick={props.onClose}>{t('close')}</button>
        <button
          className="primary"
          onClick={() => void run()}
          disabled={
            busy ||
            picked.size === 0 ||
            chosenRegisters.length === 0 ||
            !from ||
            !to ||
            to < from ||
            (profile === 'load-profile' && (picked.size !== 1 || chosenRegisters.length !== 1)) ||
            (profile === 'xlsx' && picked.size > 50)
          }
          data-testid="export-several-run"
        >
          {t('exportCount', { meters: picked.size, registers: chosenRegisters.length })}
        </button>
      </div>
    </Modal>
  );
}

/** A column of checkboxes: the meters to export, or their registers. */
function CheckList(props: {
  legend: string;
  items: { id: string; label: string; note: string | null }[];
  checked: Set<string>;
  onToggle: (id: string) => void;
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      <div className="check-list">
        {props.items.map((x) => (
          <label key={x.id} className="check">
            <input type="checkbox" checked={props.checked.has(x.id)} onChange={() => props.onToggle(x.id)} />
            {x.label}
            {x.note !== null && <span className="small muted"> {x.note}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the workbook and the load-profile formats hold beyond the CSV. */
function FormatHint({ profile, year }: { profile: string; year: string }) {
  const { t } = useTranslation();
  if (profile === 'xlsx')
    return (
      <p className="small muted" data-testid="export-workbook-hint">
        {t('exportWorkbookHint')}
      </p>
    );
  if (profile === 'load-profile')
    return (
      <p className="small muted" data-testid="export-load-profile-hint">
        {t('exportLoadProfileHint', { year })}
      </p>
    );
  return null;
}

/** The export the dialog asks for: readings as CSV, a register's load profile or its workbook. */
async function exportNow(p: {
  profile: 'excel-at' | 'iso' | 'load-profile' | 'xlsx';
  meterIds: string[];
  registers: string[];
  from: string;
  to: string;
  timeZone: string;
  lang: 'de' | 'en';
}): Promise<{ path: string; rows: number }> {
  const [fy, fm, fd] = p.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = p.to.split('-').map(Number) as [number, number, number];
  const fromSec = localDateStart(fy, fm, fd, p.timeZone);
  const toSec = localDateStart(ty, tm, td + 1, p.timeZone);
  // Several meters or registers: one workbook, each register its own column (export/workbook-many.ts).
  if (p.profile === 'xlsx' && (p.meterIds.length > 1 || p.registers.length > 1))
    return unwrap(
      api().export.xlsxMany({
        meterIds: p.meterIds,
        obisCodes: p.registers,
        fromSec,
        toSec,
        lang: p.lang,
      }),
    );
  // One meter's register as a workbook (summary, months, days, quarter-hours, standard profile).
  if (p.profile === 'xlsx')
    return unwrap(
      api().export.xlsx({
        meterId: p.meterIds[0]!,
        obisCode: p.registers[0]!,
        fromSec,
        toSec,
        slp: null,
        lang: p.lang,
      }),
    );
  // One meter's register, the calendar year of "from" (the tools take exactly a year).
  if (p.profile === 'load-profile')
    return unwrap(api().export.loadProfile({ meterId: p.meterIds[0]!, obisCode: p.registers[0]!, year: fy }));
  return unwrap(
    api().export.csv({ meterIds: p.meterIds, obisCodes: p.registers, fromSec, toSec, profile: p.profile }),
  );
}

/** While a workbook is made: its registers read, its sheets, the file written; and a button that stops it. */
function WorkbookProgress() {
  const { t } = useTranslation();
  const [p, setP] = useState<{ phase: 'read' | 'sheets' | 'write'; done: number; of: number } | null>(null);
  useEffect(() => api().on('workbook:progress', setP), []);
  return (
    <p className="small" role="status" data-testid="workbook-progress">
      {p === null
        ? t('workbook_busy')
        : p.phase === 'read'
          ? t('workbook_read', { done: p.done + 1, of: p.of })
          : p.phase === 'sheets'
            ? t('workbook_sheets')
            : t('workbook_write')}{' '}
      <button onClick={() => void api().export.cancelWorkbook()} data-testid="workbook-cancel">
        {t('cancel')}
      </button>
    </p>
  );
}
