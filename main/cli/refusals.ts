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
