/**
 * Where each grid operator's portal keeps the export Meterdesk reads, as DSO-FORMATS.md §3 records it
 * (the portals' own German words; the menu paths change with portal versions). Operators whose path the
 * catalogue does not record are listed with their portal only, never with a guessed path.
 */
export interface PortalPath {
  operator: string;
  portal: string | null;
  /** The menu path to the quarter-hour (or hourly) export; null where it is not recorded. */
  path: string | null;
}

export const PORTAL_PATHS: readonly PortalPath[] = [
  {
    operator: 'Wiener Netze',
    portal: 'smartmeter-web.wienernetze.at',
    path: 'Datenexport → Zeitfenster → Viertelstundenwerte → Exportieren',
  },
  {
    operator: 'Netz Niederösterreich',
    portal: 'smartmeter.netz-noe.at',
    path: 'Verbrauch → Jahr → Download „Als Tabelle Tages-/15min Werte (CSV)“',
  },
  {
    operator: 'Netz Oberösterreich',
    portal: 'NetzOÖ e-Service-Portal',
    path: 'Vertrag → Verbrauchsübersicht → Zeitraum → „Ausgewählte Daten herunterladen“',
  },
  {
    operator: 'Salzburg Netz',
    portal: 'portal.salzburgnetz.at',
    path: 'Anlagendetails → Daten → Menü (☰) → Download',
  },
  { operator: 'Kärnten Netz', portal: 'kaerntennetz.at', path: 'meine.messwerte → „Profildownload“' },
  {
    operator: 'TINETZ',
    portal: 'kundenportal.tinetz.at',
    path: 'Zähler → Verbrauchshistorie → „Rohdaten als CSV“',
  },
  { operator: 'Energienetze Steiermark', portal: 'e-netze.at', path: null },
  { operator: 'Netz Burgenland', portal: 'smartmeter.netzburgenland.at', path: null },
  { operator: 'Linz Netz', portal: null, path: null },
  { operator: 'Vorarlberg Netz', portal: null, path: null },
  { operator: 'Stromnetz Graz', portal: null, path: null },
  {
    operator: 'IKB, Stadtwerke Klagenfurt, eww Wels, Ebner Strom, ClamStrom, TIWAG',
    portal: null,
    path: null,
  },
  { operator: 'Stadtwerke Kufstein, Hall AG, KWG (Stundenwerte)', portal: null, path: null },
];
