/**
 * One dropped file before and after it is imported: what it is (format, metering point), where it goes
 * (target meter, direction), what it holds per register (quarter-hours, kWh, quality, the clock-change
 * days with their 92/100 quarter-hours, gaps) and what the reader noticed. A file that cannot be
 * imported says why, in the person's language, with the line and column.
 */
import { useTranslation } from 'react-i18next';
import type { ImportDone, ImportFailure, ImportFileView, ImportPreview } from '../../../../preload/contract';
import { fmtDate, fmtDateTime, fmtQuantity, type FormatPrefs } from '../../format';
import { registerLabel } from '../../registers';
import { ErrorText } from '../ErrorText';
import { Suspicious, TargetPick } from './ImportTarget';

type T = (key: string, o?: Record<string, unknown>) => string;

export function failureText(f: ImportFailure['error'], t: T): string {
  const column =
    f.column === null
      ? ''
      : f.columnName
        ? t('import_columnNamed', { n: f.column, name: f.columnName })
        : t('import_column', { n: f.column });
  return t(`importErr_${f.kind}`, { line: f.line ?? '', column, defaultValue: f.message });
}

function Failed(props: { view: ImportFailure; onDefine: () => void }) {
  const { t } = useTranslation();
  const v = props.view;
  return (
    <>
      <p className="error" role="alert" data-testid="import-error" data-kind={v.error.kind}>
        {failureText(v.error, t)} {t('import_nothingStored')}
      </p>
      <details className="error-details">
        <summary>{t('details')}</summary>
        <pre>{v.error.message}</pre>
      </details>
      {v.start && (
        <button onClick={props.onDefine} data-testid="import-define-format">
          {t('import_defineFormat')}
        </button>
      )}
    </>
  );
}

function Ready(props: {
  view: ImportPreview;
  prefs: FormatPrefs;
  done: ImportDone | null;
  replace: boolean;
  onReplace: (replace: boolean) => void;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  onTarget: (meterId: string | null) => void;
  onDirection: (direction: 'consumption' | 'feed_in') => void;
}) {
  const { t } = useTranslation();
  const { view: v, prefs } = props;
  const first = Math.min(...v.series.map((s) => s.firstStartSec));
  const last = Math.max(...v.series.map((s) => s.lastEndSec));
  const locked = props.done !== null;
  return (
    <>
      {v.suspicious && (
        <Suspicious
          suspicious={v.suspicious}
          confirmed={props.confirmed}
          locked={locked}
          onConfirm={props.onConfirm}
        />
      )}
      <dl className="import-facts">
        <dt>{t('import_format')}</dt>
        <dd data-testid="import-format">
          {v.format.operator} · {v.format.isCustom ? t('import_custom') : v.format.product} (
          {t(`encoding_${v.encoding}`, { defaultValue: v.encoding })}, {t('import_rows', { count: v.rows })})
        </dd>
        <dt>{t('import_meteringPoint')}</dt>
        <dd data-testid="import-metering-point">{v.meteringPoint ?? t('import_noMeteringPoint')}</dd>
        <dt>
          <label htmlFor={`target-${v.fileId}`}>{t('import_target')}</label>
        </dt>
        <dd>
          <TargetPick view={v} locked={locked} onTarget={props.onTarget} />
          {v.conflicts.count > 0 && (
            <Conflicts
              conflicts={v.conflicts}
              prefs={prefs}
              replace={props.replace}
              locked={locked}
              onReplace={props.onReplace}
            />
          )}
        </dd>
        <dt>
          <label htmlFor={`dir-${v.fileId}`}>{t('import_direction')}</label>
        </dt>
        <dd>
          <select
            id={`dir-${v.fileId}`}
            data-testid="import-direction"
            value={v.direction}
            disabled={locked || v.directionFromFile}
            onChange={(e) => props.onDirection(e.target.value as 'consumption' | 'feed_in')}
          >
            <option value="consumption">{t('direction_consumption')}</option>
            <option value="feed_in">{t('direction_feed_in')}</option>
          </select>{' '}
          {!v.directionFromFile && <span className="hint">{t('import_directionAssumed')}</span>}
        </dd>
        <dt>{t('import_period')}</dt>
        <dd data-testid="import-period">
          {fmtDateTime(first, prefs)} – {fmtDateTime(last, prefs)}
        </dd>
      </dl>
      <SeriesTable series={v.series} prefs={prefs} />
      {v.importedBeforeSec !== null && (
        <p className="hint" data-testid="import-before">
          {t('import_importedBefore', { when: fmtDateTime(v.importedBeforeSec, prefs) })}
        </p>
      )}
      {v.notes.length > 0 && (
        <ul className="import-notes" aria-label={t('import_notes')} data-testid="import-notes">
          {v.notes.map((n, i) => (
            <li key={i} className={n.isWarning ? 'warn' : 'note'} data-code={n.code}>
              {n.isWarning ? '⚠ ' : 'ℹ '}
              {t(`importNote_${n.code}`, { ...n.params, defaultValue: n.text })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ImportFileCard(props: {
  view: ImportFileView;
  prefs: FormatPrefs;
  done: ImportDone | null;
  error: unknown;
  busy: boolean;
  onCommit: () => void;
  onSkip: () => void;
  onOpen: () => void;
  onDefine: () => void;
  onTarget: (meterId: string | null) => void;
  onDirection: (direction: 'consumption' | 'feed_in') => void;
  replace: boolean;
  onReplace: (replace: boolean) => void;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const v = props.view;
  return (
    <section
      className={`import-card ${v.status}`}
      data-testid="import-card"
      data-file={v.fileName}
      data-status={props.done ? 'done' : v.status}
      aria-label={v.fileName}
    >
      <h3>
        {v.fileName}
        {v.status === 'failed' && <span className="badge bad"> {t('import_failedTitle')}</span>}
      </h3>
      {v.status === 'failed' ? (
        <Failed view={v} onDefine={props.onDefine} />
      ) : (
        <Ready
          view={v}
          prefs={props.prefs}
          done={props.done}
          replace={props.replace}
          onReplace={props.onReplace}
          confirmed={props.confirmed}
          onConfirm={props.onConfirm}
          onTarget={props.onTarget}
          onDirection={props.onDirection}
        />
      )}
      {props.error !== null && <ErrorText error={props.error} prefs={props.prefs} />}
      {props.done ? (
        <p className="ok" role="status" data-testid="import-done">
          {t('import_done', { ...props.done })}{' '}
          {props.done.kept > 0 && t('import_doneKept', { count: props.done.kept })}{' '}
          {props.done.conflictsKept > 0 && t('import_doneConflictsKept', { count: props.done.conflictsKept })}{' '}
          <button onClick={props.onOpen} data-testid="import-open">
            {t('import_open')}
          </button>
        </p>
      ) : (
        v.status === 'ready' && (
          <div className="modal-actions">
            <button onClick={props.onSkip} disabled={props.busy}>
              {t('import_skip')}
            </button>
            <button
              className="primary"
              onClick={props.onCommit}
              disabled={props.busy || v.intervalConflict !== null}
              data-testid="import-commit"
            >
              {t('import_commit')}
            </button>
          </div>
        )
      )}
    </section>
  );
}

/** Stored quarter-hours the file gives other values: a sample, and keep or replace them. */
function Conflicts(props: {
  conflicts: ImportPreview['conflicts'];
  prefs: FormatPrefs;
  replace: boolean;
  locked: boolean;
  onReplace: (replace: boolean) => void;
}) {
  const { t } = useTranslation();
  const { conflicts, prefs, replace, locked } = props;
  return (
    <div className="warn small" role="alert" data-testid="import-conflicts">
      {t('import_conflicts', { count: conflicts.count })}{' '}
      {conflicts.sample
        .slice(0, 3)
        .map((c) => `${fmtDateTime(c.startSec, prefs)}: ${c.stored} → ${c.file} kWh`)
        .join('; ')}
      <div>
        <label className="inline">
          <input
            type="radio"
            checked={!replace}
            disabled={locked}
            onChange={() => props.onReplace(false)}
            data-testid="import-conflict-keep"
          />{' '}
          {t('import_conflictKeep')}
        </label>{' '}
        <label className="inline">
          <input
            type="radio"
            checked={replace}
            disabled={locked}
            onChange={() => props.onReplace(true)}
            data-testid="import-conflict-replace"
          />{' '}
          {t('import_conflictReplace')}
        </label>{' '}
        <span className="muted">{t('import_conflictOther')}</span>
      </div>
    </div>
  );
}

/** Each register the file holds: readings, sum, quality, its clock-change days and gaps. */
function SeriesTable({ series, prefs }: { series: ImportPreview['series']; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="import-series">
        <thead>
          <tr>
            <th scope="col">{t('import_register')}</th>
            <th scope="col" className="num">
              {t('import_readings')}
            </th>
            <th scope="col" className="num">
              {t('import_sum')}
            </th>
            <th scope="col">{t('quality')}</th>
            <th scope="col">{t('import_changeDays')}</th>
            <th scope="col">{t('gaps')}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s) => (
            <tr key={s.obisCode} data-testid="import-series-row" data-obis={s.obisCode}>
              <td>{registerLabel(s.obisCode, t)}</td>
              <td className="num" data-testid="import-readings" data-interval={s.intervalSec}>
                {fmtQuantity(s.readings, 'count', prefs)} {t(`import_interval_${s.intervalSec}`)}
              </td>
              <td className="num">{fmtQuantity(s.sumKwh, 'kwh', prefs)}</td>
              <td>
                {fmtQuantity(s.quality.measured, 'count', prefs)} {t('q1')} ·{' '}
                {fmtQuantity(s.quality.estimated, 'count', prefs)} {t('q2')} ·{' '}
                {fmtQuantity(s.quality.unreliable, 'count', prefs)} {t('q3')}
              </td>
              <td data-testid="import-change-days">
                {s.changeDays.length === 0
                  ? t('import_none')
                  : s.changeDays.map((d) => (
                      <span
                        key={d.day}
                        className={d.received === d.expected ? 'change-day' : 'change-day short'}
                        data-testid="import-change-day"
                      >
                        {t('import_changeDay', {
                          day: fmtDate(Date.parse(`${d.day}T12:00:00Z`) / 1000, prefs),
                          received: d.received,
                          expected: d.expected,
                        })}
                      </span>
                    ))}
              </td>
              <td>{s.missing === 0 ? t('import_gapsNone') : t('import_gapsCount', { count: s.missing })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
