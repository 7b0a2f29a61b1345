/**
 * The import part of the IPC contract (spread into `channels` and `events` in contract.ts): files from
 * the grid operators' portals, previewed before anything is written, then imported one file per
 * transaction. Files travel as bytes (base64) from the renderer's drop or file chooser; main never reads
 * a path the renderer names.
 */
import { z } from 'zod';
import { personName } from './person-name';
import { channel } from './channel';

import { IMPORT_MAX_BYTES } from './contract-plain';
const fileId = z.string().regex(/^f[0-9a-z]{1,24}$/);
const meterId = z.string().min(1).max(200);

/** A format the person defines for a file Meterdesk does not know (the mapping dialog). */
export const importMappingSchema = z
  .object({
    name: personName(60),
    delimiter: z.enum([';', ',', '\t']),
    decimal: z.enum([',', '.']),
    /** The line holding the column names (1 = the first line); lines above it are skipped. */
    headerLine: z.number().int().min(1).max(50),
    /** Columns by position (0 = first). */
    dateColumn: z.number().int().min(0).max(99),
    /** A separate time column, or null when the date column holds the time too. */
    timeColumn: z.number().int().min(0).max(99).nullable(),
    valueColumn: z.number().int().min(0).max(99),
    qualityColumn: z.number().int().min(0).max(99).nullable(),
    unit: z.enum(['kWh', 'Wh', 'kW', 'W']),
    /** Whether the time names the interval's start or its end. */
    stamp: z.enum(['start', 'end']),
    timeZone: z.enum(['Europe/Vienna', 'UTC']),
    direction: z.enum(['consumption', 'feed_in']),
  })
  .strict();
export type ImportMapping = z.infer<typeof importMappingSchema>;

export type ImportErrorKind =
  | 'empty'
  | 'too_large'
  | 'not_text'
  | 'unknown_format'
  /** The target meter holds this register at another interval (quarter-hours vs hours). */
  | 'resolution_mismatch'
  | 'refused_daily'
  | 'refused_report'
  | 'csv_syntax'
  | 'short_row'
  /** A line of more cells than any portal export has (1 000). */
  | 'too_many_cells'
  | 'bad_number'
  | 'bad_time'
  | 'nonexistent_time'
  | 'repeated_time'
  | 'bad_interval'
  | 'bad_unit'
  | 'no_readings'
  | 'unreadable'
  /** A file without a metering point, and no meter chosen for it (the CLI's --meter). */
  | 'meter_needed'
  /** Magnitudes that look implausible, not confirmed (the CLI's --accept-suspicious). */
  | 'suspicious';

export interface ImportNoteView {
  code: string;
  /** About the data (a gap, a contradiction); otherwise what was assumed where the file is silent. */
  isWarning: boolean;
  params: Record<string, string | number>;
  /** The English sentence (the UI words it from `code` and `params`). */
  text: string;
}

export interface ImportSeriesView {
  obisCode: string;
  column: string;
  readings: number;
  firstStartSec: number;
  lastEndSec: number;
  /** The length of each reading: 900 (quarter-hours) or 3600 (an hourly series). */
  intervalSec: 900 | 3600;
  sumKwh: number;
  quality: { measured: number; estimated: number; unreliable: number };
  days: number;
  /** Change days (92/100 quarter-hours, 23/25 hours) and what the file has of them. */
  changeDays: { day: string; expected: number; received: number }[];
  /** Readings (of the series' interval) missing between the first and the last; the first few runs. */
  missing: number;
  gaps: { fromSec: number; toSec: number }[];
}

export interface ImportPreview {
  status: 'ready';
  fileId: string;
  fileName: string;
  bytes: number;
  format: { id: string; operator: string; product: string; isCustom: boolean };
  encoding: string;
  meteringPoint: string | null;
  direction: 'consumption' | 'feed_in';
  /** The file says the direction (else it was assumed or chosen). */
  directionFromFile: boolean;
  target: { meterId: string; exists: boolean; isServiceMeter: boolean; label: string };
  series: ImportSeriesView[];
  notes: ImportNoteView[];
  rows: number;
  /** Quarter-hours of the file's range the readings service has delivered already: those stay. */
  serviceOverlap: number;
  /** This very file (by content) went into this meter before, at this time. */
  importedBeforeSec: number | null;
  /**
   * Quarter-hours an earlier file stored for this meter with another value: how many, the first few.
   * They are kept unless the person chooses to replace them (`import:commit` `onConflict`).
   */
  conflicts: {
    count: number;
    sample: { obisCode: string; startSec: number; stored: number; file: number }[];
  };
  /** For a file without a metering point: a meter whose stored values agree with the file's, if any. */
  suggestion: { meterId: string; label: string; overlap: number } | null;
  /**
   * The target meter holds a register of this file at another interval (quarter-hours vs hours): the
   * file cannot go into it (one series, one interval); choose a new meter.
   */
  intervalConflict: { obisCode: string; storedSec: number; fileSec: number; text: string } | null;
  /** Why the file's magnitudes look implausible; such a file is imported only with `confirmSuspicious`. */
  suspicious: ImportNoteView | null;
}

export interface ImportFailure {
  status: 'failed';
  fileId: string;
  fileName: string;
  bytes: number;
  error: {
    kind: ImportErrorKind;
    message: string;
    line: number | null;
    /** The column (1-based) and its header, where the file says it. */
    column: number | null;
    columnName: string | null;
  };
  /** An unknown text format: its first lines, for defining its columns. */
  start: { lines: string[]; encoding: string } | null;
}

export type ImportFileView = ImportPreview | ImportFailure;

export interface ImportDone {
  fileId: string;
  meterId: string;
  readings: number;
  inserted: number;
  updated: number;
  unchanged: number;
  kept: number;
  /** Quarter-hours an earlier file stored with another value, kept as they were. */
  conflictsKept: number;
}

export interface MappingTry {
  header: string[];
  /** The first readings as the mapping reads them. */
  rows: { line: number; label: string; startSec: number; valueKwh: number }[];
  error: ImportFailure['error'] | null;
}

/** One file of the import log (newest first). */
export interface ImportLogView {
  id: number;
  meterId: string;
  fileName: string;
  sha256: string;
  format: string;
  importedSec: number;
  readings: number;
  inserted: number;
  updated: number;
  kept: number;
  undoneSec: number | null;
  undoable: boolean;
  /** Its meter was merged into another: undo the merge first (not an import of an older version). */
  mergedAway?: boolean;
  /** Made on a team's server (or moved there): no undo record is kept (issue 63). */
  onTeam?: boolean;
  /** Who imported it (`user@computer`); null for imports of earlier builds. */
  importedBy?: string | null;
}

export const importChannels = {
  /** Reads the files and says what they hold; nothing is written. */
  'import:preview': channel<ImportFileView[]>().input(
    z
      .object({
        files: z
          .array(
            z
              .object({
                name: z.string().min(1).max(255),
                dataBase64: z
                  .string()
                  .max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 4)
                  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'file data must be base64'),
              })
              .strict(),
          )
          .min(1)
          .max(50),
      })
      .strict(),
  ),
  /** Reads a staged file again with another direction, or aims it at another meter. */
  'import:update': channel<ImportFileView>().input(
    z
      .object({
        fileId,
        direction: z.enum(['consumption', 'feed_in']).optional(),
        meterId: meterId.nullable().optional(),
      })
      .strict(),
  ),
  /** Writes a previewed file: all of it or nothing. */
  'import:commit': channel<ImportDone>().input(
    z
      .object({
        fileId,
        onConflict: z.enum(['keep', 'replace']).default('keep'),
        /** The person checked a file whose magnitudes look implausible and imports it anyway. */
        confirmSuspicious: z.boolean().default(false),
      })
      .strict(),
  ),
  'import:discard': channel<{ discarded: number }>().input(
    z.object({ fileIds: z.array(fileId).max(100) }).strict(),
  ),
  /** Reads a staged file's first rows with a mapping (the dialog's live preview). */
  'import:tryMapping': channel<MappingTry>().input(
    z.object({ fileId, mapping: importMappingSchema }).strict(),
  ),
  /** Keeps the mapping as a named format (recognised from then on) and previews the file with it. */
  'import:saveFormat': channel<ImportFileView>().input(
    z.object({ fileId, mapping: importMappingSchema }).strict(),
  ),
  'import:formats': channel<ImportMapping[]>().input(z.object({}).strict()),
  /** The import log of the active profile, newest first. */
  'import:log': channel<ImportLogView[]>().input(z.object({}).strict()),
  /** Restores every day an import wrote to what it was before the file (refused if written since). */
  'import:undo': channel<{
    undone: number;
    meterId: string;
    days: number;
    /** The meter the import created went with it, and with it its notes and community memberships. */
    meterRemoved: boolean;
    notesRemoved: number;
    membershipsRemoved: number;
    /** An undone merge put the merged meter back (with its readings, notes, memberships, imports). */
    meterRestored: { meterId: string; label: string } | null;
  }>().input(
    z
      .object({
        importId: z
          .number()
          .int()
          .min(1)
          .max(2 ** 40),
      })
      .strict(),
  ),
  'import:removeFormat': channel<{ removed: boolean }>().input(
    z.object({ name: z.string().min(1).max(60) }).strict(),
  ),
} as const;

export const importEvents = {
  /** How far reading (or writing) a file of an `import:preview`/`import:commit` got. */
  'import:progress': z.object({
    fileName: z.string(),
    fraction: z.number().min(0).max(1),
    phase: z.enum(['reading', 'writing']),
  }),
} as const;
