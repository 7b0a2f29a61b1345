/**
 * Issue 62 — a site's place chooses its presets: the postcode's network area puts that area's presets
 * first and suggests its household row; a municipality of the E-Control list inside a larger area
 * (Kufstein in Tirol, 6 % of energy and network) is said as a levy to add; an area-wide levy the preset
 * holds already (Wien 7 %, Salzburg 0,3789 ct) is not said twice; no postcode, no suggestion.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../main/cost/presets';
import { presetsForPlace } from '../../main/cost/place-presets';

const of = (address: string | null) => presetsForPlace(PRESETS, address);

describe('the presets for a place', () => {
  it('Vienna: the Vienna presets first, the household row suggested, its 7 % already in it', () => {
    const v = of('Hauptstraße 12, 1010 Wien');
    expect(v[0]!.tariff.area).toBe('wien');
    const s = v.filter((p) => p.suggested);
    expect(s.map((p) => p.tariff.id)).toEqual(['netz-2026-wien']);
    expect(s[0]!.tariff.levies.find((l) => l.name === 'Gebrauchsabgabe Wien')?.percent).toBe(7);
    expect(s[0]!.placeLevy).toBeUndefined();
  });

  it('Kufstein: the Tirol household row, and the town’s Gebrauchsabgabe to add', () => {
    const s = of('Stadtplatz 1, 6330 Kufstein').find((p) => p.suggested)!;
    expect(s.tariff.id).toBe('netz-2026-tirol');
    expect(s.placeLevy).toEqual({
      name: 'Gebrauchsabgabe Kufstein',
      percent: 6,
      centsPerKwh: 0,
      level: 'secondary',
    });
  });

  it('Salzburg and Klagenfurt: the area-wide levy is in the preset, not said again', () => {
    for (const [address, id, cents] of [
      ['Getreidegasse 9, 5020 Salzburg', 'netz-2026-salzburg', 0.3789],
      ['Alter Platz 1, 9020 Klagenfurt am Wörthersee', 'netz-2026-klagenfurt', 1.637],
    ] as const) {
      const s = of(address).find((p) => p.suggested)!;
      expect(s.tariff.id).toBe(id);
      expect(s.tariff.levies.find((l) => l.name.startsWith('Gebrauchsabgabe'))?.centsPerKwh).toBe(cents);
      expect(s.placeLevy, address).toBeUndefined();
    }
  });

  it('no postcode: every preset, none suggested', () => {
    const v = of('Am Feld 3');
    expect(v).toHaveLength(PRESETS.length);
    expect(v.some((p) => p.suggested)).toBe(false);
    expect(of(null).some((p) => p.suggested)).toBe(false);
  });
});
