/** The CLI's own refusals about the local data, each with its reason (worded in de/en: cli-words.ts). */
import { AppError } from '../errors';

/** No database where the command looks for one. */
export function noDatabase(path: string, hint = 'Sync or import first.'): AppError {
  return new AppError('local_data', `No Meterdesk database at ${path}. ${hint}`, {
    reason: 'no_database',
    params: { path },
  });
}

/** A meter (or one register of it) without readings in this database. */
export function noReadings(meter: string, register?: string): AppError {
  return new AppError(
    'local_data',
    `No readings of meter ${meter}${register ? ` (register ${register})` : ''} in this database.`,
    { reason: 'meter_no_readings', params: { meter, register: register ?? '–' } },
  );
}

/**
 * A register asked for (--register) that the meter does not hold: refused with the ones it holds, never
 * an empty file written (issue 61: an empty workbook with exit 0).
 */
export function lacksRegister(meterId: string, asked: readonly string[], held: readonly string[]): void {
  const missing = asked.find((r) => !held.includes(r));
  if (missing === undefined) return;
  throw new AppError(
    'invalid_input',
    `Meter ${meterId} has no register ${missing} (it holds ${held.join(', ') || 'none'}).`,
    { reason: 'register_missing', params: { meterId, obisCode: missing } },
  );
}
