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
import type { CommunityView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtDateTime, fmtDayKey, localDateStart, localYmd } from '../../format';
import { useApp } from '../../store';
import { useResult } from '../analysis/useResult';
import { readForImport } from '../import/read-files';
import { ErrorText } from '../ErrorText';
import { Modal } from '../Modal';
import { CommunityEditor } from './CommunityEditor';
import { ViewBody } from './ViewBody';
import { WhatIf } from './WhatIf';

const isoDay = (sec: number, tz: string) => {
  const { y, m, d } = localYmd(sec, tz);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};
const startOf = (iso: string, tz: string, plusDays = 0) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return localDateStart(y, m, d + plusDays, tz);
};

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
                    (n) =>
                      t(`eda_note_${n.code}`, {
                        ...n.params,
                        ...(typeof n.params.firstSec === 'number'
                          ? { first: fmtDateTime(n.params.firstSec, prefs) }
                          : {}),
                        ...(typeof n.params.days === 'string'
                          ? {
                              days: n.params.days
                                .split(', ')
                                .map((d) => fmtDayKey(d, prefs))
                                .join(', '),
                            }
                          : {}),
                        defaultValue: '',
                      }) || n.code,
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

/**
 * The days a community's view shows: its own span when it is picked (community:span — an EDA report's
 * days, else the last complete months its members' data covers), then the person's choice. `spanOf` is
 * the community whose span is set; the view waits for it.
 */
function useCommunitySpan(id: string | null, timeZone: string) {
  const [from, setFrom] = useState(() => isoDay(Date.now() / 1000 - 365 * 86_400, timeZone));
  const [to, setTo] = useState(() => isoDay(Date.now() / 1000, timeZone));
  const [spanOf, setSpanOf] = useState<string | null>(null);
  useEffect(() => {
    if (!id || spanOf === id) return;
    let live = true;
    unwrap(api().community.span({ communityId: id })).then(
      (s) => {
        if (!live) return;
        setFrom(isoDay(s.fromSec, timeZone));
        setTo(isoDay(s.toSec - 1, timeZone));
        setSpanOf(id);
      },
      () => live && setSpanOf(id),
    );
    return () => {
      live = false;
    };
  }, [id, spanOf, timeZone]);
  return { from, to, setFrom, setTo, spanOf };
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
  const { from, to, setFrom, setTo, spanOf } = useCommunitySpan(id, timeZone);
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
    if (!id || spanOf !== id) return;
    let live = true;
    setView({ data: null, error: null });
    unwrap(api().community.view({ communityId: id, fromSec, toSec })).then(
      (data) => live && setView({ data, error: null }),
      (error: unknown) => live && setView({ data: null, error }),
    );
    return () => {
      live = false;
    };
  }, [id, spanOf, fromSec, toSec, version]);
  return (
    <Modal title={t('eeg_title')} testId="community-panel" onClose={onClose} wide>
      <CommunityPick
        list={list.data ?? []}
        id={id}
        onPick={setPicked}
        from={from}
        to={to}
        onFrom={setFrom}
        onTo={setTo}
      />
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

/** Which community, and over which days (the dates as the person types them, local days). */
function CommunityPick(props: {
  list: { id: string; name: string; kind: string; consumers: number; producers: number }[];
  id: string | null;
  onPick: (id: string) => void;
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="toolbar">
      <label className="inline">
        {t('eeg_community')}{' '}
        <select value={props.id ?? ''} onChange={(e) => props.onPick(e.target.value)} data-testid="eeg-pick">
          {props.list.map((c) => (
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
          value={props.from}
          onChange={(e) => e.target.value && props.onFrom(e.target.value)}
          data-testid="eeg-from"
        />
      </label>{' '}
      <label className="inline">
        {t('eeg_to')}{' '}
        <input
          type="date"
          value={props.to}
          onChange={(e) => e.target.value && props.onTo(e.target.value)}
          data-testid="eeg-to"
        />
      </label>
    </div>
  );
}
