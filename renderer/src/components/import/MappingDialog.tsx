/**
 * A file Meterdesk does not know: the person says once which column holds what (separator, decimal
 * mark, the line with the column names, date and time, value, unit, start or end, time zone), sees the
 * first values as Meterdesk reads them while choosing, and saves it as a named format that the
 * detector recognises from then on.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportFailure, ImportFileView, ImportMapping, MappingTry } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtNumber } from '../../format';
import { usePrefs } from '../../store';
import { ErrorText } from '../ErrorText';
import { Modal } from '../Modal';
import { failureText } from './ImportFileCard';

/** A first guess from the lines: the separator used most in the first line. */
function guess(lines: string[], fileName: string): ImportMapping {
  const first = lines[0] ?? '';
  const count = (c: string) => first.split(c).length - 1;
  const delimiter =
    count('\t') > count(';') && count('\t') > count(',') ? '\t' : count(',') > count(';') ? ',' : ';';
  return {
    name: fileName.replace(/\.[^.]+$/, '').slice(0, 60) || 'Format',
    delimiter,
    decimal: delimiter === ',' ? '.' : ',',
    headerLine: 1,
    dateColumn: 0,
    timeColumn: null,
    valueColumn: 1,
    qualityColumn: null,
    unit: 'kWh',
    stamp: 'start',
    timeZone: 'Europe/Vienna',
    direction: 'consumption',
  };
}

export function MappingDialog(props: {
  failure: ImportFailure;
  onClose: () => void;
  onSaved: (view: ImportFileView) => void;
}) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const lines = useMemo(() => props.failure.start?.lines ?? [], [props.failure]);
  const [m, setM] = useState<ImportMapping>(() => guess(lines, props.failure.fileName));
  const [tried, setTried] = useState<MappingTry | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ImportMapping>(k: K, v: ImportMapping[K]) => setM((x) => ({ ...x, [k]: v }));

  useEffect(() => {
    const timer = setTimeout(() => {
      unwrap(api().import.tryMapping({ fileId: props.failure.fileId, mapping: m })).then(
        (r) => {
          setTried(r);
          setError(null);
        },
        (err: unknown) => {
          setTried(null);
          setError(err);
        },
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [m, props.failure.fileId]);

  const save = async () => {
    setBusy(true);
    try {
      props.onSaved(await unwrap(api().import.saveFormat({ fileId: props.failure.fileId, mapping: m })));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('mapping_title', { name: props.failure.fileName })}
      testId="mapping-dialog"
      onClose={props.onClose}
      wide
    >
      <p>{t('mapping_intro')}</p>
      <h3>{t('mapping_firstLines')}</h3>
      <pre className="mapping-lines" data-testid="mapping-lines">
        {lines.map((l, i) => `${String(i + 1).padStart(2)}  ${l}`).join('\n')}
      </pre>
      <MappingFields m={m} set={set} lines={lines.length} header={tried?.header ?? []} />
      <h3>{t('mapping_preview')}</h3>
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {tried?.error && (
        <p className="error" role="alert" data-testid="mapping-error">
          {failureText(tried.error, t)}
        </p>
      )}
      {tried && tried.rows.length > 0 && (
        <table className="mapping-preview">
          <tbody>
            {tried.rows.map((r) => (
              <tr key={r.line} data-testid="mapping-preview-row">
                <td className="num">{r.line}</td>
                <td>{r.label}</td>
                <td className="num">{fmtNumber(r.valueKwh, prefs)} kWh</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="modal-actions">
        <button onClick={props.onClose}>{t('cancel')}</button>
        <button
          className="primary"
          onClick={() => void save()}
          disabled={busy || !tried || tried.error !== null || tried.rows.length === 0}
          data-testid="mapping-save"
        >
          {t('mapping_save')}
        </button>
      </div>
    </Modal>
  );
}

/** The mapping's fields: name, separators, header line, the columns, unit, time stamp, zone, direction. */
function MappingFields(props: {
  m: ImportMapping;
  set: <K extends keyof ImportMapping>(k: K, v: ImportMapping[K]) => void;
  lines: number;
  header: string[];
}) {
  const { t } = useTranslation();
  const { m, set, lines, header } = props;
  const columns = (key: 'dateColumn' | 'timeColumn' | 'valueColumn' | 'qualityColumn', optional: boolean) => (
    <label>
      {t(`mapping_${key}`)}
      <select
        value={m[key] === null ? '' : String(m[key])}
        data-testid={`mapping-${key}`}
        onChange={(e) =>
          set(key, e.target.value === '' ? (null as never) : (Number(e.target.value) as never))
        }
      >
        {optional && <option value="">{t('mapping_noColumn')}</option>}
        {(header.length > 0 ? header : ['']).map((h, i) => (
          <option key={i} value={i}>
            {t('mapping_column', { n: i + 1, name: h })}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="mapping-form">
      <label>
        {t('mapping_name')}
        <input
          value={m.name}
          maxLength={60}
          onChange={(e) => set('name', e.target.value)}
          data-testid="mapping-name"
        />
      </label>
      <Choice
        label={t('mapping_delimiter')}
        value={m.delimiter}
        onChange={(v) => set('delimiter', v)}
        options={[
          [';', ';'],
          [',', ','],
          ['\t', t('mapping_tab')],
        ]}
        testId="mapping-delimiter"
      />
      <Choice
        label={t('mapping_decimal')}
        value={m.decimal}
        onChange={(v) => set('decimal', v)}
        options={[
          [',', '0,25'],
          ['.', '0.25'],
        ]}
        testId="mapping-decimal"
      />
      <label>
        {t('mapping_headerLine')}
        <input
          type="number"
          min={1}
          max={Math.max(1, Math.min(50, lines))}
          value={m.headerLine}
          onChange={(e) => set('headerLine', Math.max(1, Math.min(50, Number(e.target.value) || 1)))}
          data-testid="mapping-headerLine"
        />
      </label>
      {columns('dateColumn', false)}
      {columns('timeColumn', true)}
      {columns('valueColumn', false)}
      {columns('qualityColumn', true)}
      <Choice
        label={t('mapping_unit')}
        value={m.unit}
        onChange={(v) => set('unit', v)}
        options={(['kWh', 'Wh', 'kW', 'W'] as const).map((u) => [u, u])}
        testId="mapping-unit"
      />
      <Choice
        label={t('mapping_stamp')}
        value={m.stamp}
        onChange={(v) => set('stamp', v)}
        options={[
          ['start', t('mapping_stamp_start')],
          ['end', t('mapping_stamp_end')],
        ]}
        testId="mapping-stamp"
      />
      <Choice
        label={t('mapping_timeZone')}
        value={m.timeZone}
        onChange={(v) => set('timeZone', v)}
        options={[
          ['Europe/Vienna', t('mapping_tz_vienna')],
          ['UTC', t('mapping_tz_utc')],
        ]}
      />
      <Choice
        label={t('import_direction')}
        value={m.direction}
        onChange={(v) => set('direction', v)}
        options={[
          ['consumption', t('direction_consumption')],
          ['feed_in', t('direction_feed_in')],
        ]}
      />
    </div>
  );
}

/** One labelled select of fixed choices, typed by its values. */
function Choice<V extends string>(props: {
  label: string;
  value: V;
  onChange: (v: V) => void;
  options: readonly (readonly [V, string])[];
  testId?: string;
}) {
  return (
    <label>
      {props.label}
      <select
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as V)}
        data-testid={props.testId}
      >
        {props.options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
