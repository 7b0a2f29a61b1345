/** German (de-AT) UI strings. Every key exists in en.ts too (a test checks). */
import { communityDe } from './community-de';
import { billDe } from './bill-de';
import { costDe } from './cost-de';
import { importDe } from './import-de';
import { teamDe } from './team-de';
import { reportDe } from './report-de';

export const de = {
  ...importDe,
  ...teamDe,
  ...costDe,
  ...billDe,
  ...communityDe,
  ...reportDe,
  appTitle: 'Meterdesk',
  loading: 'Lädt …',
  profile: 'Profil',
  connectAccount: 'Konto verbinden',
  demoBanner: 'Demo-Profil: Beispieldaten ohne Konto.',
  search: 'Zähler suchen',
  meters: 'Zähler',
  metersCount: '{{count}} Zähler',
  noMetersLocal:
    'Noch keine Zähler in diesem Profil ohne Konto. Ziehen Sie die Viertelstunden-Datei Ihres Netzbetreibers auf das Fenster oder wählen Sie „Importieren“.',
  noMetersLocalWhere:
    'Die Datei gibt es im Smart-Meter-Webportal des Netzbetreibers (Wiener Netze, Netz NÖ, Netz OÖ, Linz Netz, Salzburg Netz, Kärnten Netz, Energienetze Steiermark, TINETZ, Vorarlberg Netz, Netz Burgenland, Stromnetz Graz u. a.), meist unter „Verbrauch“ bzw. „Energiedaten“ → „Export“ als CSV oder Excel, mit Viertelstundenwerten.',
  portalPathsTitle: 'Wo jedes Portal den Download hat',
  portalPathUnknown: 'in den Verbrauchs- oder Energiedaten des Portals, Export als CSV oder Excel',
  noMeters: 'Noch keine Zähler. Die erste Synchronisierung läuft …',
  noMatch: 'Kein Zähler passt zu Suche und Filtern.',
  filterStatus: 'Status',
  filterDirection: 'Richtung',
  filterCommodity: 'Sparte',
  all: 'Alle',
  sortBy: 'Sortieren',
  sortName: 'Name',
  sortLatest: 'Neueste Daten',
  sortCompleteness: 'Vollständigkeit',
  status_connected: 'verbunden',
  status_pending: 'Zustimmung ausständig',
  status_registered: 'registriert',
  status_rejected: 'abgelehnt',
  status_expired: 'abgelaufen',
  status_revoked: 'widerrufen',
  status_imported: 'importiert',
  statusHint_pending: 'Kund:in muss im Netzbetreiber-Portal zustimmen.',
  statusHint_registered: 'Zustimmung anfordern, um Daten zu erhalten.',
  statusHint_rejected: 'Zustimmung erneut anfordern.',
  statusHint_expired: 'Anfrage abgelaufen – erneut anfordern.',
  direction_consumption: 'Bezug',
  direction_feed_in: 'Einspeisung',
  commodity_electricity: 'Strom',
  commodity_gas: 'Gas',
  latestData: 'Neueste Daten',
  completeness30: 'Vollständigkeit 30 T.',
  quality: 'Qualität',
  q1: 'gemessen',
  q2: 'geschätzt',
  q3: 'unsicher',
  selectMeter: 'Zähler links auswählen, um den Lastgang zu sehen.',
  register: 'Register',
  range_day: 'Tag',
  range_week: 'Woche',
  range_month: 'Monat',
  range_year: 'Jahr',
  range_all: 'Alles',
  previous: 'Zurück',
  next: 'Weiter',
  date: 'Datum',
  unitKwh: 'kWh',
  unitKw: 'kW',
  resolution_quarter_hour: 'Viertelstunden',
  resolution_day: 'Tagessummen (kW: höchste Viertelstunde je Tag)',
  resolution_hour: 'Stundenwerte (eine Stundenreihe)',
  resolution_day_hourly: 'Tagessummen aus Stundenwerten (kW: höchste Stunde je Tag)',
  total: 'Summe',
  peak: 'Spitze',
  readings: 'Werte',
  gaps: 'Lücken',
  exportCsv: 'CSV exportieren',
  exportExcel: 'Excel (de-AT)',
  exportWorkbook: 'Excel-Arbeitsmappe (.xlsx): Übersicht, Monate, Tage, Viertelstunden, Standardprofil',
  exportWorkbookHint:
    'Typisierte Zellen (Zahlen, Datumswerte), fixierte Kopfzeilen. Ein Zähler und ein Register: mit dem für den Zähler vorgeschlagenen Standardlastprofil. Mehrere Zähler oder Register (bis 50 Zähler): jedes Register in einer eigenen Spalte, nie zusammengezählt.',
  exportedWorkbook: 'Arbeitsmappe gespeichert: {{path}}',
  watch_title_one: 'Hinweise (1)',
  watch_title_other: 'Hinweise ({{count}})',
  watch_badge_one: '1 neuer Hinweis',
  watch_badge_other: '{{count}} neue Hinweise',
  watch_new_one: '1 neu',
  watch_new_other: '{{count}} neu',
  // `meterdesk watch` without --json (main/cli/watch-command.ts)
  cliWatch_nothing: 'Nichts zu beachten: kein Befund gilt.',
  cliWatch_new: 'NEU',
  cliWatch_incomplete: 'Daten unvollständig',
  cliWatch_cleared_one: '{{count}} Befund gilt nicht mehr und wurde geschlossen.',
  cliWatch_cleared_other: '{{count}} Befunde gelten nicht mehr und wurden geschlossen.',
  watch_newMark: 'Neu:',
  watch_none: 'Nichts aufgefallen: keine Regel schlägt an.',
  watch_since: 'seit {{day}}',
  watch_seen: 'Gesehen',
  watch_peak_new:
    'neue Monatsspitze {{kw}} ({{at}}), über den {{months}} Monaten davor (höchstens {{before}}).',
  watch_base_up:
    'Grundlast gestiegen: {{recent}} in den letzten 14 Tagen gegen {{before}} in den 8 Wochen davor (× {{ratio}}; Regel: ab × {{threshold}} und 0,1 kW{{scope}}).',
  watch_base_down:
    'Grundlast gesunken: {{recent}} in den letzten 14 Tagen gegen {{before}} in den 8 Wochen davor (× {{ratio}}; Regel: bis × {{threshold}} und 0,1 kW{{scope}}).',
  watch_data_stopped:
    'keine Daten seit {{day}} ({{days}} Tage; Regel: mehr als {{threshold}} Tage{{scope}}).',
  watch_days_missing_one:
    '1 Tag der letzten 30 unvollständig (ab {{first}}), den der Netzbetreiber schuldet.',
  watch_days_missing_other:
    '{{count}} Tage der letzten 30 unvollständig (ab {{first}}), die der Netzbetreiber schuldet.',
  watch_feed_in_drop:
    'Einspeisung gefallen: die 5 besten Tage der letzten 14 bringen {{recent}} kWh, vor einem Jahr {{lastYear}} kWh ({{share}}; Regel: unter {{threshold}}{{scope}}) – Wechselrichter prüfen.',
  watch_year_month_up:
    'Verbrauch dieses Monats {{change}} über dem Vorjahr: {{kwh}} gegen {{lastYear}} an denselben {{days}} Tagen (Regel: ab {{threshold}} und 20 kWh{{scope}}; nur Tage, die in beiden Jahren vollständig sind).',
  watch_year_month_down:
    'Verbrauch dieses Monats {{change}} unter dem Vorjahr: {{kwh}} gegen {{lastYear}} an denselben {{days}} Tagen (Regel: ab {{threshold}} und 20 kWh{{scope}}; nur Tage, die in beiden Jahren vollständig sind).',
  watch_year_year_up:
    'Verbrauch seit Jahresbeginn {{change}} über dem Vorjahr: {{kwh}} gegen {{lastYear}} an denselben {{days}} Tagen (Regel: ab {{threshold}} und 100 kWh{{scope}}; nur Tage, die in beiden Jahren vollständig sind).',
  watch_year_year_down:
    'Verbrauch seit Jahresbeginn {{change}} unter dem Vorjahr: {{kwh}} gegen {{lastYear}} an denselben {{days}} Tagen (Regel: ab {{threshold}} und 100 kWh{{scope}}; nur Tage, die in beiden Jahren vollständig sind).',
  watch_day_revised_up_one:
    'der Netzbetreiber hat den {{day}} am {{revised}} nachträglich um {{change}} erhöht: {{before}} → {{after}} ({{count}} Wert; Regel: ab {{threshold}} und 1 kWh, in den letzten 14 Tagen revidiert{{scope}}) – eine Rechnung über diesen Tag prüfen.',
  watch_day_revised_up_other:
    'der Netzbetreiber hat den {{day}} am {{revised}} nachträglich um {{change}} erhöht: {{before}} → {{after}} ({{count}} Werte; Regel: ab {{threshold}} und 1 kWh, in den letzten 14 Tagen revidiert{{scope}}) – eine Rechnung über diesen Tag prüfen.',
  watch_day_revised_down_one:
    'der Netzbetreiber hat den {{day}} am {{revised}} nachträglich um {{change}} gesenkt: {{before}} → {{after}} ({{count}} Wert; Regel: ab {{threshold}} und 1 kWh, in den letzten 14 Tagen revidiert{{scope}}) – eine Rechnung über diesen Tag prüfen.',
  watch_day_revised_down_other:
    'der Netzbetreiber hat den {{day}} am {{revised}} nachträglich um {{change}} gesenkt: {{before}} → {{after}} ({{count}} Werte; Regel: ab {{threshold}} und 1 kWh, in den letzten 14 Tagen revidiert{{scope}}) – eine Rechnung über diesen Tag prüfen.',
  watch_peak_cap: 'Höchste Viertelstunde des Monats {{kw}} ({{at}}) über der Grenze von {{cap}}{{scope}}.',
  watch_scope_meter: ', für diesen Zähler gesetzt',
  watch_scope_site: ', für den Standort gesetzt',
  watch_scope_customer: ', für den Kunden gesetzt',
  watch_unitDays_one: 'Tag',
  watch_unitDays_other: 'Tage',
  watch_thresholds: 'Schwellen der Regeln',
  watch_thresholdsFor: 'für den Zähler',
  watch_thresholdScope: 'ändern für',
  watch_scopeName_meter: 'den Zähler',
  watch_scopeName_site: 'seinen Standort',
  watch_scopeName_customer: 'seinen Kunden',
  watch_scopeName_default: 'Standard',
  watch_thresholdOff: 'aus',
  watch_thresholdReset: 'Entfernen',
  watch_rule_peak_cap: 'Höchste Viertelstunde über (kW)',
  watch_rule_base_step: 'Grundlastsprung (Faktor)',
  watch_rule_year_change: 'Verbrauch gegen Vorjahr (%)',
  watch_rule_day_revised: 'Tag nachträglich geändert (%)',
  watch_rule_feed_in_drop: 'Einspeisung unter Vorjahr (%)',
  watch_rule_data_stopped: 'Keine Daten seit (Tage)',
  watch_community_g03_over_g02_one:
    'Energiegemeinschaft: an 1 Tag der letzten 30 (ab {{first}}) ist die Eigendeckung (G.03) größer als der zugeteilte Anteil (G.02) – ein Datenfehler des Netzbetreibers.',
  watch_community_g03_over_g02_other:
    'Energiegemeinschaft: an {{count}} Tagen der letzten 30 (ab {{first}}) ist die Eigendeckung (G.03) größer als der zugeteilte Anteil (G.02) – ein Datenfehler des Netzbetreibers.',
  watch_community_days_one:
    'Energiegemeinschaft: 1 Tag der Mitgliedschaft in den letzten 30 (ab {{first}}) mit Verbrauch, aber ohne Gemeinschaftswerte (G.03), die der Netzbetreiber schuldet.',
  watch_community_days_other:
    'Energiegemeinschaft: {{count}} Tage der Mitgliedschaft in den letzten 30 (ab {{first}}) mit Verbrauch, aber ohne Gemeinschaftswerte (G.03), die der Netzbetreiber schuldet.',
  watch_community_coverage:
    'Energiegemeinschaft: Deckung der letzten 14 Tage {{recent}} gegen {{lastYear}} in denselben Wochen vor einem Jahr (Regel: unter der Hälfte und 5 Punkte).',
  watch_snooze: 'In 7 Tagen erinnern',
  watch_snoozedUntil: 'zurückgestellt bis {{day}}',
  watch_rules: 'Aus den Tageswerten jedes Zählers; ein Hinweis bleibt, bis sein Anlass endet.',
  exportLoadProfile: 'Lastprofil für E-Control-Tarifkalkulator und PV-/Speicher-Tools (35 040 Werte)',
  exportLoadProfileHint:
    'Ein Zähler und ein Register, das Kalenderjahr {{year}}: 35 040 Viertelstundenwerte in Normalzeit, einer je Zeile, Dezimalkomma, höchstens 5 Nachkommastellen (29. Februar entfällt im Schaltjahr) – so, wie E-Control-Tarifkalkulator, SMA Sunny Design und Tesvolt sie einlesen. Ein Jahr mit Lücke wird abgelehnt.',
  exportIso: 'ISO / RFC 4180',
  exported_one: '{{rows}} Zeile gespeichert: {{path}}',
  exported_other: '{{rows}} Zeilen gespeichert: {{path}}',
  exportedPng: 'Diagramm als PNG gespeichert: {{path}}',
  syncNow: 'Jetzt synchronisieren',
  syncing: 'Synchronisiere Zähler {{index}} von {{count}} · {{readings}} Werte',
  lastSync: 'Letzte Synchronisierung: {{time}}',
  neverSynced: 'Noch nicht synchronisiert',
  syncWarnings_one: 'Abgleich mit dem Dienst: 1 Zähler mit Lücken (Details beim Zähler)',
  syncWarnings_other: 'Abgleich mit dem Dienst: {{count}} Zähler mit Lücken (Details beim Zähler)',
  meterSyncFailed: 'Letzte Synchronisierung fehlgeschlagen',
  meterSyncIncomplete: 'Lücken beim Abgleich gefunden',
  meterSyncFailedLong: 'Die letzte Synchronisierung dieses Zählers ist fehlgeschlagen:',
  meterSyncCheckedLong: 'Abgleich mit dem Dienst nach der letzten Synchronisierung:',
  offline: 'Offline – gespeicherte Daten bleiben nutzbar.',
  rateLimit: 'Noch {{remaining}} von {{limit}} Anfragen bis {{time}}',
  mqtt_off: 'MQTT aus',
  mqtt_connected: 'MQTT verbunden',
  mqtt_reconnecting: 'MQTT verbindet neu',
  error: 'Fehler',
  chartTable: 'Datentabelle zum Diagramm',
  time: 'Zeit',
  value: 'Wert',
  revisedOn: 'revidiert am {{date}}',
  language: 'Sprache',
  theme: 'Design',
  theme_system: 'System',
  theme_light: 'Hell',
  theme_dark: 'Dunkel',
  settings: 'Einstellungen',
  close: 'Schließen',
  connectTitle: 'Konto verbinden',
  connectHelp:
    'Team-Basis-URL und Token von der Token-Seite (Daten → API-Tokens) einfügen. Das Token wird im Schlüsselbund des Betriebssystems gespeichert und nie wieder angezeigt.',
  profileName: 'Name des Profils',
  teamUrl: 'Team-Basis-URL',
  token: 'API-Token',
  testConnection: 'Verbindung testen',
  connectionOk: 'Verbunden: Team {{team}}, Plan {{plan}}, {{count}} Zähler.',
  save: 'Speichern',
  cancel: 'Abbrechen',
  qualityTitle: 'Qualität',
  tab_chart: 'Lastgang',
  tab_quality: 'Qualität & Revisionen',
  expectedQh: 'Erwartete Viertelstunden',
  completeness: 'Vollständigkeit',
  perMonth: 'Je Monat',
  month: 'Monat',
  gapDays: 'Tage mit Lücken',
  none: 'keine',
  revisions: 'Revidierte Werte',
  oldValue: 'Alt',
  newValue: 'Neu',
  revisedAt: 'Revidiert am',
  registerMeter: 'Zähler registrieren',
  registerTitle: 'Zähler registrieren und Zustimmung anfordern',
  meteringPoint: 'Zählpunktnummer',
  mp_empty: '33 Zeichen: AT, 6-stellige Netzbetreiber-Nummer, 25 Buchstaben oder Ziffern.',
  mp_prefix: 'Österreichische Zählpunkte beginnen mit „AT“.',
  mp_operator: 'Nach „AT“ folgt die 6-stellige Netzbetreiber-Nummer (nur Ziffern).',
  mp_chars: 'Nur Großbuchstaben und Ziffern erlaubt.',
  mp_length: '{{count}} von 33 Zeichen.',
  mp_ok: 'Zählpunktnummer sieht gültig aus.',
  label: 'Bezeichnung',
  site: 'Standort',
  registerAction: 'Registrieren',
  requestConsent: 'Zustimmung anfordern',
  customerEmail: 'E-Mail der Kund:in (optional)',
  consentNext: 'Registriert. Fordern Sie jetzt die Zustimmung der Kund:in an.',
  consentPending:
    'Zustimmung angefordert. Die Kund:in muss im Portal des Netzbetreibers zustimmen (bis {{date}}). Meterdesk prüft den Status automatisch …',
  consentConnected: 'Verbunden! Die erste Synchronisierung läuft.',
  profiles: 'Profile',
  active: 'aktiv',
  switchTo: 'Wechseln',
  rename: 'Umbenennen',
  remove: 'Entfernen',
  confirmRemove: 'Profil „{{name}}“ entfernen? Das Token wird aus dem Schlüsselbund gelöscht.',
  deleteLocalData: 'Auch die lokal gespeicherten Daten dieses Profils löschen',
  timeZone: 'Zeitzone der Anzeige',
  timeZoneNote:
    'Tagessummen und Vollständigkeit beziehen sich immer auf österreichische Kalendertage (Europe/Vienna), wie bei den Netzbetreibern.',
  formatExample: 'Beispiel',
  dataFolder: 'Datenordner',
  syncSchedule: 'Nächste automatische Synchronisierung',
  exporting: 'Exportiere … {{rows}} von {{total}} Zeilen',
  tab_analysis: 'Analyse',
  analysis: 'Analyse',
  view_peaks: 'Spitzen',
  view_baseLoad: 'Grundlast',
  view_duration: 'Dauerlinie',
  view_carpet: 'Carpet',
  view_profiles: 'Tagesprofile',
  view_compare: 'Vergleich',
  view_pv: 'PV',
  view_health: 'Datenqualität',
  meanMonthlyMax: 'Mittel der Monatsspitzen',
  meanTop3: 'Mittel der 3 höchsten Monatsspitzen',
  peakQualityNote: 'Einige Monatsspitzen sind geschätzte oder unsichere Werte.',
  jumpToPeak: 'Im Lastgang zeigen',
  topN: 'Die {{count}} höchsten Viertelstunden',
  trendNone: '(erst ab zwei Jahren Daten oder mit Vorjahresmonaten)',
  trendRegression: '(Steigung über zwei und mehr Jahre)',
  trendSameMonth: '(Mittel der Änderung gegenüber dem Vorjahresmonat)',
  perDay: 'kWh je Tag mit Daten',
  meterAdmin_rename: 'Umbenennen',
  meterAdmin_site: 'Kunde und Standort …',
  meterAdmin_merge: 'Zusammenführen …',
  meterAdmin_mergeInto: 'Diesen Zähler zusammenführen mit',
  meterAdmin_mergeReplace: 'abweichende Werte durch diese ersetzen',
  meterAdmin_mergeShow: 'Vorschau …',
  meterAdmin_mergePreview:
    'Vorschau, noch nichts geschrieben: {{offered}} Messwerte – {{added}} neu, {{same}} gleich, {{conflicts}} hält der andere Zähler mit anderem Wert.',
  meterAdmin_mergeKept: 'Diese bleiben, wie sie sind.',
  meterAdmin_mergeUndo:
    'Eine Zusammenführung lässt sich wie ein Import im Importprotokoll rückgängig machen, solange ihre Tage nicht erneut geschrieben wurden.',
  meterAdmin_mergeReplaced_one: '1 davon wird durch diesen Wert ersetzt.',
  meterAdmin_mergeReplaced_other: '{{count}} davon werden durch diese Werte ersetzt.',
  meterAdmin_mergeConflict: 'hält {{held}}, dieser Zähler {{offered}}',
  meterAdmin_mergeYes: 'Zusammenführen',
  meterAdmin_merged:
    '„{{from}}“ ist mit „{{into}}“ zusammengeführt: {{moved}} Werte übernommen, {{kept}} abweichende Werte von „{{into}}“ behalten. Rückgängig: im Importprotokoll.',
  place_edit: 'Standort/Kunde umbenennen oder zusammenführen …',
  place_which: 'Standort oder Kunde',
  place_site: 'Standort „{{name}}“',
  place_customer: 'Kunde „{{name}}“',
  place_newName: 'Neuer Name',
  place_mergeInto: 'Zusammenführen mit',
  place_noMerge: 'nur umbenennen',
  place_mergeIntoOption: 'zusammenführen mit „{{name}}“',
  place_mergedSite_one: 'Der Standort „{{name}}“ ist zusammengeführt: sein Zähler wurde verschoben.',
  place_mergedSite_other:
    'Der Standort „{{name}}“ ist zusammengeführt: seine {{count}} Zähler wurden verschoben.',
  place_mergedCustomer_one: 'Der Kunde „{{name}}“ ist zusammengeführt: sein Standort wurde verschoben.',
  place_mergedCustomer_other:
    'Der Kunde „{{name}}“ ist zusammengeführt: seine {{count}} Standorte wurden verschoben.',
  meterAdmin_delete: 'Löschen …',
  meterAdmin_name: 'Name des Zählers',
  meterAdmin_save: 'Speichern',
  meterAdmin_cancel: 'Abbrechen',
  meterAdmin_sitePick: 'Standort',
  meterAdmin_siteNew: 'Neuer Standort …',
  meterAdmin_customer: 'Kunde',
  meterAdmin_customerNone: 'ohne Kunde',
  meterAdmin_customerNew: 'Neuer Kunde …',
  meterAdmin_siteName: 'Neuer Standort',
  meterAdmin_customerName: 'Neuer Kunde',
  meterAdmin_deleteAsk: '„{{name}}“ mit allen Messwerten und seinem Importprotokoll löschen?',
  meterAdmin_deleteYes: 'Ja, löschen',
  baseLoadTrend: 'Trend der Grundlast',
  baseLoadP5: 'Grundlast (Ø Tages-P5)',
  nightMin: 'Nachtminimum',
  threshold: 'Schwelle',
  hoursAbove: '{{hours}} h über der Schwelle ({{share}} von {{total}} h)',
  carpetLegend:
    'Tage × Viertelstunden, heller = weniger, dunkler = mehr (bis {{max}} kW); grau = Lücke, orange Strich = geschätzt, violett = unsicher.',
  weekday: 'Werktag',
  weekend: 'Wochenende',
  season_winter: 'Winter',
  season_spring: 'Frühling',
  season_summer: 'Sommer',
  season_autumn: 'Herbst',
  qualityOfValues: 'Grundlage: {{m}} gemessene, {{e}} geschätzte, {{u}} unsichere Werte.',
  compareWith: 'Vergleichen mit',
  prevYear: 'Vorjahr',
  prevMonth: 'Vormonat',
  prevWeek: 'Vorwoche',
  difference: 'Differenz',
  currentPeriod: 'Zeitraum',
  previousPeriod: 'Vergleich',
  gridImport: 'Netzbezug',
  gridExport: 'Einspeisung',
  net: 'Saldo',
  exportHours: 'Stunden mit Einspeisung',
  pvNoSite: 'Dieser Zähler gehört zu keinem Standort.',
  pvNotDerivable:
    'Die Zähler messen nur, was über den Netzanschluss fließt. Die PV-Erzeugung wird nicht gemessen: Eigenverbrauchsanteil und Autarkiegrad lassen sich daraus nicht ableiten.',
  healthLegend:
    'Grün = vollständig gemessen, orange = vollständig mit Ersatzwerten, gelb = Lücken, grau = keine Daten, violetter Rahmen = unsichere Werte.',
  implausible: 'Unplausible Werte (über {{limit}} kWh je Viertelstunde)',
  corrected: '{{count}} später korrigiert',
  neverExported: 'Noch nie exportiert.',
  changedSinceExport: '{{count}} Werte revidiert seit dem letzten Export ({{date}}).',
  portfolio: 'Portfolio',
  customer: 'Kunde',
  annualKwh: 'kWh (bis 365 Tage)',
  backupTitle: 'Sicherung',
  backupHint:
    'Das aktive Profil als eine Datei – zum Übergeben an einen anderen Computer oder eine Beraterin. Eine Wiederherstellung legt ein neues Profil an und überschreibt nie eines. Das Token ist nicht in der Datei.',
  backupSave: 'Sicherung speichern …',
  backupRestore: 'Aus Sicherung wiederherstellen …',
  backupSaved: 'Gesichert in {{path}}.',
  backupRestored: 'Als neues Profil „{{name}}“ wiederhergestellt.',
  backupHolds:
    'Enthält {{meters}} Zähler, {{readings}} Messwerte, {{notes}} Notizen, {{tariffs}} Tarife, {{communities}} Gemeinschaften und {{imports}} importierte Dateien.',
  backupAccount:
    'Es wurde vom Team {{team}} synchronisiert; das Token ist nicht in einer Sicherung: Dieses Profil ist lokal; zum Synchronisieren das Konto als eigenes Profil verbinden.',
  placeNetwork:
    'Der Datenordner {{dir}} liegt auf {{name}}, einem Netz- oder entfernten Dateisystem. Dort ist die Datenbank nicht sicher: Schreiben zwei Computer zugleich, können Daten verloren gehen. Einen lokalen Ordner verwenden und Profile mit „Sicherung speichern“ weitergeben.',
  placeSynced:
    'Der Datenordner {{dir}} liegt in einem Ordner, den {{name}} synchronisiert. Kopiert der Dienst die Datenbank zwischen zwei Schreibvorgängen, kann sie beschädigt werden. Einen lokalen Ordner verwenden und Profile mit „Sicherung speichern“ weitergeben.',
  portfolioShowAll: 'Alle {{count}} Zähler zeigen ({{shown}} gezeigt; beim Blättern kommen weitere)',
  portfolioSince: 'erst ab {{date}}',
  portfolioPartial_one: 'davon 1 mit kürzerem Zeitraum',
  portfolioPartial_other: 'davon {{count}} mit kürzerem Zeitraum',
  updateAvailable: 'Meterdesk {{version}} ist verfügbar und wird im Hintergrund geladen.',
  updateDownloaded: 'Meterdesk {{version}} ist bereit: Beim nächsten Start wird es installiert.',
  syncEvery: 'Automatisch synchronisieren',
  every15: 'alle 15 Minuten',
  every60: 'stündlich',
  every360: 'alle 6 Stunden',
  every1440: 'täglich',
  deliveryOnly: 'nur nach der täglichen Lieferung',
  planUnknown: 'unbekannt',
  details: 'Details',
  serviceSaid: 'Der Dienst meldet',
  err_invalid_input: 'Diese Eingabe wurde nicht angenommen.',
  err_forbidden_sender: 'Diese Anfrage kam nicht aus dem Meterdesk-Fenster und wurde abgelehnt.',
  err_unknown_channel: 'Diese Funktion gibt es in dieser Version nicht.',
  err_not_found: 'Nicht gefunden.',
  err_unauthenticated:
    'Der Dienst hat das API-Token abgelehnt. Erstellen Sie unter Daten → API-Tokens ein neues Token und geben Sie es unter „Profile“ erneut ein.',
  err_forbidden: 'Das Token darf das nicht (fehlende Berechtigung oder anderes Team).',
  err_plan_required: 'Dafür braucht es einen größeren Plan.',
  err_rate_limited: 'Der Dienst nimmt bis {{until}} keine Anfragen an. Meterdesk setzt dann fort.',
  err_unreachable:
    'Der Dienst ist nicht erreichbar. Netzwerk oder URL prüfen; die gespeicherten Daten bleiben nutzbar.',
  err_bad_response: 'Der Dienst hat eine unerwartete Antwort geschickt; nichts davon wurde gespeichert.',
  err_keychain_unavailable:
    'Der Schlüsselbund des Betriebssystems ist nicht nutzbar (gesperrt oder nicht vorhanden). Entsperren oder installieren (z. B. GNOME Keyring), oder das Token nur für diese Sitzung behalten.',
  err_conflict: 'Das passt nicht zum aktuellen Stand.',
  err_local_data: 'Mit den lokal gespeicherten Daten stimmt etwas nicht.',
  err_cancelled: 'Abgebrochen.',
  err_internal: 'In Meterdesk ist etwas schiefgegangen.',
  err_reason_pg_url: 'Das ist keine PostgreSQL-Adresse: postgres://BENUTZER@HOST:PORT/DATENBANK schreiben.',
  err_reason_pg_url_password:
    'Die Adresse enthält ein Passwort: es weglassen und in PGPASSWORD angeben (es liegt im Schlüsselbund, nie in einer Datei).',
  err_reason_pg_auth: 'PostgreSQL hat Benutzer oder Passwort abgelehnt: beides prüfen (PGPASSWORD).',
  err_reason_pg_no_database:
    'Diese Datenbank gibt es auf dem PostgreSQL-Server nicht: zuerst anlegen (docs/team.md).',
  err_reason_pg_unreachable: 'Der PostgreSQL-Server ist nicht erreichbar: läuft er, stimmen Host und Port?',
  err_reason_pg_server_old: 'Ein Team-Profil braucht PostgreSQL 15 oder neuer.',
  err_reason_pg_no_app_role:
    'Die Rolle „{{role}}“ für die Apps gibt es nicht: zuerst anlegen (docs/team.md).',
  err_reason_pg_not_owner:
    'Dieser Benutzer darf das Schema nicht anlegen: team init als Eigentümer der Datenbank ausführen (docs/team.md).',
  err_reason_pg_schema_newer:
    'Das Team-Schema stammt von einem neueren Meterdesk (Version {{schema}}, dieses kennt {{knows}}): Meterdesk aktualisieren; nichts wurde geändert.',
  err_reason_pg_schema_missing:
    'Die Team-Datenbank hat noch kein Meterdesk-Schema, das dieser Benutzer nutzen kann: zuerst team init als Eigentümer der Datenbank ausführen (docs/team.md). Nichts wurde geändert.',
  err_reason_pg_read_only:
    'Dieser Benutzer darf den Team-Speicher nur lesen: Synchronisieren und Importieren brauchen die Rolle der Apps (team init --app-role). Nichts wurde geschrieben.',
  err_reason_team_profiles_unreadable:
    '{{path}} ist nicht lesbar und wurde so gelassen. Verschieben Sie die Datei, um wieder Team-Profile anzulegen.',
  err_reason_team_store_not_built:
    '„{{name}}“ ist ein Team-Profil: Dieses Meterdesk kann seinen Server einrichten (team init), hinein synchronisieren (sync), zählen, was er hält (stats), seine Hinweise auswerten (watch), ihn lesen (analyze, report, imports, tariffs, …), Dateien hineinimportieren (import), seine Tarife kombinieren und zuordnen (tariffs combine, tariffs assign) und ihn sichern oder eine Sicherung hineinbringen (backup, restore), aber „{{what}}“ noch nicht auf PostgreSQL ausführen. Nichts wurde geändert.',
  err_reason_team_read_only_app:
    '„{{name}}“ ist ein Team-Profil: Die App zeigt eine Kopie des Team-Speichers und ändert darin bisher nur Notizen, Tarife, seine Hinweise (gesehen, später, Schwellen) und Importe. Preisreihen, Gemeinschaften und Synchronisationen laufen auf dem Server des Teams über die Kommandozeile (docs/team.md). Nichts wurde geändert.',
  err_reason_note_changed_elsewhere:
    'Diese Notiz wurde inzwischen von {{by}} geändert ({{at}}, Version {{version}}). Sie sehen jetzt diesen Stand; Ihre Änderung wurde nicht gespeichert – Ihr Text steht noch im Feld.',
  err_reason_threshold_changed_elsewhere:
    'Diese Schwelle wurde inzwischen von {{by}} auf {{value}} gesetzt ({{at}}). Die Tabelle zeigt sie jetzt; Ihre Änderung wurde nicht gespeichert.',
  err_reason_threshold_gone:
    'Diese Schwelle wurde inzwischen entfernt. Die Tabelle zeigt die jetzt geltende; Ihre Änderung wurde nicht gespeichert.',
  err_reason_tariff_changed_elsewhere:
    'Der Tarif „{{id}}“ wurde inzwischen von {{by}} geändert ({{at}}, Version {{version}}). Laden Sie vom Server neu, um ihn zu sehen; Ihre Änderung wurde nicht gespeichert.',
  err_reason_tariff_gone:
    'Der Tarif „{{id}}“ wurde inzwischen auf dem Server des Teams entfernt. Laden Sie vom Server neu; Ihre Änderung wurde nicht gespeichert.',
  err_reason_import_changed_elsewhere:
    '„{{other}}“ wurde inzwischen von {{by}} in diesen Zähler importiert ({{at}}); diese Kopie hält es noch nicht. Laden Sie vom Server neu und importieren Sie „{{file}}“ dann noch einmal: Nichts wurde geschrieben.',
  err_reason_finding_seen_elsewhere:
    'Dieser Hinweis wurde inzwischen als gesehen markiert ({{at}}, in einem anderen Fenster oder auf einem anderen Computer). Die Liste zeigt ihn jetzt so; Ihre Markierung wurde nicht gespeichert.',
  err_reason_finding_snoozed_elsewhere:
    'Dieser Hinweis wurde inzwischen auf „später“ gesetzt, bis {{until}} (in einem anderen Fenster oder auf einem anderen Computer). Die Liste zeigt ihn jetzt so; Ihre Markierung wurde nicht gespeichert.',
  err_reason_finding_changed_elsewhere:
    'Dieser Hinweis wurde inzwischen anders markiert (in einem anderen Fenster oder auf einem anderen Computer). Die Liste zeigt ihn jetzt so; Ihre Markierung wurde nicht gespeichert.',
  err_reason_undo_team:
    'Der Import von „{{file}}“ wurde auf dem Server eines Teams gemacht (oder dorthin übertragen), der den Stand der Tage davor nicht aufhebt; er kann nicht rückgängig gemacht werden. Importieren Sie stattdessen eine berichtigte Datei.',
  err_reason_note_gone:
    'Diese Notiz wurde inzwischen gelöscht (auf einem anderen Computer oder in einem anderen Fenster). Ihre Änderung wurde nicht gespeichert.',
  err_reason_profile_name_empty: 'Ein Profil braucht einen Namen.',
  err_reason_team_url_not_url: 'Das ist keine URL: die Team-Basis-URL von der Token-Seite einfügen.',
  err_reason_team_url_insecure: 'Die URL muss mit https:// beginnen (http:// nur für diesen Computer).',
  err_reason_team_url_shape: 'Die URL muss auf /api/v1/teams/<team> enden, wie auf der Token-Seite.',
  err_reason_metering_point_format:
    'Eine Zählpunktnummer hat 33 Zeichen: AT, 6 Ziffern, 25 Buchstaben oder Ziffern.',
  err_reason_consent_pending: 'Für diesen Zähler ist schon eine Zustimmung angefordert.',
  err_reason_already_registered: 'Dieser Zählpunkt ist schon registriert.',
  err_reason_no_token:
    'Für dieses Profil ist kein Token gespeichert (ein nur für die Sitzung behaltenes Token ist nach einem Neustart weg). Unter „Profile“ erneut eingeben.',
  err_reason_range_too_long: 'Ein Export umfasst höchstens 10 Jahre.',
  err_reason_needs_quarter_hours:
    'Dieser Zähler hat Stundenwerte; diese Ansicht braucht Viertelstunden. Diagramm, Qualität und Periodenvergleich funktionieren mit Stundenwerten.',
  err_reason_range_invalid:
    'Einen Zeitraum von höchstens 4 Jahren wählen, dessen Ende nach dem Anfang liegt.',
  err_reason_tariff_direction: '„{{name}}“ passt nicht: hier ist ein Tarif für {{want}} nötig.',
  err_reason_tariff_commodity:
    '„{{name}}“ passt nicht: Das ist ein Zähler für {{commodity}}; einen Tarif dafür wählen.',
  err_reason_peak_shaving_consumption:
    'Lastspitzenkappung betrifft den Netzbezug: ein Bezugsregister wählen.',
  err_reason_peak_shaving_electricity:
    'Lastspitzenkappung bemisst einen Speicher an Strom-Leistungspreisen; das ist ein Gaszähler.',
  err_reason_battery_needs_both:
    'Ein Speicher braucht Netzbezug und Einspeisung des Standorts (ein Bezugs- und ein Einspeiseregister, auf einem Zähler oder zweien); diesem Standort fehlt eines.',
  err_reason_too_large: '{{what}}: größer als {{maxMb}} MB, mehr liest Meterdesk von so einer Datei nicht.',
  err_reason_logo_png: 'Das Logo muss ein PNG-Bild von höchstens 2 MB und 4000 × 4000 Pixeln sein.',
  err_reason_service_meter:
    '„{{name}}“ kommt vom Messdaten-Dienst: Das gehört dem Dienst, und der nächste Abgleich würde eine Änderung hier zurücknehmen.',
  err_reason_name_missing: 'Einen Namen angeben.',
  err_reason_merge_same: 'Zwei verschiedene Zähler zum Zusammenführen wählen.',
  err_reason_merge_directions:
    'Die beiden Zähler messen verschiedene Richtungen (Bezug und Einspeisung): Sie können nicht ein Zähler sein.',
  err_reason_merge_interval:
    'Die beiden Zähler halten {{register}} in verschiedenen Intervallen ({{fileInterval}} und {{storedInterval}}); eine Reihe behält ein Intervall, darum lassen sie sich nicht zusammenführen. Nichts wurde verändert.',
  err_reason_undo_done: 'Der Import von „{{file}}“ ist schon rückgängig gemacht.',
  err_reason_undo_unrecorded:
    'Der Import von „{{file}}“ stammt von einer älteren Meterdesk-Version ohne Rückgängig-Protokoll; er kann nicht rückgängig gemacht werden.',
  err_reason_undo_merged:
    'Der Import von „{{file}}“ kam mit einem zusammengeführten Zähler: zuerst das Zusammenführen rückgängig machen (sein Eintrag im Importprotokoll), das bringt den Zähler mit seinen Importen zurück.',
  err_reason_undo_meter_exists:
    'Ein Zähler {{meter}} ist wieder in diesem Profil, darum kann der zusammengeführte Zähler nicht unter seiner Kennung zurückkommen. Nichts wurde geändert.',
  err_reason_undo_overwritten:
    'Die Messwerte vom {{day}} wurden nach dem Import von „{{file}}“ erneut geschrieben (späterer Import oder Abgleich): zuerst die späteren Importe rückgängig machen. Nichts wurde geändert.',
  err_reason_eda_not_report:
    'Das ist kein „Energie Report“ des EDA-Portals (eine XLSX-Datei mit dem Blatt „Energiedaten“ und den Zeilen MeteringpointID, Energy direction und Metercode).',
  err_reason_eda_empty: 'Der EDA-Report enthält keine lesbaren Viertelstunden oder Zählpunkte.',
  err_reason_eda_row:
    'Zeile {{row}} des EDA-Reports liegt nicht im Viertelstundenraster oder nicht nach der Zeile davor; der Report ist nicht importiert.',
  err_reason_eda_value:
    'Zeile {{row}}, Spalte {{column}} des EDA-Reports hält einen Wert, den kein Zähler messen kann; der Report ist nicht importiert.',
  err_reason_export_nothing: 'Keiner dieser Zähler hat die gewählten Register: andere Register wählen.',
  err_reason_watch_scope_missing:
    'Dieser Zähler gehört zu keinem Standort oder Kunden: die Schwelle für den Zähler selbst setzen.',
  err_reason_watch_threshold_range: 'Die Schwelle liegt zwischen {{min}} und {{max}} {{unit}}.',
  err_reason_price_series_missing:
    'Die Preisreihe „{{id}}“ ist nicht in diesem Profil: zuerst die Day-Ahead-Preise unter diesem Namen importieren (Tarife verwalten → Preisdatei importieren).',
  err_reason_price_series_example: 'Die Beispielreihe „{{name}}“ behält ihren Namen.',
  err_reason_price_series_name: 'Eine Preisreihe braucht einen Namen.',
  err_reason_price_series_in_use:
    'Die Preisreihe wird noch verwendet von {{tariffs}}: zuerst diese Tarife entfernen.',
  err_reason_tariff_in_use:
    'Der Tarif „{{id}}“ ist Teil des kombinierten Tarifs „{{name}}“: zuerst diesen entfernen oder seine Teile ändern.',
  err_reason_tariff_part_invalid:
    'Der Teil „{{id}}“ von „{{name}}“ passt nicht: ein Tarif dieses Profils, selbst nicht kombiniert, für dieselbe Energie und Richtung.',
  err_reason_import_file_gone: 'Diese Datei wartet nicht mehr auf den Import: sie erneut ins Fenster ziehen.',
  err_reason_mapping_text_only:
    'Spalten lassen sich nur für Textdateien (CSV) festlegen; die Tabelle als CSV speichern.',
  err_reason_mapping_column_missing:
    'Zeile {{line}} hat {{columns}} Spalten; Spalte {{column}} gibt es nicht.',
  err_reason_mapping_columns_distinct: 'Für Datum, Uhrzeit, Wert und Qualität verschiedene Spalten wählen.',
  err_reason_import_file_refused:
    '„{{name}}“ kann so nicht importiert werden; der Grund steht bei der Datei in der Liste.',
  err_reason_import_suspicious:
    '„{{name}}“ hat auffällige Werte (siehe bei der Datei). Nichts wurde importiert; bestätigen, dass die Datei stimmt, um sie trotzdem zu importieren.',
  err_reason_import_interval_conflict:
    '„{{name}}“: Dieser Zähler hält {{storedInterval}} von {{register}}, die Datei {{fileInterval}}. Eine Reihe behält ein Intervall: die Datei als neuen Zähler importieren.',
  err_reason_unknown_in_profile:
    '{{kind}} „{{id}}“ gibt es in diesem Profil nicht (mehr). Die Ansicht neu laden.',
  err_reason_note_text_missing: 'Eine Notiz braucht einen Text.',
  err_reason_note_span_invalid:
    'Eine Notiz gilt für den ganzen Zähler oder für einen Zeitraum, dessen Ende nach dem Anfang liegt.',
  err_reason_stored_unreadable:
    '{{kind}} „{{id}}“ ist gespeichert, lässt sich aber nicht mehr lesen: entfernen und neu anlegen.',
  err_reason_db_cannot_open:
    'Die Datenbank dieses Profils lässt sich nicht öffnen ({{path}}). Der Grund steht unter „Details“; die Datei wurde nicht verändert.',
  err_reason_db_read_only:
    'Der Ordner {{path}} ist schreibgeschützt: Lesen geht (Auswertung, Export, Kosten), Abgleich und Import nicht. Den Datenordner an einen beschreibbaren Ort kopieren.',
  err_reason_db_damaged:
    'Die Datenbank {{path}} ist beschädigt. Meterdesk schreibt nichts mehr hinein, Lesen geht weiter. Aus einer Sicherung wiederherstellen oder das Nötige exportieren und in ein neues Profil abgleichen oder importieren.',
  err_reason_profile_no_account:
    '„{{name}}“ hat kein Konto, nur importierte Dateien. Für den Abgleich mit dem Messdaten-Dienst ein Konto verbinden.',
  err_reason_profile_exists: 'Ein Profil „{{id}}“ gibt es schon.',
  err_reason_no_database:
    'Unter {{path}} gibt es keine Meterdesk-Datenbank. Zuerst synchronisieren oder importieren.',
  err_reason_meter_no_readings:
    'Zähler {{meter}} (Register {{register}}) hat in dieser Datenbank keine Messwerte.',
  err_reason_meter_unknown:
    'Einen Zähler „{{meter}}“ (Kennung oder Zählpunkt) gibt es in dieser Datenbank nicht; „meterdesk meters“ listet sie.',
  err_reason_site_no_meters: 'Die Anlage „{{site}}“ hat in dieser Datenbank keine Zähler.',
  err_reason_cursor_invalid:
    'Der Dienst hat eine ungültige Fortsetzungsmarke geschickt; sie wurde nicht gespeichert. Später noch einmal synchronisieren.',
  err_reason_import_file: 'Die Datei lässt sich so nicht importieren.',
  err_reason_import_format_unknown:
    'Das Format „{{format}}“ kennt dieser Teil von Meterdesk nicht – ein Fehler von Meterdesk; bitte mit der Datei melden.',
  err_reason_unexpected: 'Ein unerwarteter Fehler; sein Wortlaut steht unter Details.',
  err_reason_sync_cancelled: 'Die Synchronisierung wurde abgebrochen; was schon geholt war, ist gespeichert.',
  err_reason_sync_closed:
    'Das Profil wurde geschlossen; die Synchronisierung läuft erst nach dem Öffnen wieder.',
  err_reason_thread_request_unknown:
    'Ein Hintergrund-Prozess kennt die Anfrage „{{name}}“ nicht – ein Fehler von Meterdesk; bitte melden.',
  err_reason_thread_out_of_memory:
    'Das brauchte mehr Speicher, als ein Hintergrund-Prozess nutzen darf, und wurde angehalten; der Rest von Meterdesk läuft weiter. Einen kürzeren Zeitraum oder weniger Zähler wählen und noch einmal versuchen.',
  err_reason_thread_stopped:
    'Ein Hintergrund-Prozess von Meterdesk hat unerwartet aufgehört. Noch einmal versuchen.',
  err_reason_backup_target_exists:
    '{{path}} gibt es schon; eine Sicherung oder Wiederherstellung schreibt nie darüber.',
  err_reason_backup_unreadable: 'Die Datei {{path}} gibt es nicht oder sie lässt sich nicht lesen.',
  err_reason_backup_not_meterdesk: '{{path}} ist keine Meterdesk-Sicherung; nichts wurde geändert.',
  err_reason_backup_damaged: 'Die Sicherung {{path}} ist beschädigt; nichts wurde geändert.',
  err_reason_backup_source_damaged:
    'Das Profil ist beschädigt: Es wurde keine Sicherung geschrieben. Seine Messwerte lassen sich in ein neues Profil neu synchronisieren oder importieren.',
  err_reason_slp_not_consumption:
    'Standardlastprofile beschreiben Strombezug aus dem Netz: Für einen Gaszähler oder ein Einspeiseregister ({{register}}) gibt es keinen Vergleich.',
  err_reason_merge_preview_changed:
    'Die Zähler haben sich seit der Vorschau geändert ({{then}} Messwerte damals, {{now}} jetzt): Nichts wurde zusammengeführt. Bitte die Vorschau neu ansehen.',
  err_reason_backup_schema_foreign:
    'Die Sicherung {{path}} enthält, was kein Meterdesk-Profil enthält (etwa einen Trigger oder eine Sicht); sie wird nicht übernommen, nichts wurde geändert.',
  err_reason_backup_values_implausible:
    'Die Sicherung {{path}} enthält Messwerte, die kein Zähler misst; sie wird nicht übernommen, nichts wurde geändert.',
  err_reason_write_failed:
    '{{path}} wurde nicht geschrieben ({{why}}; ENOSPC: die Festplatte ist voll). Nichts bleibt halb geschrieben; Platz schaffen oder einen anderen Ort wählen und noch einmal versuchen.',
  err_reason_eda_unreadable:
    'Der EDA-Report lässt sich so nicht lesen (zu groß oder beschädigt); was genau, steht unter Details.',
  err_reason_report_running: 'Es wird schon ein Bericht erstellt; warten oder ihn abbrechen.',
  err_reason_report_cancelled: 'Der Bericht wurde abgebrochen; nichts wurde geschrieben.',
  err_reason_customer_exists:
    'Einen Kunden „{{name}}“ gibt es schon: ihn in der Liste wählen statt einen zweiten anzulegen.',
  err_reason_site_exists: 'Einen Standort „{{name}}“ dieses Kunden gibt es schon: ihn in der Liste wählen.',
  err_reason_price_series_interval:
    'Die Preisreihe „{{id}}“ hat ein anderes Intervall (Stunden oder Viertelstunden) als die Datei: unter einem anderen Namen importieren.',
  err_reason_community_role_direction:
    '„{{name}}“ misst die andere Richtung: als Erzeuger nur ein Einspeisezähler, als Verbraucher nur ein Bezugszähler.',
  err_reason_demo_profile_fixed: 'Das Demo-Profil ist eingebaut und lässt sich nicht entfernen.',
  syncNote_missing:
    'Der Dienst hat {{service}} Messwerte für {{span}}, die Synchronisierung hatte {{local}} gebracht; die Prüfung hat {{fetched}} nachgeholt.',
  syncNote_unchecked:
    '{{days}} unvollständige Tage in {{span}} wurden nicht mit dem Dienst abgeglichen (eine Synchronisierung prüft höchstens {{max}} Bereiche, die neuesten zuerst).',
  syncNote_earlier: 'Ein früheres Meterdesk hat beim Abgleich Lücken gefunden (sein Wortlaut): {{text}}',
  err_reason_earlier_sync_error:
    'Die letzte Synchronisierung dieses Zählers (mit einem früheren Meterdesk) ist fehlgeschlagen; ihr Grund steht unter Details.',
  err_reason_db_newer:
    'Dieses Profil wurde von einem neueren Meterdesk geschrieben (Schema {{schema}}, diese Version kennt {{knows}}). Meterdesk aktualisieren, um es zu öffnen; nichts wurde verändert.',
  err_reason_db_before_redesign:
    'Dieses Profil stammt von einem früheren Meterdesk, bevor sich die Speicherung geändert hat (Schema {{schema}} der früheren Zählung); diese Version kann es nicht öffnen und hat nichts daran verändert. Das Konto in ein neues Profil synchronisieren und die Dateien erneut importieren (laut altem Importprotokoll: {{files}}). Die alte Datei bleibt, wie sie ist.',
  err_reason_carpet_too_long:
    'Ein Teppichdiagramm zeigt höchstens {{maxDays}} Tage: einen kürzeren Zeitraum wählen.',
  err_reason_span_invalid:
    'Einen Zeitraum von höchstens {{maxYears}} Jahren wählen, dessen Ende nach dem Beginn liegt.',
  err_reason_export_request_incomplete:
    'Dieser Export wurde ohne alle nötigen Angaben angefordert (Zähler, Register, Zeitraum, Auswertung); die Ansicht neu laden.',
  err_reason_community_shares_too_high:
    'Die festen Anteile von „{{name}}“ ergeben mehr als 100 %: die Anteile senken.',
  err_reason_community_no_member: 'Mindestens ein Mitglied in der Gemeinschaft lassen.',
  err_reason_register_missing: 'Der Zähler {{meterId}} hat kein Register {{obisCode}}.',
  err_reason_meter_without_site:
    'Dieser Zähler gehört zu keinem Standort: seine Kosten sind die des Zählers allein.',
  err_reason_site_no_direction: 'Kein Zähler dieses Standorts hat Messwerte in dieser Richtung.',
  err_reason_spot_series_resolution:
    '„{{name}}“ wird mit einer anderen Preisauflösung abgerechnet, als die Preisreihe „{{series}}“ hat: die im Preisblatt genannte Reihe wählen oder importieren.',
  err_reason_spot_series_quarter_hours:
    '„{{name}}“ rechnet ab {{from}} mit Viertelstundenpreisen ab, die Reihe „{{series}}“ hat aber Stundenpreise: eine Viertelstunden-Preisdatei dafür importieren.',
  err_reason_export_name_outside:
    'Dieser Dateiname läge außerhalb des gewählten Ordners; nichts wurde geschrieben.',
  err_reason_export_over_own_data:
    'Diese Datei gehört zu Meterdesks eigenen Daten; ein Export würde sie ersetzen. Einen anderen Namen oder Ordner wählen.',
  err_reason_export_sqlite_name:
    '„{{name}}“ endet wie eine Datei, die SQLite neben einer Datenbank führt (-journal, -wal, -shm), und könnte von SQLite gelöscht werden. Einen anderen Dateinamen wählen.',
  err_reason_png_invalid: 'Das ist kein PNG-Bild; nichts wurde gespeichert.',
  err_reason_token_not_needed: 'Dieses Profil hat kein Konto und braucht kein Token.',
  err_reason_report_scope_unknown:
    'Dafür gibt es in diesem Profil keine Zähler; die Liste der Zähler und Standorte neu laden.',
  err_reason_report_no_readings:
    'Dafür gibt es in diesem Profil keine Messwerte: zuerst synchronisieren oder importieren.',
  err_reason_report_period_empty:
    'Im gewählten Zeitraum gibt es keinen Messwert; die Daten reichen vom {{from}} bis {{to}}. Einen Zeitraum darin wählen.',
  err_reason_keychain_module_missing:
    'Meterdesk wurde ohne funktionierendes Schlüsselbund-Modul installiert (unter Linux braucht es libsecret-1-dev vor „npm ci“): „Nur für diese Sitzung behalten“ wählen oder das Modul installieren und Meterdesk neu starten.',
  err_reason_keychain_locked:
    'Linux: einen Secret-Service-Schlüsselbund (GNOME Keyring oder KWallet) in einer Desktop-Sitzung entsperren; macOS: den Anmelde-Schlüsselbund entsperren; Windows: die Anmeldeinformationsverwaltung prüfen.',
  err_reason_day_damaged:
    'Ein gespeicherter Tag mit Messwerten ist beschädigt; nichts wurde geändert. Von vorn synchronisieren oder eine Sicherung des Profils zurückspielen.',
  err_reason_import_unknown:
    'Diesen Import gibt es in diesem Profil nicht (mehr); die Liste der Importe neu laden.',
  err_reason_too_many_registers:
    'Der Zähler {{meterId}} bekäme mehr als {{max}} Register; nichts davon wurde gespeichert. Das dem Dienst melden.',
  err_reason_file_unreadable:
    '{{what}}: die Datei lässt sich nicht lesen (fehlt sie, oder fehlt die Berechtigung?).',
  err_reason_load_profile_incomplete:
    '{{missing}} Viertelstunden von {{year}} haben keinen Messwert. Das Lastprofil braucht jede, und Meterdesk erfindet keine: das Jahr vervollständigen (synchronisieren oder importieren) oder ein vollständiges Jahr wählen.',
  err_reason_workbook_cancelled: 'Die Arbeitsmappe wurde abgebrochen; nichts wurde gespeichert.',
  err_reason_export_running: 'Eine Arbeitsmappe wird gerade erstellt: warten oder abbrechen.',
  err_reason_workbook_too_large:
    'Diese Arbeitsmappe hätte {{cells}} Zellen mit Viertelstunden ({{registers}} Register); höchstens {{max}} passen (etwa 10 Register × 3 Jahre). Weniger Zähler oder einen kürzeren Zeitraum wählen – oder als CSV exportieren, das hat keine Grenze.',
  err_reason_export_cancelled: 'Kein Dateiname gewählt; nichts wurde gespeichert.',
  err_reason_sync_running: 'Es läuft schon eine Synchronisation; sie abwarten oder abbrechen.',
  err_reason_price_file_refused:
    'Diese Preisdatei lässt sich nicht als Preise lesen; der Grund steht unter Details.',
  err_word_profile: 'Profil',
  err_word_meter: 'Zähler',
  err_word_site: 'Standort',
  err_word_customer: 'Kunde',
  err_word_tariff: 'Tarif',
  err_word_community: 'Energiegemeinschaft',
  err_word_hourly: 'Stundenwerte',
  err_word_quarter_hourly: 'Viertelstundenwerte',
  err_word_consumption: 'Bezug',
  err_word_feed_in: 'Einspeisung',
  err_word_electricity: 'Strom',
  err_word_gas: 'Gas',
  defaultProfileName: 'Konto',
  keepForSession: 'Nur für diese Sitzung behalten',
  sessionOnlyExplain:
    'Meterdesk kann das Token dann nicht dauerhaft speichern: Es bleibt nur im Arbeitsspeicher und ist nach dem Beenden weg (dann erneut eingeben). Es wird nirgends auf die Festplatte geschrieben.',
  tokenMissing:
    'Für das Profil „{{name}}“ ist kein Token gespeichert: Meterdesk kann nicht synchronisieren. Die gespeicherten Daten bleiben nutzbar.',
  tokenUnreadable:
    'Der Schlüsselbund ist gesperrt oder fehlt: Das Token von „{{name}}“ kann nicht gelesen werden. Schlüsselbund entsperren, oder das Token erneut eingeben.',
  tokenSession: 'Das Token von „{{name}}“ gilt nur für diese Sitzung und ist nach dem Beenden weg.',
  enterToken: 'Token eingeben',
  commodityDirection: 'Sparte · Richtung',
  totalOf_one: 'Summe {{what}} (1 Zähler)',
  totalOf_other: 'Summe {{what}} ({{count}} Zähler)',
  reg_consumption: 'Verbrauch',
  reg_feedIn: 'Einspeisung',
  reg_gas: 'Gas',
  reg_meterReading: 'Zählerstand',
  reg_unnamed: 'Register ohne Namen',
  reg_part_total: 'gesamt',
  reg_part_residual: 'Restnetzbezug',
  reg_part_surplus: 'Überschuss ins Netz',
  reg_part_allocated: 'zugeteilter Anteil der Energiegemeinschaft',
  reg_part_ownCoverage: 'Eigendeckung aus der Energiegemeinschaft',
  reg_part_community: 'Energiegemeinschaft',
  reg_community: 'Energiegemeinschaft',
  reg_part_share: 'zugeteilter Anteil',
  reg_part_coverage: 'Eigendeckung',
  reg_part_coverageRenewable: 'Eigendeckung erneuerbar',
  reg_part_tariff1: 'Hochtarif',
  reg_part_tariff2: 'Niedertarif',
  metersCount_one: '1 Zähler',
  connectionOk_one: 'Verbunden: Team {{team}}, Plan {{plan}}, 1 Zähler.',
  changedSinceExport_one: '1 Wert revidiert seit dem letzten Export ({{date}}).',
  topN_one: 'Die höchste Viertelstunde',
  exportSeveral: 'Mehrere …',
  exportSeveralTitle: 'Mehrere Zähler und Register exportieren',
  exportSeveralHelp:
    'Eine CSV-Datei im Langformat: eine Zeile je Zähler, Register und Viertelstunde, jede mit Zählpunkt und Register. Register werden nie addiert.',
  registers: 'Register',
  from: 'Von',
  to: 'Bis',
  format: 'Format',
  exportCount: '{{meters}} Zähler, {{registers}} Register exportieren',
  period: 'Zeitraum',
  rangeHint_day: 'Ein Kalendertag',
  rangeHint_week: 'Die letzten 7 Tage',
  rangeHint_month: 'Der Kalendermonat',
  rangeHint_year: 'Das Kalenderjahr',
  rangeHint_all: 'Alle gespeicherten Daten',
  unitHint: 'Energie je Intervall (kWh) oder mittlere Leistung (kW = kWh × 4 je Viertelstunde)',
  resetZoom: 'Zoom zurücksetzen',
  resetZoomHint: 'Zurück zum gewählten Zeitraum',
  peakQuarterHour: 'Höchste Viertelstunde',
  peakHour: 'Höchste Stunde',
  quarterHours: 'Viertelstunden',
  frameSpan: 'Zeitraum',
  deliveryDelay: 'Daten gelten als fällig',
  deliveryDelayDays_zero: 'am Ende des Tages',
  deliveryDelayDays_one: 'am Ende des nächsten Tages',
  deliveryDelayDays_other: '{{count}} Tage nach dem Tag',
  deliveryDelayNote:
    'Ein Tag fehlt erst, wenn ein Zähler des Kontos ihn schon hat oder diese Frist vorbei ist: vor der Lieferung des Netzbetreibers ist gestern keine Lücke.',
  skipToChart: 'Zum Diagramm springen',
  workbook_busy: 'Arbeitsmappe wird erstellt …',
  workbook_read: 'Register {{done}} von {{of}} gelesen …',
  workbook_sheets: 'Blätter werden angelegt …',
  workbook_write: 'Datei wird geschrieben …',
  frameOwedUntil: 'geliefert bis {{day}}; ab {{next}} noch nicht fällig',
  frameFileEnd: 'bis zum Ende der Datei, {{day}}',
  frameDueUntil: 'fällig bis {{day}}; ab {{next}} noch nicht fällig',
  frameUntilLatest: 'bis zum letzten Messwert',
  frameFromFirstReading: 'ab dem ersten Messwert',
  ofExpected: '{{received}} von {{expected}}',
  day: 'Tag',
  interval: 'Intervall',
  gap: 'Lücke',
  rowsAll: 'alle {{count}} Zeilen',
  rowsOf: '{{shown}} von {{count}} Zeilen',
  showAllRows: 'Alle {{count}} Zeilen zeigen',
  meanBasisComplete_one:
    'Mittelwerte über 1 vollen Kalendermonat; {{partial}} Teilmonate (vom Zeitraum abgeschnitten oder mit Lücken) sind nicht enthalten.',
  meanBasisComplete_other:
    'Mittelwerte über {{count}} volle Kalendermonate; {{partial}} Teilmonate (vom Zeitraum abgeschnitten oder mit Lücken) sind nicht enthalten.',
  meanBasisAll:
    'Kein voller Kalendermonat im Zeitraum: Die Mittelwerte enthalten alle {{count}} Teilmonate und sind nur Näherungen.',
  partialMonth: 'Teilmonat',
  partialMonthHint:
    'Vom Zeitraum abgeschnitten oder mit Lücken: Die Spitze des ganzen Monats kann höher sein.',
  thresholdFromData: '(90-%-Perzentil dieses Zählers)',
  hours: 'Stunden',
  timeOfDay: 'Uhrzeit',
  carpetLastYear: 'Ein Carpet-Plot zeigt höchstens ein Jahr: die letzten 366 Tage des Zeitraums.',
  noData: 'keine Daten',
  coverage: 'Abdeckung',
  compareScaled:
    'Nicht voll abgedeckt: je erfasster Viertelstunde {{share}} (auf die Abdeckung skaliert, keine Summen verglichen).',
  compareReason_overlap:
    'Nicht vergleichbar: Die Zeiträume überlappen. Einen kürzeren Zeitraum wählen (z. B. ein Jahr gegen das Vorjahr).',
  compareReason_no_data: 'Nicht vergleichbar: Für einen der Zeiträume gibt es keine Daten.',
  nOfM: '{{n}} von {{m}}',
  showMore: '{{count}} weitere zeigen',
  revisionsNewest: 'Hier die neuesten {{count}}; alle stehen im CSV-Export der Werte (Spalte „Revidiert“).',
  consentPendingActions:
    'Das Fenster kann geschlossen werden: Meterdesk synchronisiert den Zähler, sobald zugestimmt wurde. Die Anfrage kann erneut gesendet oder zurückgezogen werden.',
  withdrawConsent: 'Anfrage zurückziehen',
  resendConsent: 'Erneut senden',
  tokenState_missing: 'kein Token',
  tokenState_unreadable: 'Schlüsselbund gesperrt',
  tokenState_session: 'Token nur für diese Sitzung',
  tokenState_keychain: 'Token im Schlüsselbund',
  noMetersNoToken: 'Keine Zähler: Ohne Token kann dieses Profil nicht synchronisieren (siehe oben).',
  more: 'Mehr',
  demoBadge: 'Demo',
};
