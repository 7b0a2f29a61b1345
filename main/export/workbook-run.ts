/**
 * What a workbook's build may hold, and how it says where it is (issues 60 and 61): a workbook is held
 * whole in memory by SheetJS, so a site of 48 meters × 3 years (15 M cells) ran 25 minutes to 3 GB and
 * held every analysis behind it. Its quarter-hour sheet is bounded — a workbook larger is refused with
 * the limit named and what to do instead (the CSV export streams any size) — and its build reports its
 * steps and stops when cancelled (a shared flag the main thread sets), nothing written.
 */
import { AppError } from '../errors';

/** The quarter-hour sheet's cells at most (≈ 10 registers × 3 years; ≈ 1 GB while SheetJS builds). */
export const MAX_WORKBOOK_CELLS = 3_500_000;

export interface WorkbookProgress {
  phase: 'read' | 'sheets' | 'write';
  done: number;
  of: number;
}

export interface WorkbookRun {
  cancel: Int32Array | null;
  emit: (p: WorkbookProgress) => void;
}

export const NO_RUN: WorkbookRun = { cancel: null, emit: () => undefined };

/** Throws `cancelled` when the person stopped the export (the flag set to 1). */
export function stopIfCancelled(run: WorkbookRun): void {
  if (run.cancel && Atomics.load(run.cancel, 0) === 1)
    throw new AppError('cancelled', 'The workbook export was cancelled; nothing was written.', {
      reason: 'workbook_cancelled',
    });
}

/** Refuses a workbook whose quarter-hour sheet would hold more cells than the limit. */
export function checkWorkbookSize(registers: number, fromSec: number, toSec: number): void {
  const rows = Math.ceil(Math.max(0, toSec - fromSec) / 900);
  const cells = rows * (3 + 2 * registers);
  if (cells <= MAX_WORKBOOK_CELLS) return;
  throw new AppError(
    'invalid_input',
    `A workbook of ${registers} register(s) over ${Math.round((toSec - fromSec) / 86_400)} days would hold ${cells} cells of quarter-hours; at most ${MAX_WORKBOOK_CELLS} fit (e.g. 10 registers × 3 years). Choose fewer meters or a shorter span, or export them as CSV, which has no limit.`,
    {
      reason: 'workbook_too_large',
      params: { cells, max: MAX_WORKBOOK_CELLS, registers },
    },
  );
}
