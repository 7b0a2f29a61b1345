/** English strings of the import: the same keys as import-de.ts (the type says so). */
import type { importDe } from './import-de';

export const importEn: Record<keyof typeof importDe, string> = {
  import_customer: 'Imported',
  localProfile: 'No account — imported files only',
  localProfileStatus: 'Profile without an account: it holds imported files; nothing is synced.',
  addLocalProfile: 'Profile without an account (for imported files)',
  localProfileName: 'e.g. Mayer household',
  localProfileHint:
    "For households without a readings-service account: import and analyse the files from your grid operator's portal, all offline.",
  add: 'Add',
  import_menu: 'Import files…',
  import_title: "Import your grid operator's exports",
  import_intro:
    "Drop the quarter-hour files from your grid operator's portal here (Wiener Netze, Netz NÖ, Netz OÖ, Linz Netz, Salzburg Netz, Kärnten Netz, Energienetze Steiermark, TINETZ, Vorarlberg Netz, Netz Burgenland, Stromnetz Graz, IKB, Stadtwerke Klagenfurt, TIWAG …) — no account needed. Before anything is saved, Meterdesk shows what each file holds.",
  import_choose: 'Choose files…',
  import_dropOverlay: 'Drop to import',
  import_reading: 'Reading {{name}} … {{percent}}',
  import_writing: 'Saving {{name}} …',
  import_format: 'Format',
  import_custom: 'your format',
  import_encoding: 'Encoding',
  import_meteringPoint: 'Metering point',
  import_noMeteringPoint: 'not in the file',
  import_target: 'Into',
  import_targetNew: 'New meter under "Imported": {{label}}',
  import_targetSame: '{{label}} (imported before)',
  import_direction: 'Direction',
  import_directionAssumed: 'The file does not say — please check.',
  import_period: 'Period',
  import_register: 'Register',
  import_readings: 'Readings',
  import_interval_900: 'quarter-hours',
  import_interval_3600: 'hourly values',
  import_sum: 'Total',
  import_changeDays: 'Clock-change days',
  import_changeDay: '{{day}}: {{received}} of {{expected}}',
  import_none: '–',
  import_gapsNone: 'no gaps',
  import_gapsCount: '{{count}} missing',
  import_rows: '{{count}} rows read',
  import_importedBefore:
    'This file went into this meter on {{when}} already; importing it again changes nothing.',
  import_notes: 'Notes',
  import_commit: 'Import',
  import_commitAll: 'Import all ({{count}})',
  import_skip: 'Leave out',
  import_done: 'Imported: {{inserted}} new, {{updated}} changed, {{unchanged}} unchanged.',
  import_doneKept_one: '1 quarter-hour kept from the service.',
  import_doneKept: '{{count}} quarter-hours kept from the service.',
  import_open: 'Show on the chart',
  import_failedTitle: 'Not imported',
  import_nothingStored: 'Nothing of this file was saved.',
  import_defineFormat: 'Define its columns…',
  import_tooLargeLocal: '{{name}} is {{mb}} MB; Meterdesk imports files up to 64 MB.',
  import_close: 'Close',
  import_column: 'column {{n}}',
  import_columnNamed: 'column {{n}} ("{{name}}")',
  importErr_empty: 'The file is empty (0 bytes).',
  importErr_too_large: 'The file is larger than 64 MB — that is not a portal export.',
  importErr_not_text: 'This is not a text (CSV) or Excel file.',
  importErr_unknown_format:
    'Meterdesk does not know this format. Define its columns once — it is recognised from then on.',
  importErr_resolution_mismatch:
    'This meter holds the register at another interval (quarter-hours or hours); import the file as a new meter.',
  importErr_refused_daily:
    'The file holds daily values. Download the quarter-hour (15-minute) values from the portal (some grid operators need you to switch them on first).',
  importErr_refused_report:
    "An EDA energy report of several metering points is not imported; use the grid operators' exports per metering point.",
  importErr_csv_syntax: 'Line {{line}}: the file is damaged or cut off.',
  importErr_too_many_cells:
    'Line {{line}} has more than 1,000 cells – no portal export has that many columns; the file is damaged or not one.',
  importErr_short_row: 'Line {{line}} is incomplete (cut off or damaged).',
  importErr_bad_number: 'Line {{line}}, {{column}}: not a number.',
  importErr_bad_time: 'Line {{line}}: not a valid date or time.',
  importErr_nonexistent_time:
    'Line {{line}}: this time does not exist in Austria (on the night summer time starts, clocks jump from 2:00 to 3:00).',
  importErr_repeated_time: 'Line {{line}}: this quarter-hour is in the file twice.',
  importErr_bad_interval: 'The values are not a quarter-hour apart.',
  importErr_bad_unit: 'Line {{line}}: the unit is neither kWh nor kW.',
  importErr_no_readings: 'The file holds no values.',
  importErr_unreadable: 'The file cannot be read.',
  importErr_meter_needed:
    'The file names no metering point, and Meterdesk does not guess which meter it belongs to. Give --meter ID or METERING_POINT to add it to a meter ("meterdesk meters" lists them), or --meter new:NAME for a new meter.',
  importErr_suspicious: '{{note}} Nothing was imported; give --accept-suspicious to import it anyway.',
  importErr_nothing_stored: 'Nothing of this file was stored.',
  importNote_direction_assumed:
    'The file does not say whether it is consumption or feed-in; read as consumption (change it above if it is feed-in).',
  importNote_no_quality_column: 'The file gives no quality per value; the values count as measured.',
  importNote_ikb_end_stamped: 'IKB times are read as the end of the quarter-hour.',
  importNote_start_or_end_unknown:
    'Whether this format gives the start or the end of the quarter-hour is not known; read as the start.',
  importNote_power_converted:
    '{{count}} values were mean power in kW; saved as kWh per quarter-hour (kW ÷ 4).',
  importNote_series_all_zero:
    'Column "{{column}}" is 0 throughout (a single-rate meter) and is not imported.',
  importNote_meter_readings_kept_apart:
    '{{count}} meter readings ({{column}}, {{first}} → {{last}} kWh) are kept apart, not saved as consumption.',
  importNote_column_empty: 'No values in this file in: "{{columns}}".',
  importNote_dst_jump_written_twice:
    '{{day}}: the quarter-hour at the March clock change is written twice, as 02:00 and as 03:00 (one instant), with equal values (lines {{lines}}); imported once.',
  importNote_placeholder_rows:
    '{{count}} rows with a meter reading of 0 and no consumption are placeholders, not readings (first on line {{line}}); not imported.',
  importNote_dst_hour_once:
    '{{day}}: the repeated hour 2:00–3:00 is in the file once; read as the first (summer-time) hour — the day has {{received}} of {{expected}} readings.',
  importNote_dst_hours_merged:
    '{{day}}: line {{line}} holds both clock-change hours 2:00–3:00 in one value ({{kwh}} kWh of "{{column}}"); not split into two invented hours, so the day has {{received}} of 25 hours.',
  importNote_residual_as_total:
    'The column "{{column}}" (what the grid delivered after an energy community, if the household is in one; otherwise its whole consumption) is kept as the meter\'s consumption {{register}}, like the portal\'s later "Verbrauch" column, so one household\'s history stays one register.',
  importNote_hourly_series:
    'The file holds hourly values: imported as an hourly series ({{count}} hours; 24 a day, 23 and 25 on the change days), never spread into quarter-hours. Views that need quarter-hours (peaks as the grid bills them, load shape, battery, cost) say so for this meter.',
  importNote_empty_values: '{{count}} intervals have no value in "{{column}}" (left empty, not 0).',
  importNote_no_status: '{{count}} values have no status; counted as measured.',
  importNote_unknown_quality: '{{count}} values have the unknown status "{{word}}"; marked unreliable.',
  importNote_not_interval_energy:
    '{{count}} rows of register "{{register}}" are not quarter-hour energy and are not imported.',
  importNote_header_total_mismatch: 'The header says {{stated}} kWh; the rows add up to {{sum}} kWh.',
  importNote_day_total_mismatch:
    '{{count}} daily totals of "{{column}}" ({{register}}) differ from the sum of their quarter-hours by more than rounding (first {{day}}: {{stated}} instead of {{sum}} kWh).',
  importNote_meter_reading_mismatch:
    'The meter readings rose {{readingRise}} kWh; the quarter-hours in between add up to {{sum}} kWh.',
  importNote_offset_mismatch:
    '{{count}} times carry a UTC offset Austrian time does not have then (first on line {{line}}).',
  importNote_rows_without_value_skipped:
    '{{count}} rows without a value at a time that does not exist or repeats were skipped (first on line {{line}}).',
  importNote_service_data_kept:
    '{{count}} quarter-hours came from the readings service already; its values stay.',
  // The customer Meterdesk makes for imported files (common/imported-customer.ts)
  importedCustomer: 'Imported files',
  importLog_title: 'Imported files ({{count}})',
  importLog_undoneNow: '“{{file}}” is undone: {{days}} days are as before the import.',
  importLog_undoneMerge:
    'The merged meter “{{name}}” is back, with its readings, notes, memberships and imports.',
  importLog_mergeOf: 'Merge of “{{name}}”',
  importLog_undoneMeter:
    'The meter the import had created is removed, with {{notes}} note(s) and {{memberships}} membership(s) in energy communities.',
  importLog_when: 'Imported',
  importLog_file: 'File',
  importLog_meter: 'Meter',
  importLog_meterGone: 'no longer in the profile',
  importLog_counts: 'Values',
  importLog_countsText: '{{readings}} ({{inserted}} new, {{updated}} changed)',
  importLog_undo: 'Undo',
  importLog_undone: 'undone',
  importLog_mergedAway: 'meter merged: undo the merge first',
  importLog_noRecord: 'cannot be undone (older version)',
  importLog_onTeam: 'on the team’s server: cannot be undone (import a corrected file)',
  importLog_by: 'by {{by}}',
  importLog_confirm: 'Undo "{{name}}"? Every day this file wrote goes back to what it was before the import.',
  importLog_undoYes: 'Yes, undo',
  importLog_keep: 'Keep',
  import_suggestion: 'Its values agree with "{{label}}" ({{count}} quarter-hours in common).',
  import_useSuggestion: 'Add to that meter',
  import_conflicts_one: '1 quarter-hour was stored by an earlier file with another value:',
  import_conflicts: '{{count}} quarter-hours were stored by an earlier file with other values:',
  import_conflictKeep: 'keep the stored values (default)',
  import_conflictReplace: "replace them with this file's values",
  import_conflictOther: '— or choose another or a new meter above.',
  import_doneConflictsKept: '{{count}} differing quarter-hours stayed as stored.',
  import_confirmSuspicious: 'I checked the file: import it anyway',
  'encoding_UTF-8 with BOM': 'UTF-8 with BOM',
  'encoding_UTF-16LE with BOM': 'UTF-16LE with BOM',
  'encoding_UTF-16BE with BOM': 'UTF-16BE with BOM',
  importNote_suspicious_whole_kwh:
    'Every value of "{{column}}" is a whole number of kWh and the typical quarter-hour is {{median}} kWh ({{kw}} kW): portal exports write energy with decimals, so a decimal point was probably read as a thousands separator (a file opened and saved again in Excel). Check the file before importing it.',
  importNote_suspicious_quarter_hour:
    'Line {{line}}: {{kwh}} kWh in the quarter-hour from {{at}} of "{{column}}" ({{kw}} kW), {{times}} times the file\'s typical quarter-hour ({{median}} kWh). A decimal point read as a thousands separator (a file saved again in Excel) does this; check the file before importing it.',
  importNote_suspicious_header_total:
    'The header says {{stated}} kWh in total, the quarter-hours add up to {{sum}} kWh: off by a factor of {{factor}}. A decimal point read as a thousands separator (a file saved again in Excel) does this.',
  importNote_gaps:
    '{{obis}}: {{missing}} quarter-hours are missing between the first and the last value ({{ranges}}).',
  importNote_gaps_hours:
    '{{obis}}: {{missing}} hours are missing between the first and the last reading ({{ranges}}).',
  mapping_title: 'Define the columns: {{name}}',
  mapping_intro:
    'Meterdesk does not know this format. Say once which column holds what; the format is saved and recognised from then on.',
  mapping_firstLines: 'The first lines of the file',
  mapping_name: 'Name of the format',
  mapping_delimiter: 'Separator',
  mapping_tab: 'Tab',
  mapping_decimal: 'Decimal mark',
  mapping_headerLine: 'Line with the column names',
  mapping_dateColumn: 'Date (or date and time)',
  mapping_timeColumn: 'Time',
  mapping_valueColumn: 'Value',
  mapping_qualityColumn: 'Quality',
  mapping_noColumn: '(no column of its own)',
  mapping_unit: 'Unit of the values',
  mapping_stamp: 'The time is',
  mapping_stamp_start: 'the start of the quarter-hour',
  mapping_stamp_end: 'the end of the quarter-hour',
  mapping_timeZone: 'Time zone',
  mapping_tz_vienna: 'Austria (CET/CEST)',
  mapping_tz_utc: 'UTC',
  mapping_preview: 'How Meterdesk reads the first values',
  mapping_save: 'Save and read the file',
  mapping_column: 'Column {{n}}: {{name}}',
};
