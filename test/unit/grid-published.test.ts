/**
 * The 2026 grid presets against the published values, copied by hand from the legal texts as the
 * reference (resources/tariffs/README.md) quotes them, and kept here apart from the presets, so the
 * check is not the presets read twice (issues 44 and 62):
 * - AP and SNAP: SNE-V 2018 § 5 i. d. F. BGBl. II Nr. 305/2025, NE7 "nicht gemessene Leistung", ct/kWh
 *   net; SNAP from 1 April 2026, April–September 10–16 h;
 * - loss fee: § 6 lit. b, NE7, per area; flat charge "5 400 /Jahr" (Cent) = 54 € a year in every area;
 * - per kWh: Elektrizitätsabgabe 0,10 (household) / 0,82 ct (others), ElAbgG § 7 (16); Erneuerbaren-
 *   Förderbeitrag 0,583 + 0,037 ct (EFBV 2026 § 2 (2), (3));
 * - per metering point and year: Förderbeitrag 3,796 € (EFBV 2026 § 2 (1)), Förderpauschale 19,02 €;
 * - Gebrauchsabgabe for a whole area: Wien 7 % (on energy and grid), Salzburg 0,3789 ct/kWh,
 *   Klagenfurt 1,637 ct/kWh; VAT 20 %, 19 % in the Kleinwalsertal (Mittelberg).
 */
import { describe, expect, it } from 'vitest';
import { TARIFF_PRESETS } from '../../main/cost/presets';
import { versionsOf } from '../../main/cost/tariff-versions';

const NE7: Record<string, [ap: number, snap: number, loss: number]> = {
  burgenland: [8.46, 6.77, 0],
  kaernten: [9.67, 7.74, 0.368],
  klagenfurt: [6.9, 5.52, 0.578],
  noe: [8.79, 7.03, 0.384],
  ooe: [6.29, 5.03, 0.528],
  linz: [5.57, 4.46, 0.487],
  salzburg: [6.59, 5.27, 0.357],
  steiermark: [8.82, 7.06, 0.336],
  graz: [5.17, 4.14, 0.658],
  tirol: [6.81, 5.45, 0.293],
  innsbruck: [8.03, 6.42, 0.453],
  vorarlberg: [4.96, 3.97, 0.393],
  wien: [6.98, 5.58, 0.7],
  kleinwalsertal: [17.73, 14.18, 0.401],
};
/** Gebrauchsabgabe of a whole area: [ct/kWh, percent]. */
const USE_LEVY: Record<string, [number, number]> = {
  wien: [0, 7],
  salzburg: [0.3789, 0],
  klagenfurt: [1.637, 0],
};

describe('the 2026 grid presets against the published values', () => {
  for (const [area, [ap, snap, loss]] of Object.entries(NE7))
    for (const household of [true, false])
      it(`${area}, ${household ? 'household' : 'others'}`, () => {
        const id = household ? `netz-2026-${area}` : `netz-2026-${area}-nichthaushalt`;
        const t = TARIFF_PRESETS.find((p) => p.id === id)!;
        expect(t, id).toBeDefined();
        expect([t.validFrom, t.validTo]).toEqual(['2026-01-01', '2026-12-31']);
        const [q1, fromApril] = versionsOf(t);
        expect([q1!.toDay, fromApril!.fromDay]).toEqual(['2026-03-31', '2026-04-01']);
        for (const v of [q1!, fromApril!]) {
          expect(v.tariff.gridEnergyCentsPerKwh).toBe(ap);
          expect(v.tariff.gridLossCentsPerKwh).toBe(loss);
          const perKwh = v.tariff.levies.reduce((a, l) => a + l.centsPerKwh, 0);
          const use = USE_LEVY[area] ?? [0, 0];
          expect(perKwh).toBeCloseTo((household ? 0.1 : 0.82) + 0.583 + 0.037 + use[0], 9);
          expect(v.tariff.levies.reduce((a, l) => a + l.percent, 0)).toBe(use[1]);
          const yearly = (kind: string) =>
            v.tariff.fixedCharges
              .filter((c) => c.kind === kind && c.per === 'year')
              .reduce((a, c) => a + c.eur, 0);
          expect(yearly('grid')).toBe(54);
          expect(yearly('levy')).toBeCloseTo(3.796 + 19.02, 9);
          expect(v.tariff.vatPercent).toBe(area === 'kleinwalsertal' ? 19 : 20);
        }
        // SNAP only from 1 April (January–March lie outside its months anyway).
        expect(q1!.tariff.gridEnergyWindows).toEqual([]);
        expect(
          fromApril!.tariff.gridEnergyWindows.map((w) => [w.months, w.from, w.to, w.centsPerKwh]),
        ).toEqual([[[4, 5, 6, 7, 8, 9], '10:00', '16:00', snap]]);
        // The metering fee is the operator's: said in the name, never priced at a guess.
        expect(t.name).toContain('ohne Messentgelt');
      });
});
