/**
 * Names and places of export files. A name is built only from sanitised parts: a metering point or a
 * label from the service can carry `../`, a drive letter or a device name (`x/../../tmp/pwn`,
 * `C:\…`, `CON`), and none of that may steer where a file is written.
 *
 * Guarantees of `exportFileName`: only `A–Z a–z 0–9 . _ -` (anything else becomes `_`), no leading dot
 * or dash, no run of separators, at most 120 characters before the extension, never a reserved
 * Windows device name. `insideFolder` throws unless the resolved path lies in the folder.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { AppError } from '../errors';

const MAX_STEM = 120;
const SQLITE_COMPANION = /-(journal|wal|shm)$/i;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** One part of a file name: the allow-listed characters of `text`, others as `_`. */
function clean(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // ä → a, é → e: the base letter survives
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/[._-]{2,}/g, (run) => run[0]!)
    .replace(/^[._-]+|[._-]+$/g, '');
}

/** `meterdesk-<parts…>.<ext>` from sanitised parts; empty parts are left out. */
export function exportFileName(
  parts: (string | number | null | undefined)[],
  ext: 'csv' | 'png' | 'pdf' | 'xlsx',
): string {
  const stem = ['meterdesk', ...parts]
    .map((p) => (p === null || p === undefined ? '' : clean(String(p))))
    .filter((p) => p.length > 0)
    .join('-')
    .slice(0, MAX_STEM)
    .replace(/[._-]+$/, '');
  const safe = RESERVED.test(stem.split('.')[0]!) ? `_${stem}` : stem;
  return `${safe}.${ext}`;
}

/** `name` joined to `folder`, refused if the result would lie anywhere but directly inside it. */
export function insideFolder(folder: string, name: string): string {
  const dir = resolve(folder);
  const path = resolve(dir, name);
  if (!path.startsWith(dir + sep) || path.slice(dir.length + 1).includes(sep))
    throw new AppError(
      'invalid_input',
      `The export name "${name}" would lie outside ${dir}; nothing was written.`,
      { reason: 'export_name_outside' },
    );
  return path;
}

/** The data folder's own files, which no export may replace. */
const DATA_FILES = new Set([
  'profiles.json',
  'settings.json',
  'import-formats.json',
  'exports-in-progress.json',
  'harness-token',
]);

/** The real path of `p` as far as it exists (a link to the database is the database). */
function realOf(p: string): string {
  const abs = resolve(p);
  try {
    return realpathSync(abs);
  } catch {
    try {
      return join(realpathSync(dirname(abs)), basename(abs));
    } catch {
      return abs;
    }
  }
}

/**
 * Refuses an export target that is a file of the profile: its database (and the files SQLite keeps
 * beside it), the data folder's own files, or anything in its profiles folder. `export --out
 * meterdesk.sqlite` replaced the database with the CSV before.
 */
export function assertExportTarget(out: string, dataDir: string, dbPath: string): void {
  const target = realOf(out);
  const db = realOf(dbPath);
  const data = realOf(dataDir);
  const profiles = join(data, 'profiles') + sep;
  if (
    [db, `${db}-wal`, `${db}-shm`, `${db}-journal`].includes(target) ||
    (dirname(target) === data && DATA_FILES.has(basename(target))) ||
    target.startsWith(profiles)
  )
    throw new AppError(
      'invalid_input',
      `${out} is a file of Meterdesk's own data (${dataDir}); an export would replace it. Choose another file name or folder.`,
      { reason: 'export_over_own_data' },
    );
  // A file named like SQLite's own beside a database (`x.sqlite-journal` next to `x.sqlite`) is read
  // or deleted by SQLite when that database opens: a backup saved so was gone after the next start
  // (issue 61). Such a name is refused anywhere, not only in the data folder (there: as its own data).
  if (SQLITE_COMPANION.test(basename(out)))
    throw new AppError(
      'invalid_input',
      `${basename(out)} ends like a file SQLite keeps beside a database (-journal, -wal, -shm) and could be deleted by it. Choose another file name.`,
      { reason: 'export_sqlite_name', params: { name: basename(out) } },
    );
}
