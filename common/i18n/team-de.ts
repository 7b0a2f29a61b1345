/** Deutsche Texte der Team-Profile (issue 63): dieselben Schlüssel wie team-en.ts (der Typ sagt es). */
export const teamDe = {
  teamProfile: 'Team-Profil (PostgreSQL)',
  addTeamProfile: 'Team-Profil hinzufügen (PostgreSQL)',
  teamProfileHint:
    'Der gemeinsame Speicher eines Beratungsbüros auf einem PostgreSQL-Server: Die App zeigt eine Kopie davon, aufgenommen beim Öffnen; synchronisiert wird auf dem Server (docs/team.md). Das Passwort kommt in den Schlüsselbund des Systems, nie in eine Datei.',
  teamName: 'Name',
  teamHost: 'Server',
  teamPort: 'Port',
  teamDatabase: 'Datenbank',
  teamUser: 'Benutzer',
  teamPassword: 'Passwort',
  teamSsl: 'TLS',
  teamSsl_disable: 'aus (nur dieser Rechner oder ein geschütztes Netz)',
  teamSsl_require: 'verschlüsselt, Zertifikat nicht geprüft',
  'teamSsl_verify-full': 'verschlüsselt, Zertifikat geprüft',
  teamCopyOf: 'Kopie vom {{time}}',
  teamCopyNotYet: 'noch keine Kopie in dieser Sitzung',
  teamCopyStale: 'Keine neue Kopie möglich – die App zeigt die vom {{time}}:',
  teamChanged:
    'Neue Daten auf dem Server des Teams (Messwerte oder Notizen von {{count}} Zählern, {{time}}).',
  teamRefreshing: 'Neue Kopie wird geholt …',
  teamAdding:
    'Verbindet mit dem Server und holt die erste Kopie des Team-Speichers – bei 1 000 Zählern × 3 Jahren etwa eine halbe Minute; danach lädt „Neu laden“ nur, was sich geändert hat …',
  teamReloading: 'Lädt vom Server des Teams, was sich seit der Kopie geändert hat …',
  teamNewerCopy: 'Eine neuere Kopie ({{time}}) ist da.',
  teamOpenNewer: 'Öffnen',
  teamReload: 'Neu vom Server laden',
  teamReadOnly:
    'Team-Profil: Die App zeigt eine Kopie des Team-Speichers vom {{time}}; Notizen, Tarife, Hinweise und Importe werden auf den Server des Teams geschrieben; synchronisiert wird dort (nächtlicher Auftrag).',
};
