/** Errors as the UI receives them: a code, a finer reason the renderer words, and the core's details. */

export type ErrorCode =
  | 'invalid_input'
  | 'forbidden_sender'
  | 'unknown_channel'
  | 'not_found'
  | 'unauthenticated'
  | 'forbidden'
  | 'plan_required'
  | 'rate_limited'
  | 'unreachable'
  | 'bad_response'
  | 'keychain_unavailable'
  | 'conflict'
  | 'local_data'
  | 'cancelled'
  | 'internal';

/**
 * An error as the UI receives it. `code` (and `reason`, where a code covers several cases) is what the
 * renderer words in the person's language; `message` is the core's English sentence with the next
 * step, and `serviceText` the service's own words (cleaned, capped): both only shown as details.
 */
export interface ContractError {
  code: ErrorCode;
  message: string;
  /** For `rate_limited`: when the service takes requests again (unix seconds). */
  retryAtSec?: number;
  /** A finer cause within `code`, for wording (e.g. `team_url_insecure`). */
  reason?: ErrorReason;
  /** What the service itself said, if anything. */
  serviceText?: string;
  /** The values the reason's words name (a tariff's name, a cap), for the UI's language. */
  params?: Record<string, string | number>;
}

export const errorReasons = [
  'team_url_not_url',
  'pg_url',
  'pg_url_password',
  'pg_auth',
  'pg_no_database',
  'pg_unreachable',
  'pg_server_old',
  'pg_no_app_role',
  'pg_not_owner',
  'pg_schema_newer',
  /** A team database without the schema this build needs (team init not run, or not since an update). */
  'pg_schema_missing',
  /** A team database's user that may read but not write. */
  'pg_read_only',
  /** team-profiles.json cannot be read (params: path); left as it is. */
  'team_profiles_unreadable',
  /** A team profile asked for what this build cannot do on PostgreSQL yet (params: name, what = the command). */
  'team_store_not_built',
  /** A write in the app on a team profile, whose store the app reads as a copy (params: name). */
  'team_read_only_app',
  'note_changed_elsewhere',
  'note_gone',
  'threshold_changed_elsewhere',
  'threshold_gone',
  'tariff_changed_elsewhere',
  'tariff_gone',
  /** An import on a team profile whose copy does not hold an import the server has for that meter (params: file, by, at, other). */
  'import_changed_elsewhere',
  /** A mark on a watch finding made on marks that changed since (params: at / until). */
  'finding_seen_elsewhere',
  'finding_snoozed_elsewhere',
  'finding_changed_elsewhere',
  /** Undo of an import made on a team's server (params: file). */
  'undo_team',
  /** A profile without a name. */
  'profile_name_empty',
  'team_url_insecure',
  'team_url_shape',
  'metering_point_format',
  'consent_pending',
  'already_registered',
  'no_token',
  'range_too_long',
  /** An hourly series asked for a view that needs quarter-hours. */
  'needs_quarter_hours',
  /** A range longer than the app asks for (4 years), or one that ends before it starts. */
  'range_invalid',
  /** A tariff of the other direction (params: name, want = consumption | feed_in). */
  'tariff_direction',
  /** A tariff of the other commodity (params: name, commodity = electricity | gas). */
  'tariff_commodity',
  /** Peak shaving asked for a feed-in register. */
  'peak_shaving_consumption',
  /** Peak shaving asked for a gas meter. */
  'peak_shaving_electricity',
  /** A battery for a site without a consumption and a feed-in meter. */
  'battery_needs_both',
  /** A file or an upload past its cap (params: what, maxMb). */
  'too_large',
  /** A logo that is no PNG, or one too large (params: width, height where known). */
  'logo_png',
  /** A change to a meter the service owns (params: name). */
  'service_meter',
  /** A meter name left empty. */
  'name_missing',
  /** A merge of a meter into itself. */
  'merge_same',
  /** A merge of a consumption and a feed-in meter. */
  'merge_directions',
  /** Two meters holding a register at different intervals (params: register, fileInterval, storedInterval). */
  'merge_interval',
  /** An import undone already (params: file). */
  'undo_done',
  /** An import of an older Meterdesk without an undo record (params: file). */
  'undo_unrecorded',
  /** An import that came with a merged meter (params: file): its undo record went with the merge. */
  'undo_merged',
  /** An import whose days were written again since (params: file, day). */
  'undo_overwritten',
  /** A file that is no EDA "Energie Report" (not XLSX, no sheet "Energiedaten", its rows missing). */
  'eda_not_report',
  /** An EDA report without quarter-hours or readable metering points. */
  'eda_empty',
  /** An EDA row off the quarter-hour grid or out of order (params: row). */
  'eda_row',
  /** An EDA value no meter can hold (params: row, column). */
  'eda_value',
  /** A spot tariff's price series that is not in the profile (params: id). */
  'price_series_missing',
  /** A price series still used by tariffs (params: tariffs). */
  'price_series_in_use',
  /** A tariff that is a part of a combined tariff (params: id, name). */
  'tariff_in_use',
  /** A combined tariff's part that is missing, combined itself or prices something else (params: id, name). */
  'tariff_part_invalid',
  /** An import whose file is no longer staged (dropped again needed). */
  'import_file_gone',
  /** Columns defined for a spreadsheet (params: none). */
  'mapping_text_only',
  /** A column the header line does not have (params: line, columns, column). */
  'mapping_column_missing',
  /** The same column chosen twice. */
  'mapping_columns_distinct',
  /** A file with an error asked to be imported (params: name). */
  'import_file_refused',
  /** A file with a suspicious magnitude, not confirmed (params: name). */
  'import_suspicious',
  /** A file of another interval than the target series (params: name, register, storedInterval, fileInterval). */
  'import_interval_conflict',
  /** A meter, site, customer, tariff or community the profile does not hold (params: kind, id). */
  'unknown_in_profile',
  /** A note without text. */
  'note_text_missing',
  /** A note's span whose end is not after its start. */
  'note_span_invalid',
  /** A stored tariff or community that cannot be read any more (params: kind, id). */
  'stored_unreadable',
  /** The profile's database cannot be opened or read (params: path). */
  'db_cannot_open',
  /** The data folder is read-only: reading works, writing does not (params: path). */
  'db_read_only',
  /** The profile's database is damaged; nothing is written into it (params: path). */
  'db_damaged',
  /** A meter's last sync error as an earlier build stored it: its English sentence under Details. */
  'earlier_sync_error',
  /** A profile written by a newer Meterdesk (params: schema, knows). */
  'db_newer',
  /** A profile written by an earlier Meterdesk before its storage changed (params: schema, files). */
  'db_before_redesign',
  /** A profile without an account asked to sync (params: name). */
  'profile_no_account',
  /** A profile id that exists already (params: id). */
  'profile_exists',
  /** The built-in demo profile asked to be removed. */
  'demo_profile_fixed',
  /** A carpet plot asked for more days than it shows (params: maxDays). */
  'carpet_too_long',
  /** A figure asked for a span that ends before it starts or is too long (params: maxYears). */
  'span_invalid',
  /** An export asked for without its meter, register, period or kind. */
  'export_request_incomplete',
  /** A community's static shares add up to more than 100 % (params: name). */
  'community_shares_too_high',
  /** A what-if that would leave a community without members. */
  'community_no_member',
  /** A meter without the register asked for (params: meterId, obisCode). */
  'register_missing',
  /** A site's cost asked for a meter that belongs to no site. */
  'meter_without_site',
  /** No meter of a site has readings of the direction asked for. */
  'site_no_direction',
  /** A spot tariff whose price series has another resolution than it bills on (params: name, series). */
  'spot_series_resolution',
  /** A spot tariff billing quarter-hour prices from a date, with an hourly series (params: name, series, from). */
  'spot_series_quarter_hours',
  /** An export file name that would lie outside the folder chosen. */
  'export_name_outside',
  /** An export that would replace a file of Meterdesk's own data. */
  'export_over_own_data',
  /** An export or backup file name SQLite would take for its own (-journal, -wal, -shm; params: name). */
  'export_sqlite_name',
  /** A chart image to save that is not a PNG. */
  'png_invalid',
  /** A token given to a profile without an account. */
  'token_not_needed',
  /** A report for a meter, site or customer with no meters in the profile. */
  'report_scope_unknown',
  /** A report for meters without any readings. */
  'report_no_readings',
  /** A report of a period none of its meters holds a reading of (params: the data's first and last day). */
  'report_period_empty',
  /** This installation has no working keychain module (keytar). */
  'keychain_module_missing',
  /** The system's keychain is locked or not set up. */
  'keychain_locked',
  /** A stored day of readings that cannot be read. */
  'day_damaged',
  /** An import that is not in the import log. */
  'import_unknown',
  /** A meter that would get more registers than any meter has (params: meterId, max). */
  'too_many_registers',
  /** A file that cannot be opened or read (params: what). */
  'file_unreadable',
  /** A load-profile export of a year with quarter-hours missing (params: missing, year). */
  'load_profile_incomplete',
  /** No file name chosen for an export. */
  'export_cancelled',
  /** A workbook export the person stopped (nothing was written). */
  'workbook_cancelled',
  /** A workbook asked for while one is being made. */
  'export_running',
  /** A workbook larger than its limit (params: cells, max, registers). */
  'workbook_too_large',
  /** A sync asked for while one is running. */
  'sync_running',
  /** A price file that cannot be read as prices (its English reason under Details). */
  'price_file_refused',
  /** The CLI found no database where it looked (params: path). */
  'no_database',
  /** A meter (or register) without readings in this database (params: meter, register). */
  'meter_no_readings',
  /** No meter of that id or metering point (params: meter). */
  'meter_unknown',
  /** A site without meters (params: site). */
  'site_no_meters',
  /** The service's cursor is no identifier (too long, control characters). */
  'cursor_invalid',
  /** A portal file the import thread could not read (params: kind, line, column). */
  'import_file',
  /** The import thread named a format the app does not know (params: format). */
  'import_format_unknown',
  /** Something thrown that is no refusal of ours: its own words are the details. */
  'unexpected',
  /** The person (or closing the profile) stopped the sync. */
  'sync_cancelled',
  /** A sync asked of a profile that was closed. */
  'sync_closed',
  /** A background thread was asked for a request it does not have (params: name). */
  'thread_request_unknown',
  /** A background thread stopped while requests waited on it. */
  'thread_stopped',
  /** A background thread stopped at its memory limit (the request asked too much at once). */
  'thread_out_of_memory',
  /** A meter added to a community in a role its direction does not have (params: name, role). */
  'community_role_direction',
  /** A price file of another interval than the series it would extend (params: id). */
  'price_series_interval',
  /** A new customer of a name that exists (params: name). */
  'customer_exists',
  /** A new site of a name the customer has (params: name). */
  'site_exists',
  /** A report asked for while one is being made. */
  'report_running',
  /** The person cancelled the report being made. */
  'report_cancelled',
  /** An EDA report past the import's caps (size, rows, columns) or not a readable workbook. */
  'eda_unreadable',
  /** A file that could not be written (params: path, why = the system's code, e.g. ENOSPC). */
  'write_failed',
  /** A backup or restore would write over an existing file or profile (params: path). */
  'backup_target_exists',
  /** A backup file that is not there or cannot be read (params: path). */
  'backup_unreadable',
  /** A file that is not a Meterdesk backup (params: path). */
  'backup_not_meterdesk',
  /** A backup file that fails SQLite's check (params: path). */
  'backup_damaged',
  /** A backup whose schema is not a Meterdesk profile's: a trigger, a view, another table (params: path). */
  'backup_schema_foreign',
  /** A merge whose confirmed preview no longer holds: the meters changed since (params: then, now). */
  'merge_preview_changed',
  /** A standard-profile comparison asked for a gas meter or a feed-in register (params: register). */
  'slp_not_consumption',
  /** The profile to back up fails SQLite's check: no backup is written. */
  'backup_source_damaged',
  /** A backup holding a reading no meter measures, or a day that cannot be read (params: path). */
  'backup_values_implausible',
] as const;
export type ErrorReason = (typeof errorReasons)[number];
export type Result<T> = { ok: true; data: T } | { ok: false; error: ContractError };
