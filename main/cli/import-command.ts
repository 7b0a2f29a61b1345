/**
 * `meterdesk import FILE...`: each file read, checked and written in one transaction; one line per file
 * (JSON with --json) saying what went where, with times as UTC ISO strings. A file that cannot be
 * imported is reported with its line and column and leaves nothing behind; the exit code is then 3.
 */
import { createHash } from 'node:crypto';
import { readFileBounded } from '../doors/file-bytes';
import type Database from 'better-sqlite3';
import { basename, resolve } from 'node:path';
import { openForWriting } from '../db/open';
import { createReadingsStore } from '../db/readings-store';
import { createCustomFormats } from '../import/custom-formats';
import { notesWithGaps } from '../import/import-service';
import { resolveTarget, sha256, type ImportTarget, type ImportWrite } from '../import/into-store';
import { sqliteImportWrites, type ImportWrites } from '../import/import-writes';
import { thisComputer } from '../profiles/this-computer';
import { AppError } from '../errors';
import { noteText, type ImportNote } from '../import/notes';
import type { Lang } from '../../common/i18n/words';
import { cliWord, importErrorLine, importNoteLine } from './cli-words';
import { MAX_IMPORT_BYTES, readImportFile } from '../import/read-file';
import { summarize } from '../import/summary';
import { ImportError, type Direction, type ParsedFile } from '../import/types';
import { DEFAULT_TZ, isoWithOffset } from '../time/local-days';

import { resolveMeter } from './lists-command';
import { UsageError } from './usage-error';
import { profileDbPath } from './profile-path';
import { systemClock } from '../time/clock';
import { meterRow } from '../db/meter-reads';

const iso = (sec: number) => new Date(sec * 1000).toISOString().replace('.000Z', 'Z');

/**
 * The meter a file goes to. A file with a metering point: that meter (or a new one of that number).
 * A file without one: never a guess — `--meter ID|METERING_POINT` adds it to that meter, `--meter
 * new:NAME` makes a new meter called NAME; without --meter the file is refused.
 */
function targetOf(
  db: Database.Database,
  parsed: ParsedFile,
  name: string,
  meter: string | undefined,
): ImportTarget {
  if (meter?.startsWith('new:')) {
    const label = meter.slice(4).trim();
    if (!label) throw new UsageError('--meter new:NAME needs a name for the new meter.');
    const id = `imp-${createHash('sha256').update(`${label}\u0000${parsed.format.id}\u0000${parsed.direction}`).digest('hex').slice(0, 12)}`;
    const existing = meterRow(db, id);
    return { meterId: id, exists: !!existing, isServiceMeter: false, label };
  }
  if (meter) return resolveTarget(db, parsed, resolveMeter(db, meter).id);
  if (!parsed.meteringPoint)
    throw new ImportError(
      'meter_needed',
      `${name} names no metering point (${parsed.format.operator} exports do not), so Meterdesk cannot tell which meter it belongs to and does not guess. Give --meter ID or METERING_POINT to add it to a meter ("meterdesk meters" lists them), or --meter new:NAME for a new meter.`,
    );
  return resolveTarget(db, parsed, null);
}

export async function importFiles(
  dataDir: string,
  files: string[],
  opts: {
    json: boolean;
    profile?: string;
    meterId?: string;
    direction?: string;
    replace?: boolean;
    acceptSuspicious?: boolean;
    lang: Lang;
    /** A team profile (team-snapshot.ts): the copy's database, and the door into the team's server. */
    into?: { dbPath: string; writesFor: (db: Database.Database) => ImportWrites };
  },
): Promise<void> {
  if (files.length === 0) throw new UsageError('import needs at least one FILE.');
  if (opts.direction && opts.direction !== 'consumption' && opts.direction !== 'feed_in')
    throw new UsageError('--direction must be consumption or feed_in.');
  const dbPath = opts.into?.dbPath ?? (await profileDbPath(dataDir, opts.profile));
  const db = openForWriting(dbPath);
  const store = createReadingsStore(db, DEFAULT_TZ);
  const writes = opts.into ? opts.into.writesFor(db) : sqliteImportWrites(db, thisComputer());
  const custom = createCustomFormats(dataDir).specs();
  let failed = 0;
  try {
    for (const file of files) {
      const name = basename(file);
      let suspicious: ImportNote | null = null;
      let writing = false;
      try {
        const bytes = readFileBounded(resolve(file), MAX_IMPORT_BYTES, 'The file');
        const parsed = await readImportFile(bytes, {
          tz: DEFAULT_TZ,
          direction: (opts.direction as Direction | undefined) ?? null,
          custom,
        });
        if (parsed.suspicious && !opts.acceptSuspicious) {
          suspicious = parsed.suspicious;
          throw new ImportError(
            'suspicious',
            `${noteText(parsed.suspicious)} Nothing was imported; give --accept-suspicious to import it anyway.`,
          );
        }
        const target = targetOf(db, parsed, name, opts.meterId);
        writing = true;
        const w = await writes.write({
          store,
          parsed,
          target,
          file: { name, sha256: sha256(bytes) },
          nowSec: systemClock.nowSec(),
          onConflict: opts.replace ? 'replace' : 'keep',
        });
        printWritten(file, parsed, w, opts);
      } catch (err) {
        failed++;
        if (writing && err instanceof AppError) {
          // Refused by the store (a team's server: changed meanwhile, unreachable): its own words.
          process.stderr.write(`meterdesk: ${file}: ${err.message}\n`);
          if (opts.json)
            process.stdout.write(
              JSON.stringify({
                file,
                error: { kind: err.code, reason: err.details?.reason, message: err.message },
              }) + '\n',
            );
          continue;
        }
        const e =
          err instanceof ImportError
            ? err
            : new ImportError(
                'unreadable',
                (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'No such file.' : (err as Error).message,
              );
        process.stderr.write(`meterdesk: ${importErrorLine(e, file, opts.lang, suspicious)}\n`);
        if (opts.json)
          process.stdout.write(
            JSON.stringify({
              file,
              error: { kind: e.kind, message: e.message, line: e.line, column: e.column },
            }) + '\n',
          );
      }
    }
  } finally {
    db.close();
  }
  if (failed > 0) process.exitCode = 3;
}

/** One file's line: what went where (JSON with --json), its registers and its notes. */
function printWritten(
  file: string,
  parsed: ParsedFile,
  w: ImportWrite,
  opts: { json: boolean; lang: Lang },
): void {
  const name = basename(file);
  const summaries = parsed.series.map((s) => summarize(s, DEFAULT_TZ));
  const notes = notesWithGaps(parsed, summaries, DEFAULT_TZ);
  if (w.kept > 0) notes.push({ code: 'service_data_kept', isWarning: false, params: { count: w.kept } });
  const line = {
    file,
    format: parsed.format.id,
    metering_point: parsed.meteringPoint,
    meter_id: w.meterId,
    series: summaries.map((s) => ({
      obis_code: s.obisCode,
      readings: s.readings,
      interval_sec: s.intervalSec,
      first_start: iso(s.firstStartSec),
      last_end: iso(s.lastEndSec),
      sum_kwh: s.sumKwh,
      quality: s.quality,
      change_days: s.changeDays,
      missing: s.missing,
    })),
    warnings: notes.filter((n) => n.isWarning).map(noteText),
    notes: notes.filter((n) => !n.isWarning).map(noteText),
    written: {
      inserted: w.inserted,
      updated: w.updated,
      unchanged: w.unchanged,
      kept: w.kept,
      conflicts_kept: w.conflictsKept,
    },
  };
  if (opts.json) process.stdout.write(JSON.stringify(line) + '\n');
  else {
    process.stdout.write(
      `${name}: ${parsed.format.operator} (${parsed.format.product}) → meter ${w.meterId}, ${w.inserted} new, ${w.updated} changed, ${w.unchanged} unchanged` +
        (w.kept > 0 ? `, ${w.kept} kept from the service` : '') +
        (w.conflictsKept > 0
          ? `, ${w.conflictsKept} kept as an earlier file stored them (its values differ; --replace takes the file's)`
          : '') +
        '\n',
    );
    for (const s of summaries)
      process.stdout.write(
        `  ${s.obisCode}: ${s.readings} ${s.intervalSec === 3600 ? 'hourly readings' : 'quarter-hours'}, ${isoWithOffset(s.firstStartSec)} – ${isoWithOffset(s.lastEndSec)}, ${s.sumKwh} kWh\n`,
      );
    for (const n of notes)
      process.stdout.write(
        `  ${cliWord(n.isWarning ? 'warning' : 'note', opts.lang)}: ${importNoteLine(n, opts.lang)}\n`,
      );
  }
}
