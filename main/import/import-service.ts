/**
 * The import as the app uses it: files are staged in memory when dropped (nothing written), previewed,
 * re-read with another direction or a defined format, and written one file per transaction into the
 * active profile. Staged files are bounded (count and bytes); the oldest go first.
 */
import type Database from 'better-sqlite3';
import type {
  ImportDone,
  ImportFailure,
  ImportFileView,
  ImportMapping,
  ImportPreview,
  MappingTry,
} from '../../preload/contract';
import type { ReadingsStore } from '../db/readings-store';
import { AppError } from '../errors';
import { createCustomFormats, specOfMapping } from './custom-formats';
import { checkColumns, headerOf } from './mapping-header';
import { containerOf } from './decode';
import {
  importConflicts,
  intervalConflict,
  intervalConflictText,
  importedBefore,
  resolveTarget,
  serviceOverlap,
  sha256,
  suggestMeter,
} from './into-store';
import type { ImportWrites } from './import-writes';
import { note, noteText, type ImportNote } from './notes';
import type { ParseJob } from './parse-thread';
import { fileStart, readImportFile } from './read-file';
import { summarize, type SeriesSummary } from './summary';
import { ImportError, type Direction, type ParsedFile } from './types';
import { naiveText } from './wall-time';
import { offsetMinutesAt } from '../time/local-days';
import { systemClock } from '../time/clock';

const MAX_STAGED_FILES = 50;
const MAX_STAGED_BYTES = 512 * 1024 * 1024;

interface Staged {
  id: string;
  name: string;
  bytes: Uint8Array;
  hash: string;
  direction: Direction | null;
  meterId: string | null;
  parsed: ParsedFile | null;
}

export interface ImportDeps {
  dataDir: string;
  tz: string;
  /**
   * The active profile: its database (a team profile's: the copy) and the door its imports go through
   * (refused when its database is damaged; a team's server, then the copy).
   */
  active: () => Promise<{
    db: Database.Database;
    readings: ReadingsStore;
    storeWrites: () => Promise<{ imports: ImportWrites }>;
  }>;
  onProgress?: (p: { fileName: string; fraction: number; phase: 'reading' | 'writing' }) => void;
  onWritten?: (meterId: string) => void;
  now?: () => number;
  /**
   * Reads a file's bytes (the app: a worker thread, parse-thread.ts); in this process when not given
   * (the CLI reads one file and waits for it anyway).
   */
  parse?: (job: ParseJob) => Promise<ParsedFile>;
}

/** Reading in this process, with the same job shape as the thread's. */
async function parseHere(job: ParseJob): Promise<ParsedFile> {
  return readImportFile(job.bytes, {
    tz: job.tz,
    direction: job.direction,
    custom: job.custom.map((f) => specOfMapping(f.mapping, f.header)),
    format: job.mapping ? specOfMapping(job.mapping.mapping, job.mapping.header) : undefined,
    onProgress: async (fraction) => {
      job.onProgress?.(fraction);
      await new Promise((resolve) => setImmediate(resolve)); // keep the process responsive
    },
  });
}

/** Notes a file's readings call for beyond what the reader noticed: the gaps, per series. */
export function notesWithGaps(
  parsed: ParsedFile,
  summaries: readonly SeriesSummary[],
  tz: string,
): ImportNote[] {
  const out = [...parsed.notes];
  for (const s of summaries) {
    if (s.missing === 0) continue;
    // Each gap with its full span: the end's date too when it lies on another day.
    const ranges = s.gaps
      .map((g) => {
        const a = localText(g.fromSec, tz);
        const b = localText(g.toSec, tz);
        return `${a}–${b.slice(0, 10) === a.slice(0, 10) ? b.slice(11) : b}`;
      })
      .join(', ');
    out.push(
      note(s.intervalSec === 3600 ? 'gaps_hours' : 'gaps', {
        missing: s.missing,
        ranges: s.gaps.length === 5 ? `${ranges}, …` : ranges,
        obis: s.obisCode,
      }),
    );
  }
  return out;
}

function localText(sec: number, tz: string): string {
  return naiveText(sec + offsetMinutesAt(sec, tz) * 60);
}

export function failureOf(id: string, name: string, bytes: Uint8Array, err: ImportError): ImportFailure {
  let start: ImportFailure['start'] = null;
  if (err.kind === 'unknown_format' && containerOf(bytes) === 'text') {
    try {
      start = fileStart(bytes);
    } catch {
      start = null;
    }
  }
  return {
    status: 'failed',
    fileId: id,
    fileName: name,
    bytes: bytes.length,
    error: {
      kind: err.kind,
      message: err.message,
      line: err.line,
      column: err.column?.index ?? null,
      columnName: err.column?.name ?? null,
    },
    start,
  };
}

/** What a staged file would do to its target meter, for the preview. */
function previewOf(db: Database.Database, st: Staged, tz: string): ImportPreview {
  const parsed = st.parsed!;
  const target = resolveTarget(db, parsed, st.meterId, { name: st.name, sha256: st.hash });
  const series = parsed.series.map((s) => summarize(s, tz));
  const conflicts = target.exists ? importConflicts(db, target.meterId, parsed) : { count: 0, sample: [] };
  const interval = target.exists ? intervalConflict(db, target.meterId, parsed) : null;
  const suggestion =
    !parsed.meteringPoint && st.meterId === null ? suggestMeter(db, parsed, target.meterId) : null;
  const notes = notesWithGaps(parsed, series, tz);
  const overlap = target.exists ? serviceOverlap(db, target.meterId, parsed) : 0;
  if (overlap > 0) notes.push(note('service_data_kept', { count: overlap }));
  return {
    status: 'ready',
    fileId: st.id,
    fileName: st.name,
    bytes: st.bytes.length,
    format: {
      id: parsed.format.id,
      operator: parsed.format.operator,
      product: parsed.format.product,
      isCustom: !!parsed.format.isCustom,
    },
    encoding: parsed.encoding,
    meteringPoint: parsed.meteringPoint,
    direction: parsed.direction,
    directionFromFile: st.direction === null && !parsed.notes.some((n) => n.code === 'direction_assumed'),
    target,
    series,
    notes: notes.map((n) => ({ ...n, text: noteText(n) })),
    rows: parsed.rows,
    serviceOverlap: overlap,
    importedBeforeSec: importedBefore(db, st.hash, target.meterId),
    conflicts: { count: conflicts.count, sample: conflicts.sample },
    suggestion,
    intervalConflict: interval ? { ...interval, text: intervalConflictText(interval) } : null,
    suspicious: parsed.suspicious ? { ...parsed.suspicious, text: noteText(parsed.suspicious) } : null,
  };
}

/** A staged file that may be written: read without error, and confirmed where it looks implausible. */
function committable(st: Staged, confirmSuspicious: boolean): ParsedFile {
  if (!st.parsed)
    throw new AppError(
      'invalid_input',
      `${st.name} cannot be imported as it is; see its message in the list.`,
      {
        reason: 'import_file_refused',
        params: { name: st.name },
      },
    );
  if (st.parsed.suspicious && !confirmSuspicious)
    throw new AppError(
      'invalid_input',
      `${st.name}: ${noteText(st.parsed.suspicious)} Nothing was imported; confirm that the file is right to import it anyway.`,
      { reason: 'import_suspicious', params: { name: st.name } },
    );
  return st.parsed;
}

/** A file of another interval than the target's series: refused, with both intervals. */
function intervalRefusal(
  name: string,
  m: { obisCode: string; storedSec: number; fileSec: number },
): AppError {
  return new AppError('conflict', `${name}: ${intervalConflictText(m)}`, {
    reason: 'import_interval_conflict',
    params: {
      name,
      register: m.obisCode,
      storedInterval: m.storedSec === 3600 ? 'hourly' : 'quarter_hourly',
      fileInterval: m.fileSec === 3600 ? 'hourly' : 'quarter_hourly',
    },
  });
}

/** A mapping tried on a staged file: its first rows as the importer would read them, or why not. */
async function tryParse(
  st: Staged,
  m: ImportMapping,
  header: string[],
  tz: string,
  readBytes: NonNullable<ImportDeps['parse']>,
): Promise<MappingTry> {
  try {
    const parsed = await readBytes({
      bytes: st.bytes,
      tz: tz,
      direction: null,
      custom: [],
      mapping: { mapping: m, header },
    });
    const s = parsed.series[0]!;
    const rows = s.startSec.slice(0, 12).map((startSec, i) => ({
      line: s.line[i]!,
      label: localText(startSec, tz),
      startSec,
      valueKwh: s.valueKwh[i]!,
    }));
    return { header, rows, error: null };
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    return { header, rows: [], error: failureOf(st.id, st.name, st.bytes, err).error };
  }
}

export function createImportService(deps: ImportDeps) {
  const formats = createCustomFormats(deps.dataDir);
  const staged = new Map<string, Staged>();
  let counter = 0;
  const now = deps.now ?? (() => systemClock.nowSec());
  const readBytes = deps.parse ?? parseHere;

  function stage(name: string, bytes: Uint8Array): Staged {
    const st: Staged = {
      id: `f${(++counter).toString(36)}${systemClock.nowMs().toString(36)}`,
      name,
      bytes,
      hash: sha256(bytes),
      direction: null,
      meterId: null,
      parsed: null,
    };
    staged.set(st.id, st);
    let total = [...staged.values()].reduce((n, s) => n + s.bytes.length, 0);
    for (const old of staged.values()) {
      if (staged.size <= MAX_STAGED_FILES && total <= MAX_STAGED_BYTES) break;
      if (old === st) continue;
      staged.delete(old.id);
      total -= old.bytes.length;
    }
    return st;
  }

  function get(fileId: string): Staged {
    const st = staged.get(fileId);
    if (!st)
      throw new AppError(
        'not_found',
        'That file is no longer waiting to be imported: drop it on the window again.',
        { reason: 'import_file_gone' },
      );
    return st;
  }

  const view = async (st: Staged) => previewOf((await deps.active()).db, st, deps.tz);

  async function read(st: Staged): Promise<ImportFileView> {
    let last = 0;
    try {
      st.parsed = await readBytes({
        bytes: st.bytes,
        tz: deps.tz,
        direction: st.direction,
        custom: formats.list(),
        onProgress: (fraction) => {
          if (fraction - last >= 0.05 || fraction === 1) {
            last = fraction;
            deps.onProgress?.({ fileName: st.name, fraction, phase: 'reading' });
          }
        },
      });
      return await view(st);
    } catch (err) {
      st.parsed = null;
      if (err instanceof ImportError) return failureOf(st.id, st.name, st.bytes, err);
      throw err;
    }
  }

  return {
    async preview(files: { name: string; dataBase64: string }[]): Promise<ImportFileView[]> {
      const out: ImportFileView[] = [];
      for (const f of files) {
        const bytes = new Uint8Array(Buffer.from(f.dataBase64, 'base64'));
        out.push(await read(stage(f.name, bytes)));
      }
      return out;
    },
    async update(
      fileId: string,
      change: { direction?: Direction; meterId?: string | null },
    ): Promise<ImportFileView> {
      const st = get(fileId);
      if (change.meterId !== undefined) st.meterId = change.meterId;
      if (change.direction && change.direction !== st.parsed?.direction) {
        st.direction = change.direction;
        return read(st);
      }
      return st.parsed ? view(st) : read(st);
    },
    async commit(
      fileId: string,
      onConflict: 'keep' | 'replace' = 'keep',
      confirmSuspicious = false,
    ): Promise<ImportDone> {
      const st = get(fileId);
      const parsed = committable(st, confirmSuspicious);
      const { db, readings, storeWrites } = await deps.active();
      const writes = (await storeWrites()).imports;
      const target = resolveTarget(db, parsed, st.meterId, { name: st.name, sha256: st.hash });
      const mismatch = intervalConflict(db, target.meterId, parsed);
      if (mismatch) throw intervalRefusal(st.name, mismatch);
      deps.onProgress?.({ fileName: st.name, fraction: 0, phase: 'writing' });
      const w = await writes.write({
        store: readings,
        parsed,
        target,
        file: { name: st.name, sha256: st.hash },
        nowSec: now(),
        onConflict,
      });
      deps.onProgress?.({ fileName: st.name, fraction: 1, phase: 'writing' });
      staged.delete(fileId);
      deps.onWritten?.(w.meterId);
      return { fileId, ...w };
    },
    discard(fileIds: string[]): number {
      let n = 0;
      for (const id of fileIds) if (staged.delete(id)) n++;
      return n;
    },
    async tryMapping(fileId: string, m: ImportMapping): Promise<MappingTry> {
      const st = get(fileId);
      const header = headerOf(st.bytes, m);
      checkColumns(m, header);
      return tryParse(st, m, header, deps.tz, readBytes);
    },
    async saveFormat(fileId: string, m: ImportMapping): Promise<ImportFileView> {
      const st = get(fileId);
      const header = headerOf(st.bytes, m);
      checkColumns(m, header);
      formats.save(m, header);
      st.direction = null;
      return read(st);
    },
    formats: () => formats.list().map((f) => f.mapping),
    removeFormat: (name: string) => formats.remove(name),
  };
}

export type ImportService = ReturnType<typeof createImportService>;
