/**
 * A site's network area from its place (issue 60; issue 62 refines it): the Austrian postcode's region
 * names the grid operator's area in most of the country — Vienna 1xxx, Lower Austria 2xxx/3xxx, Upper
 * Austria 4xxx (Linz 4020–4040), Salzburg 5xxx, Tyrol 6xxx (Innsbruck 6020; Vorarlberg 67xx–69xx, the
 * Kleinwalsertal 6991–6993), Burgenland 7xxx, Styria 8xxx (Graz 8010–8063), Carinthia 9xxx (Klagenfurt
 * 9020–9073). Where the borders of the areas and the postcode regions part, the person's choice decides;
 * an address without a postcode has no area, and then no preset is held back.
 */
export function areaOfAddress(address: string | null | undefined): string | null {
  const m = address ? /\b(\d{4})\b/.exec(address) : null;
  if (!m) return null;
  const p = Number(m[1]);
  if (p >= 1000 && p < 2000) return 'wien';
  if (p >= 2000 && p < 4000) return 'noe';
  if (p >= 4020 && p <= 4040) return 'linz';
  if (p >= 4000 && p < 5000) return 'ooe';
  if (p >= 5000 && p < 6000) return 'salzburg';
  if (p >= 6991 && p <= 6993) return 'kleinwalsertal';
  if (p >= 6700 && p < 7000) return 'vorarlberg';
  if (p === 6020) return 'innsbruck';
  if (p >= 6000 && p < 7000) return 'tirol';
  if (p >= 7000 && p < 8000) return 'burgenland';
  if (p >= 8010 && p <= 8063) return 'graz';
  if (p >= 8000 && p < 9000) return 'steiermark';
  if (p >= 9020 && p <= 9073) return 'klagenfurt';
  if (p >= 9000 && p < 10000) return 'kaernten';
  return null;
}
