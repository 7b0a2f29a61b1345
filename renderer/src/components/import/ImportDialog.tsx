/**
 * The import: files dropped on the window (or chosen) are read by main and previewed here, one card
 * each, before anything is written; each is then imported as a whole (one transaction) or left out.
 * Progress shows while a large file is read. When every file is dealt with, the (last) imported meter
 * opens on its chart.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportDone, ImportFailure, ImportFileView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtPercent } from '../../format';
import { useApp, usePrefs } from '../../store';
import { ErrorText } from '../ErrorText';
import { Modal } from '../Modal';
import { ImportFileCard } from './ImportFileCard';
import { ImportLog } from './ImportLog';
import { MappingDialog } from './MappingDialog';
import { readForImport } from './read-files';

export function ImportDialog(props: { incoming: { files: File[]; n: number } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [views, setViews] = useState<ImportFileView[]>([]);
  const [done, setDone] = useState<Record<string, ImportDone>>({});
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const [local, setLocal] = useState<{ name: string; text: string | null; error: unknown }[]>([]);
  const [progress, setProgress] = useState<{ fileName: string; fraction: number; phase: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  /** Files whose conflicting quarter-hours the person chose to replace (the default keeps them). */
  const [replacing, setReplacing] = useState<Record<string, boolean>>({});
  /** Files whose implausible magnitudes the person checked and confirmed. */
  const [confirmed, setConfirmed] = useState<Record<string, boolean>>({});
  const [mapping, setMapping] = useState<ImportFailure | null>(null);
  const seen = useRef(0);

  const replace = (v: ImportFileView) => setViews((vs) => vs.map((x) => (x.fileId === v.fileId ? v : x)));

  const addFiles = useCallback(
    async (files: File[]) => {
      setBusy(true);
      await previewFiles(files, {
        tooLarge: (name, bytes) => t('import_tooLargeLocal', { name, mb: Math.round(bytes / 1048576) }),
        onView: (v) => setViews((vs) => [...vs, v]),
        onLocal: (l) => setLocal((ls) => [...ls, l]),
        onReading: (fileName) => setProgress({ fileName, fraction: 0, phase: 'reading' }),
      });
      setProgress(null);
      setBusy(false);
    },
    [t],
  );

  useEffect(() => api().on('import:progress', (p) => setProgress(p)), []);
  useEffect(() => {
    if (props.incoming && props.incoming.n !== seen.current) {
      seen.current = props.incoming.n;
      void addFiles(props.incoming.files);
    }
  }, [props.incoming, addFiles]);

  const pending = views.filter((v) => v.status === 'ready' && !done[v.fileId]);
  const close = () => {
    const left = views.filter((v) => !done[v.fileId]).map((v) => v.fileId);
    if (left.length > 0) void api().import.discard({ fileIds: left });
    props.onClose();
  };
  const openMeter = async (meterId: string) => {
    await useApp.getState().metersRequested();
    useApp.getState().meterSelected(meterId);
    props.onClose();
  };
  const commit = async (fileIds: string[]) => {
    setBusy(true);
    const { last, failed } = await commitFiles(fileIds, { replacing, confirmed }, (fileId, d, error) => {
      if (d) setDone((x) => ({ ...x, [fileId]: d }));
      setErrors((x) => ({ ...x, [fileId]: error }));
    });
    setProgress(null);
    setBusy(false);
    await useApp.getState().metersRequested();
    // Everything dealt with and nothing to read about: straight to the chart.
    const rest = views.filter((v) => !fileIds.includes(v.fileId) && !done[v.fileId]);
    if (last && !failed && rest.length === 0 && local.length === 0) await openMeter(last.meterId);
  };
  const update = async (
    fileId: string,
    change: { meterId?: string | null; direction?: 'consumption' | 'feed_in' },
  ) => {
    try {
      replace(await unwrap(api().import.update({ fileId, ...change })));
      setErrors((x) => ({ ...x, [fileId]: null }));
    } catch (error) {
      setErrors((x) => ({ ...x, [fileId]: error }));
    }
  };

  return (
    <Modal title={t('import_title')} testId="import-dialog" onClose={close} wide>
      <DropZone busy={busy} onFiles={(files) => void addFiles(files)} />
      <ReadState progress={progress} local={local} />
      <div className="import-cards">
        {views.map((v) => (
          <ImportFileCard
            key={v.fileId}
            view={v}
            prefs={prefs}
            done={done[v.fileId] ?? null}
            error={errors[v.fileId] ?? null}
            busy={busy}
            onCommit={() => void commit([v.fileId])}
            onSkip={() => {
              void api().import.discard({ fileIds: [v.fileId] });
              setViews((vs) => vs.filter((x) => x.fileId !== v.fileId));
            }}
            onOpen={() => void openMeter(done[v.fileId]!.meterId)}
            onDefine={() => v.status === 'failed' && setMapping(v)}
            replace={!!replacing[v.fileId]}
            onReplace={(r) => setReplacing((x) => ({ ...x, [v.fileId]: r }))}
            confirmed={!!confirmed[v.fileId]}
            onConfirm={(c) => setConfirmed((x) => ({ ...x, [v.fileId]: c }))}
            onTarget={(meterId) => void update(v.fileId, { meterId })}
            onDirection={(direction) => void update(v.fileId, { direction })}
          />
        ))}
      </div>
      <ImportLog refreshKey={Object.keys(done).length} />
      <Actions
        pending={pending.length}
        busy={busy}
        onClose={close}
        onAll={() => void commit(pending.map((v) => v.fileId))}
      />
      {mapping && (
        <MappingDialog
          failure={mapping}
          onClose={() => setMapping(null)}
          onSaved={(v) => {
            replace(v);
            setMapping(null);
          }}
        />
      )}
    </Modal>
  );
}

/**
 * Imports the files one after another, each as a whole (keeping or replacing conflicting quarter-hours
 * as the person chose, implausible magnitudes only where confirmed); `on` hears each file's result.
 */
async function commitFiles(
  fileIds: string[],
  choice: { replacing: Record<string, boolean>; confirmed: Record<string, boolean> },
  on: (fileId: string, done: ImportDone | null, error: unknown) => void,
): Promise<{ last: ImportDone | null; failed: boolean }> {
  let last: ImportDone | null = null;
  let failed = false;
  for (const fileId of fileIds) {
    try {
      const d = await unwrap(
        api().import.commit({
          fileId,
          onConflict: choice.replacing[fileId] ? 'replace' : 'keep',
          confirmSuspicious: !!choice.confirmed[fileId],
        }),
      );
      last = d;
      on(fileId, d, null);
    } catch (error) {
      failed = true;
      on(fileId, null, error);
    }
  }
  return { last, failed };
}

/**
 * Each file read here (a file past the cap is refused before it crosses IPC) and previewed by the core,
 * one after another; what the core refuses is listed with its error.
 */
async function previewFiles(
  files: File[],
  on: {
    tooLarge: (name: string, bytes: number) => string;
    onView: (v: ImportFileView) => void;
    onLocal: (l: { name: string; text: string | null; error: unknown }) => void;
    onReading: (name: string) => void;
  },
): Promise<void> {
  for (const f of files) {
    on.onReading(f.name);
    const r = await readForImport(f);
    if ('tooLarge' in r) {
      on.onLocal({ name: r.name, text: on.tooLarge(r.name, r.tooLarge), error: null });
      continue;
    }
    try {
      const [v] = await unwrap(api().import.preview({ files: [r] }));
      if (v) on.onView(v);
    } catch (error) {
      on.onLocal({ name: f.name, text: null, error });
    }
  }
}

/** Close, and import all files at once when more than one is ready. */
function Actions(props: { pending: number; busy: boolean; onClose: () => void; onAll: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="modal-actions">
      <button onClick={props.onClose} data-testid="import-close">
        {t('import_close')}
      </button>
      {props.pending > 1 && (
        <button
          className="primary"
          disabled={props.busy}
          onClick={props.onAll}
          data-testid="import-commit-all"
        >
          {t('import_commitAll', { count: props.pending })}
        </button>
      )}
    </div>
  );
}

/** Files dropped here or chosen with the button. */
function DropZone(props: { busy: boolean; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const onFiles = props.onFiles;
  return (
    <div
      className="import-drop"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onFiles([...e.dataTransfer.files]);
      }}
    >
      <p>{t('import_intro')}</p>
      <button onClick={() => input.current?.click()} disabled={props.busy} data-testid="import-choose">
        {t('import_choose')}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept=".csv,.txt,.xlsx,.xls,text/csv"
        hidden
        data-testid="import-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          onFiles(files);
        }}
      />
    </div>
  );
}

/** What is being read or written now, and the files refused before the core saw them. */
function ReadState(props: {
  progress: { fileName: string; fraction: number; phase: string } | null;
  local: { name: string; text: string | null; error: unknown }[];
}) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const { progress, local } = props;
  return (
    <>
      {progress && (
        <div className="import-progress" role="status" data-testid="import-progress">
          {progress.phase === 'writing'
            ? t('import_writing', { name: progress.fileName })
            : t('import_reading', { name: progress.fileName, percent: fmtPercent(progress.fraction, prefs) })}
          <progress max={1} value={progress.fraction} />
        </div>
      )}
      {local.map((l, i) => (
        <section
          key={`local-${i}`}
          className="import-card failed"
          data-testid="import-card"
          data-file={l.name}
        >
          <h3>{l.name}</h3>
          {l.text ? (
            <p className="error" role="alert" data-testid="import-error">
              {l.text}
            </p>
          ) : (
            <ErrorText error={l.error} prefs={prefs} />
          )}
        </section>
      ))}
    </>
  );
}
