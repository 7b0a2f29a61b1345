/**
 * Reconcile a bill: the person types the bill's period and its line totals; main puts its own line
 * beside each (the same cost evaluation as the cost view, over the same quarter-hours) with the
 * difference and where it comes from (main/cost/bill.ts). A compared bill is stored only when the person
 * keeps it for the report (issue 42, item 20); the kept bills are listed below.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillPartKey, BillReconciliation, Tariff } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtQuantity, localDateStart, localYmd, type FormatPrefs } from '../../format';
import { ErrorText } from '../ErrorText';
import { Modal } from '../Modal';
import { fmtEur } from './CostView';
import { KeptBills } from './KeptBills';
import { BillPartsFields, BillPartsTable, BillTableHead, PART_KEYS } from './BillParts';
import { billReasonText } from '../../../../common/bill-words';

const LINES = ['kwh', 'energy', 'baseFee', 'grid', 'levies', 'vat', 'total'] as const;
type Line = (typeof LINES)[number];
const FIELD: Record<Line, string> = {
  kwh: 'kwh',
  energy: 'energyEur',
  baseFee: 'baseFeeEur',
  grid: 'gridEur',
  levies: 'leviesEur',
  vat: 'vatEur',
  total: 'totalEur',
};

const isoDay = (sec: number, tz: string) => {
  const { y, m, d } = localYmd(sec, tz);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};
const dayStart = (iso: string, tz: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return localDateStart(y, m, d, tz);
};
/** "1.234,56" or "1234.56" → 1234.56; empty → null; anything else → NaN (refused). */
function parseAmount(text: string): number | null {
  const t = text.trim().replace(/\s|€|kWh/g, '');
  if (t === '') return null;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : NaN;
}

export function BillDialog(props: {
  meterId: string;
  obisCode: string;
  fromSec: number;
  toSec: number;
  tariffs: Tariff[];
  tariffId: string;
  prefs: FormatPrefs;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tz = props.prefs.timeZone;
  const [from, setFrom] = useState(isoDay(props.fromSec, tz));
  const [to, setTo] = useState(isoDay(props.toSec - 1, tz));
  const [tariffId, setTariffId] = useState(props.tariffId);
  const [values, setValues] = useState<Record<Line, string>>(
    Object.fromEntries(LINES.map((l) => [l, ''])) as Record<Line, string>,
  );
  const [partValues, setPartValues] = useState<Record<BillPartKey, string>>(
    Object.fromEntries(PART_KEYS.map((k) => [k, ''])) as Record<BillPartKey, string>,
  );
  const [result, setResult] = useState<BillReconciliation | null>(null);
  const [asked, setAsked] = useState<Parameters<ReturnType<typeof api>['analysis']['bill']>[0] | null>(null);
  const [kept, setKept] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const submit = async () => {
    setError(null);
    setResult(null);
    if (to < from) return setError(new Error(t('bill_badPeriod')));
    const bill = billOfForm(values, partValues, t);
    if (bill instanceof Error) return setError(bill);
    const input = {
      meterId: props.meterId,
      obisCode: props.obisCode,
      fromSec: dayStart(from, tz),
      toSec: localDateStart(...nextDay(to), tz),
      tariffId,
      bill,
    };
    try {
      setResult(await unwrap(api().analysis.bill(input)));
      setAsked(input);
    } catch (e) {
      setError(e);
    }
  };
  const keep = async () => {
    if (!asked) return;
    try {
      await unwrap(api().bills.keep(asked));
      setAsked(null);
      setKept((k) => k + 1);
    } catch (e) {
      setError(e);
    }
  };
  const show = (l: Line, v: number | null) =>
    v === null ? '–' : l === 'kwh' ? fmtQuantity(v, 'kwhTotal', props.prefs) : fmtEur(v, props.prefs);
  return (
    <Modal title={t('bill_title')} testId="bill-dialog" onClose={props.onClose} wide>
      <p className="small muted">{t('bill_hint')}</p>
      <form
        className="tariff-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <BillPeriod
          from={from}
          to={to}
          tariffId={tariffId}
          tariffs={props.tariffs}
          onFrom={setFrom}
          onTo={setTo}
          onTariff={setTariffId}
        />
        {LINES.map((l) => (
          <label key={l}>
            {t(`bill_line_${l}`)}
            {(l === 'kwh' || l === 'total') && ' *'}
            <input
              inputMode="decimal"
              value={values[l]}
              onChange={(e) => setValues((v) => ({ ...v, [l]: e.target.value }))}
              data-testid={`bill-${l}`}
            />
          </label>
        ))}
        <BillPartsFields
          values={partValues}
          onChange={(key, text) => setPartValues((v) => ({ ...v, [key]: text }))}
        />
        <div className="modal-actions">
          <button type="button" onClick={props.onClose}>
            {t('close')}
          </button>
          <button type="submit" className="primary" data-testid="bill-compare">
            {t('bill_compare')}
          </button>
        </div>
      </form>
      {error !== null && <ErrorText error={error} prefs={props.prefs} />}
      {result && <BillResult result={result} show={show} prefs={props.prefs} />}
      {result && asked && (
        <button type="button" onClick={() => void keep()} data-testid="bill-keep">
          {t('bill_keep')}
        </button>
      )}
      {result && !asked && kept > 0 && (
        <p className="small" role="status" data-testid="bill-kept">
          {t('bill_kept')}
        </p>
      )}
      <KeptBills meterId={props.meterId} prefs={props.prefs} version={kept} />
    </Modal>
  );
}

/** The bill's period (both days included, as the bill prints them) and the tariff to compare it with. */
function BillPeriod(props: {
  from: string;
  to: string;
  tariffId: string;
  tariffs: Tariff[];
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  onTariff: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('bill_from')}
        <input
          type="date"
          value={props.from}
          required
          onChange={(e) => props.onFrom(e.target.value)}
          data-testid="bill-from"
        />
      </label>
      <label>
        {t('bill_to')}
        <input
          type="date"
          value={props.to}
          required
          onChange={(e) => props.onTo(e.target.value)}
          data-testid="bill-to"
        />
      </label>
      <label>
        {t('cost_tariff')}
        <select
          value={props.tariffId}
          onChange={(e) => props.onTariff(e.target.value)}
          data-testid="bill-tariff"
        >
          {props.tariffs.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The bill's lines beside Meterdesk's, with the differences, and the reasons found for them. */
function BillResult(props: {
  result: BillReconciliation;
  show: (l: Line, v: number | null) => string;
  prefs: FormatPrefs;
}) {
  const { t } = useTranslation();
  const { result, show } = props;
  const nf = new Intl.NumberFormat(props.prefs.locale, { maximumFractionDigits: 3 });
  const money = new Intl.NumberFormat(props.prefs.locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="bill-lines">
          <BillTableHead first={t('bill_line')} />
          <tbody>
            {result.lines.map((x) => (
              <tr key={x.line} data-testid="bill-line" data-line={x.line} data-ours={x.ours}>
                <td>{t(`bill_line_${x.line}`)}</td>
                <td className="num">{show(x.line, x.bill)}</td>
                <td className="num">{show(x.line, x.ours)}</td>
                <td className={x.difference !== null && Math.abs(x.difference) >= 0.01 ? 'num warn' : 'num'}>
                  {show(x.line, x.difference)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <BillPartsTable result={result} prefs={props.prefs} />
      <ul data-testid="bill-reasons">
        {result.reasons.map((r, i) => (
          <li key={i} data-code={r.code} data-part={r.part}>
            {billReasonText(r, result.parts, t, nf.format, money.format)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The typed lines and parts as the bill the contract takes, or what is wrong with them. */
function billOfForm(
  values: Record<Line, string>,
  partValues: Record<BillPartKey, string>,
  t: (key: string, o?: Record<string, unknown>) => string,
) {
  const parsed = Object.fromEntries(LINES.map((l) => [l, parseAmount(values[l])])) as Record<
    Line,
    number | null
  >;
  const bad = LINES.find((l) => Number.isNaN(parsed[l]));
  if (bad) return new Error(t('bill_notNumber', { line: t(`bill_line_${bad}`) }));
  if (parsed.kwh === null || parsed.total === null) return new Error(t('bill_needKwhTotal'));
  const parts = PART_KEYS.map((key) => ({ key, eur: parseAmount(partValues[key]) }));
  const badPart = parts.find((p) => Number.isNaN(p.eur));
  if (badPart) return new Error(t('bill_notNumber', { line: t(`bill_part_${badPart.key}`) }));
  return {
    ...(Object.fromEntries(LINES.map((l) => [FIELD[l], parsed[l]])) as { kwh: number; totalEur: number }),
    parts: parts.filter((p): p is { key: BillPartKey; eur: number } => p.eur !== null),
  };
}

function nextDay(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [y, m, d + 1];
}
