/** German strings of the import (files from the grid operators' portals). Every key is in import-en.ts. */
export const importDe = {
  import_customer: 'Importiert',
  localProfile: 'Ohne Konto – nur importierte Dateien',
  localProfileStatus: 'Profil ohne Konto: Es enthält importierte Dateien; nichts wird synchronisiert.',
  addLocalProfile: 'Profil ohne Konto (für importierte Dateien)',
  localProfileName: 'z. B. Haushalt Mayer',
  localProfileHint:
    'Für Haushalte ohne Datendienst-Konto: Dateien aus dem Netzbetreiber-Portal importieren und auswerten, alles offline.',
  add: 'Anlegen',
  import_menu: 'Dateien importieren …',
  import_title: 'Exporte des Netzbetreibers importieren',
  import_intro:
    'Die Viertelstundenwerte aus dem Portal des Netzbetreibers (Wiener Netze, Netz NÖ, Netz OÖ, Linz Netz, Salzburg Netz, Kärnten Netz, Energienetze Steiermark, TINETZ, Vorarlberg Netz, Netz Burgenland, Stromnetz Graz, IKB, Stadtwerke Klagenfurt, TIWAG …) hier ablegen – auch ohne Konto. Vor dem Speichern zeigt Meterdesk, was in jeder Datei steht.',
  import_choose: 'Dateien wählen …',
  import_dropOverlay: 'Loslassen zum Importieren',
  import_reading: '{{name}} wird gelesen … {{percent}}',
  import_writing: '{{name}} wird gespeichert …',
  import_format: 'Format',
  import_custom: 'eigenes Format',
  import_encoding: 'Zeichensatz',
  import_meteringPoint: 'Zählpunkt',
  import_noMeteringPoint: 'steht nicht in der Datei',
  import_target: 'Ziel',
  import_targetNew: 'Neuer Zähler unter „Importiert“: {{label}}',
  import_targetSame: '{{label}} (bereits importiert)',
  import_direction: 'Richtung',
  import_directionAssumed: 'Die Datei sagt das nicht – bitte prüfen.',
  import_period: 'Zeitraum',
  import_register: 'Register',
  import_readings: 'Messwerte',
  import_interval_900: 'Viertelstunden',
  import_interval_3600: 'Stundenwerte',
  import_sum: 'Summe',
  import_changeDays: 'Umstellungstage',
  import_changeDay: '{{day}}: {{received}} von {{expected}}',
  import_none: '–',
  import_gapsNone: 'keine Lücken',
  import_gapsCount: '{{count}} fehlen',
  import_rows: '{{count}} Zeilen gelesen',
  import_importedBefore:
    'Diese Datei wurde am {{when}} schon in diesen Zähler importiert; ein erneuter Import ändert nichts.',
  import_notes: 'Hinweise',
  import_commit: 'Importieren',
  import_commitAll: 'Alle importieren ({{count}})',
  import_skip: 'Weglassen',
  import_done: 'Importiert: {{inserted}} neu, {{updated}} geändert, {{unchanged}} unverändert.',
  import_doneKept_one: '1 Viertelstunde vom Dienst behalten.',
  import_doneKept: '{{count}} Viertelstunden vom Dienst behalten.',
  import_open: 'Im Diagramm zeigen',
  import_failedTitle: 'Nicht importiert',
  import_nothingStored: 'Nichts aus dieser Datei wurde gespeichert.',
  import_defineFormat: 'Spalten festlegen …',
  import_tooLargeLocal: '{{name}} ist {{mb}} MB groß; Meterdesk importiert Dateien bis 64 MB.',
  import_close: 'Schließen',
  import_column: 'Spalte {{n}}',
  import_columnNamed: 'Spalte {{n}} („{{name}}“)',
  importErr_empty: 'Die Datei ist leer (0 Byte).',
  importErr_too_large: 'Die Datei ist größer als 64 MB – das ist kein Portal-Export.',
  importErr_not_text: 'Das ist keine Text- (CSV-) oder Excel-Datei.',
  importErr_unknown_format:
    'Dieses Format kennt Meterdesk nicht. Die Spalten einmal festlegen – danach wird es erkannt.',
  importErr_resolution_mismatch:
    'Dieser Zähler hat das Register in einem anderen Intervall (Viertelstunden oder Stunden); importieren Sie die Datei als neuen Zähler.',
  importErr_refused_daily:
    'Die Datei enthält Tageswerte. Im Portal die Viertelstunden-Werte (15 min) herunterladen (bei manchen Netzbetreibern muss man sie erst freischalten).',
  importErr_refused_report:
    'Ein EDA-Energie-Report mit mehreren Zählpunkten wird nicht importiert; die Exporte der Netzbetreiber je Zählpunkt verwenden.',
  importErr_csv_syntax: 'Zeile {{line}}: Die Datei ist beschädigt oder abgeschnitten.',
  importErr_too_many_cells:
    'Zeile {{line}} hat mehr als 1000 Felder – so viele Spalten hat kein Portal-Export; die Datei ist beschädigt oder keiner.',
  importErr_short_row: 'Zeile {{line}} ist unvollständig (abgeschnitten oder beschädigt).',
  importErr_bad_number: 'Zeile {{line}}, {{column}}: Das ist keine Zahl.',
  importErr_bad_time: 'Zeile {{line}}: kein gültiges Datum bzw. keine gültige Uhrzeit.',
  importErr_nonexistent_time:
    'Zeile {{line}}: Diese Uhrzeit gibt es in Österreich nicht (in der Nacht der Umstellung auf Sommerzeit springt die Uhr von 2:00 auf 3:00).',
  importErr_repeated_time: 'Zeile {{line}}: Diese Viertelstunde steht doppelt in der Datei.',
  importErr_bad_interval: 'Der Abstand der Werte ist keine Viertelstunde.',
  importErr_bad_unit: 'Zeile {{line}}: Die Einheit ist weder kWh noch kW.',
  importErr_no_readings: 'Die Datei enthält keine Werte.',
  importErr_unreadable: 'Die Datei lässt sich nicht lesen.',
  importErr_meter_needed:
    'Die Datei nennt keinen Zählpunkt, und Meterdesk rät nicht, zu welchem Zähler die Datei gehört. Mit --meter ID oder ZÄHLPUNKT einem Zähler hinzufügen („meterdesk meters“ listet sie) oder mit --meter new:NAME einen neuen Zähler anlegen.',
  importErr_suspicious:
    '{{note}} Nichts wurde importiert; mit --accept-suspicious wird die Datei trotzdem importiert.',
  importErr_nothing_stored: 'Nichts aus dieser Datei wurde gespeichert.',
  importNote_direction_assumed:
    'Die Datei sagt nicht, ob es Bezug oder Einspeisung ist; gelesen als Bezug (oben ändern, falls Einspeisung).',
  importNote_no_quality_column: 'Die Datei nennt keine Qualität je Wert; die Werte zählen als gemessen.',
  importNote_ikb_end_stamped: 'IKB-Zeitpunkte werden als Ende der Viertelstunde gelesen.',
  importNote_start_or_end_unknown:
    'Ob dieses Format Beginn oder Ende der Viertelstunde angibt, ist nicht bekannt; gelesen als Beginn.',
  importNote_power_converted:
    '{{count}} Werte waren mittlere Leistung in kW; gespeichert als kWh je Viertelstunde (kW ÷ 4).',
  importNote_series_all_zero:
    'Spalte „{{column}}“ ist durchgehend 0 (Eintarifzähler) und wird nicht importiert.',
  importNote_meter_readings_kept_apart:
    '{{count}} Zählerstände ({{column}}, {{first}} → {{last}} kWh) bleiben getrennt und werden nicht als Verbrauch gespeichert.',
  importNote_column_empty: 'In dieser Datei ohne Werte: „{{columns}}“.',
  importNote_dst_jump_written_twice:
    '{{day}}: Die Viertelstunde der Zeitumstellung im März steht zweimal in der Datei, als 02:00 und als 03:00 (derselbe Zeitpunkt), mit gleichen Werten (Zeilen {{lines}}); einmal importiert.',
  importNote_placeholder_rows:
    '{{count}} Zeilen mit Zählerstand 0 und ohne Verbrauch sind Platzhalter, keine Messwerte (zuerst Zeile {{line}}); nicht importiert.',
  importNote_dst_hour_once:
    '{{day}}: Die doppelte Stunde 2:00–3:00 steht nur einmal in der Datei; gelesen als erste (Sommerzeit-)Stunde – der Tag hat {{received}} von {{expected}} Messwerten.',
  importNote_dst_hours_merged:
    '{{day}}: Zeile {{line}} enthält beide Stunden 2:00–3:00 der Zeitumstellung in einem Wert ({{kwh}} kWh in „{{column}}“); nicht in zwei erfundene Stunden geteilt, daher hat der Tag {{received}} von 25 Stunden.',
  importNote_residual_as_total:
    'Die Spalte „{{column}}“ (was nach einer Energiegemeinschaft aus dem Netz kam, falls der Haushalt in einer ist; sonst sein ganzer Verbrauch) wird als Verbrauch {{register}} des Zählers geführt, wie die spätere Spalte „Verbrauch“ des Portals – so bleibt die Geschichte eines Haushalts ein Register.',
  importNote_hourly_series:
    'Die Datei enthält Stundenwerte: importiert als Stundenreihe ({{count}} Stunden; 24 je Tag, 23 und 25 an den Umstellungstagen), nie auf Viertelstunden verteilt. Ansichten, die Viertelstunden brauchen (Spitzen wie im Netzentgelt, Lastprofil, Speicher, Kosten), sagen es bei diesem Zähler.',
  importNote_empty_values: '{{count}} Intervalle ohne Wert in „{{column}}“ (bleiben leer, nicht 0).',
  importNote_no_status: '{{count}} Werte ohne Status; gezählt als gemessen.',
  importNote_unknown_quality: '{{count}} Werte mit dem unbekannten Status „{{word}}“; als unsicher markiert.',
  importNote_not_interval_energy:
    '{{count}} Zeilen von Register „{{register}}“ sind keine Viertelstunden-Energie und werden nicht importiert.',
  importNote_header_total_mismatch: 'Die Kopfzeile nennt {{stated}} kWh, die Zeilen ergeben {{sum}} kWh.',
  importNote_day_total_mismatch:
    '{{count}} Tagessummen von „{{column}}“ ({{register}}) weichen um mehr als Rundung von der Summe ihrer Viertelstunden ab (zuerst {{day}}: {{stated}} statt {{sum}} kWh).',
  importNote_meter_reading_mismatch:
    'Die Zählerstände stiegen um {{readingRise}} kWh, die Viertelstunden dazwischen ergeben {{sum}} kWh.',
  importNote_offset_mismatch:
    '{{count}} Zeitpunkte tragen eine UTC-Abweichung, die die österreichische Zeit dort nicht hat (zuerst Zeile {{line}}).',
  importNote_rows_without_value_skipped:
    '{{count}} Zeilen ohne Wert zu einer Uhrzeit, die es nicht gibt oder die sich wiederholt, wurden übersprungen (zuerst Zeile {{line}}).',
  importNote_service_data_kept:
    '{{count}} Viertelstunden hat der Datendienst schon geliefert; seine Werte bleiben.',
  // The customer Meterdesk makes for imported files (common/imported-customer.ts)
  importedCustomer: 'Importierte Dateien',
  importLog_title: 'Importierte Dateien ({{count}})',
  importLog_undoneNow: '„{{file}}“ ist rückgängig gemacht: {{days}} Tage sind wie vor dem Import.',
  importLog_undoneMerge:
    'Der zusammengeführte Zähler „{{name}}“ ist wieder da, mit seinen Messwerten, Notizen, Mitgliedschaften und Importen.',
  importLog_mergeOf: 'Zusammenführung von „{{name}}“',
  importLog_undoneMeter:
    'Der Zähler, den der Import angelegt hatte, ist entfernt, mit {{notes}} Notiz(en) und {{memberships}} Mitgliedschaft(en) in Energiegemeinschaften.',
  importLog_when: 'Importiert',
  importLog_file: 'Datei',
  importLog_meter: 'Zähler',
  importLog_meterGone: 'nicht mehr im Profil',
  importLog_counts: 'Werte',
  importLog_countsText: '{{readings}} ({{inserted}} neu, {{updated}} geändert)',
  importLog_undo: 'Rückgängig',
  importLog_undone: 'rückgängig gemacht',
  importLog_mergedAway: 'Zähler zusammengeführt: erst die Zusammenführung rückgängig machen',
  importLog_noRecord: 'nicht rückgängig zu machen (ältere Version)',
  importLog_onTeam: 'auf dem Server des Teams: nicht rückgängig zu machen (berichtigte Datei importieren)',
  importLog_by: 'von {{by}}',
  importLog_confirm:
    '„{{name}}“ rückgängig machen? Jeder Tag, den diese Datei geschrieben hat, wird wie vor dem Import.',
  importLog_undoYes: 'Ja, rückgängig machen',
  importLog_keep: 'Behalten',
  import_suggestion: 'Die Werte stimmen mit „{{label}}“ überein ({{count}} gemeinsame Viertelstunden).',
  import_useSuggestion: 'Zu diesem Zähler hinzufügen',
  import_conflicts_one: '1 Viertelstunde hat eine frühere Datei mit anderem Wert gespeichert:',
  import_conflicts: '{{count}} Viertelstunden hat eine frühere Datei mit anderen Werten gespeichert:',
  import_conflictKeep: 'gespeicherte Werte behalten (Vorgabe)',
  import_conflictReplace: 'durch die Werte dieser Datei ersetzen',
  import_conflictOther: '– oder oben einen anderen oder neuen Zähler wählen.',
  import_doneConflictsKept: '{{count}} abweichende Viertelstunden blieben wie gespeichert.',
  import_confirmSuspicious: 'Ich habe die Datei geprüft: trotzdem importieren',
  'encoding_UTF-8 with BOM': 'UTF-8 mit BOM',
  'encoding_UTF-16LE with BOM': 'UTF-16LE mit BOM',
  'encoding_UTF-16BE with BOM': 'UTF-16BE mit BOM',
  importNote_suspicious_whole_kwh:
    'Jeder Wert in „{{column}}“ ist eine ganze Zahl von kWh, die typische Viertelstunde hat {{median}} kWh ({{kw}} kW): Portal-Exporte schreiben Energie mit Nachkommastellen, also wurde wohl ein Dezimalpunkt als Tausendertrennzeichen gelesen (Datei in Excel geöffnet und wieder gespeichert). Bitte die Datei prüfen.',
  importNote_suspicious_quarter_hour:
    'Zeile {{line}}: {{kwh}} kWh in der Viertelstunde ab {{at}} in „{{column}}“ ({{kw}} kW), {{times}}-mal die typische Viertelstunde der Datei ({{median}} kWh). Das passiert, wenn ein Dezimalpunkt als Tausendertrennzeichen gelesen wird (Datei in Excel wieder gespeichert); bitte die Datei prüfen.',
  importNote_suspicious_header_total:
    'Die Kopfzeile nennt {{stated}} kWh gesamt, die Viertelstunden ergeben {{sum}} kWh: um den Faktor {{factor}} daneben. Das passiert, wenn ein Dezimalpunkt als Tausendertrennzeichen gelesen wird (Datei in Excel wieder gespeichert).',
  importNote_gaps:
    '{{obis}}: {{missing}} Viertelstunden fehlen zwischen erstem und letztem Wert ({{ranges}}).',
  importNote_gaps_hours:
    '{{obis}}: {{missing}} Stunden fehlen zwischen erstem und letztem Wert ({{ranges}}).',
  mapping_title: 'Spalten festlegen: {{name}}',
  mapping_intro:
    'Meterdesk kennt dieses Format nicht. Einmal festlegen, welche Spalte was enthält; das Format wird gespeichert und ab dann erkannt.',
  mapping_firstLines: 'Die ersten Zeilen der Datei',
  mapping_name: 'Name des Formats',
  mapping_delimiter: 'Trennzeichen',
  mapping_tab: 'Tabulator',
  mapping_decimal: 'Dezimalzeichen',
  mapping_headerLine: 'Zeile mit den Spaltennamen',
  mapping_dateColumn: 'Datum (oder Datum mit Uhrzeit)',
  mapping_timeColumn: 'Uhrzeit',
  mapping_valueColumn: 'Wert',
  mapping_qualityColumn: 'Qualität',
  mapping_noColumn: '(keine eigene Spalte)',
  mapping_unit: 'Einheit der Werte',
  mapping_stamp: 'Die Zeit ist',
  mapping_stamp_start: 'der Beginn der Viertelstunde',
  mapping_stamp_end: 'das Ende der Viertelstunde',
  mapping_timeZone: 'Zeitzone',
  mapping_tz_vienna: 'Österreich (MEZ/MESZ)',
  mapping_tz_utc: 'UTC',
  mapping_preview: 'So liest Meterdesk die ersten Werte',
  mapping_save: 'Speichern und einlesen',
  mapping_column: 'Spalte {{n}}: {{name}}',
};
