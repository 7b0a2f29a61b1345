/**
 * The grid import and export registers of a site, wherever they live: on two meters (a consumption
 * and a feed-in meter) or on one meter that carries both (an Ebner Strom file with 1.9.0 and 2.9.0
 * under one metering point). PV and the battery read these; registers are never summed.
 */
import type Database from 'better-sqlite3';

export interface SiteRegister {
  meterId: string;
  obisCode: string;
}

const IMPORT = '1-1:1.9.0';
const EXPORT = '1-1:2.9.0';

/**
 * The register of one direction: the total (G.01) on a meter of that direction first, then on any
 * meter of the site; failing that, another register of the prefix on a meter of that direction (never
 * a community register of the other direction's meter).
 */
function registerOf(
  db: Database.Database,
  siteId: string,
  prefix: string,
  direction: 'consumption' | 'feed_in',
): SiteRegister | null {
  const row = db
    .prepare<[string, string, string, string, string, string], { meterId: string; obisCode: string }>(
      `SELECT m.id AS meterId, s.obis_code AS obisCode
         FROM meters m JOIN series s ON s.meter_id = m.id
        WHERE m.site_id = ?
          AND (s.obis_code = ? || ' G.01' OR (s.obis_code LIKE ? || '%' AND m.energy_direction = ?))
        ORDER BY (s.obis_code = ? || ' G.01') DESC, (m.energy_direction = ?) DESC, m.id, s.obis_code
        LIMIT 1`,
    )
    .get(siteId, prefix, prefix, direction, prefix, direction);
  return row ?? null;
}

export function siteRegisters(
  db: Database.Database,
  siteId: string,
): { consumption: SiteRegister | null; feedIn: SiteRegister | null } {
  return {
    consumption: registerOf(db, siteId, IMPORT, 'consumption'),
    feedIn: registerOf(db, siteId, EXPORT, 'feed_in'),
  };
}
