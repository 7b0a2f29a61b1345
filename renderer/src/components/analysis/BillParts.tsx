/**
 * A bill by its parts (issue 44, item 5): the fields for the grid fees' and levies' parts where a bill
 * lists them, and the reconciled parts beside the tariff's (main/cost/bill-parts.ts). Empty parts are
 * not compared; the labels are the dictionary's (the CLI's templates carry the bill's own words).
 */
import { useTranslation } from 'react-i18next';
import type { BillPartKey, BillReconciliation } from '../../../../preload/contract';
import { BILL_PARTS } from '../../../../preload/contract-plain';
import { partName } from '../../../../common/bill-words';
import type { FormatPrefs } from '../../format';
import { fmtEur } from './CostView';

export const PART_KEYS = Object.keys(BILL_PARTS) as BillPartKey[];

export function BillPartsFields(props: {
  values: Record<BillPartKey, string>;
  onChange: (key: BillPartKey, text: string) => void;
}) {
  const { t } = useTranslation();
  const filled = PART_KEYS.some((k) => props.values[k].trim() !== '');
  return (
    <details className="bill-parts" open={filled} data-testid="bill-parts-fields">
      <summary>{t('bill_parts')}</summary>
      <p className="small muted">{t('bill_parts_hint')}</p>
      {(['grid', 'levies'] as const).map((line) => (
        <fieldset key={line}>
          <legend>{t(`bill_line_${line}`)}</legend>
          {PART_KEYS.filter((k) => BILL_PARTS[k] === line).map((k) => (
            <label key={k}>
              {t(`bill_part_${k}`)}
              <input
                inputMode="decimal"
                value={props.values[k]}
                onChange={(e) => props.onChange(k, e.target.value)}
                data-testid={`bill-part-${k}`}
              />
            </label>
          ))}
        </fieldset>
      ))}
    </details>
  );
}

/** The parts the bill or the tariff holds, each beside the other, with what the tariff counted in it. */
export function BillPartsTable(props: { result: BillReconciliation; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  if (props.result.parts.length === 0) return null;
  const eur = (v: number | null) => (v === null ? '–' : fmtEur(v, props.prefs));
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="bill-parts">
        <BillTableHead first={t('bill_part')} />
        <tbody>
          {props.result.parts.map((p) => (
            <tr key={p.key} data-testid="bill-part" data-part={p.key} data-ours={p.ours}>
              <td title={p.names.join(', ')}>
                {t(`bill_line_${p.line}`).split(' (')[0]}: {partName(p, t)}
              </td>
              <td className="num">{eur(p.bill)}</td>
              <td className="num">{eur(p.ours)}</td>
              <td className={p.difference !== null && Math.abs(p.difference) >= 0.01 ? 'num warn' : 'num'}>
                {eur(p.difference)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The head of the bill's tables: the line or part, the bill, Meterdesk, the difference. */
export function BillTableHead(props: { first: string }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{props.first}</th>
        {[t('bill_bill'), 'Meterdesk', t('bill_difference')].map((h) => (
          <th key={h} scope="col" className="num">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}
