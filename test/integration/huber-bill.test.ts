/**
 * Issue 44's must-show: the grid bill of Wohnung Huber (Wiener Netze) for June 2026, rebuilt line by line
 * from the Vienna preset alone, the metering fee given (2,40 € a month, the operator's and on no
 * published sheet here). The hand computation below takes each quarter-hour's kWh by plain SQL, SNAP by
 * its local hour (luxon), and the published values written out here, not the preset's; the bill's own
 * total of grid and levies, as issue 44 gives it, is 51,00 € net.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { CostResult, MeterView } from '../../preload/contract';
import { presetOf } from '../../main/cost/presets';
import { demoProfile } from './helpers';

const TZ = 'Europe/Vienna';
const cent = (eur: number) => Math.round(eur * 100) / 100;

describe("Wohnung Huber's June 2026 grid bill from the presets", () => {
  it('every line equals the hand computation to the cent; the total is the bill’s 51,00 € within a cent', async () => {
    const { services, call } = await demoProfile(1.1);
    try {
      // The preset as it ships, with the one value it cannot know: the operator's metering fee.
      const wien = presetOf('netz-2026-wien')!;
      await call('tariffs:save', {
        tariff: {
          ...wien,
          id: 'huber-netz',
          name: 'Wiener Netze (Preset + Messentgelt)',
          fixedCharges: [...wien.fixedCharges, { name: 'Messentgelt', eur: 2.4, per: 'month', kind: 'grid' }],
        },
      });
      const huber = (await call<MeterView[]>('meters:list')).find((m) => m.label === 'Wohnung Huber')!;
      const june = DateTime.fromISO('2026-06-01', { zone: TZ });
      const r = await call<CostResult>('analysis:cost', {
        meterId: huber.id,
        obisCode: '1-1:1.9.0 G.01',
        fromSec: june.toSeconds(),
        toSec: june.plus({ months: 1 }).toSeconds(),
        tariffIds: ['huber-netz'],
      });
      const t = r.tariffs[0]!;
      expect([t.unpricedQuarterHours, t.outsideValidity]).toEqual([0, 0]);
      const m = t.months.find((x) => x.month === '2026-06')!;

      // By hand. The quarter-hours by plain SQL; SNAP 10:00–16:00 local, every day of June.
      const c = await services.active();
      const rows = c.db
        .prepare(
          `SELECT r.start_sec AS s, r.value AS v FROM readings r JOIN series se ON se.id = r.series_id
            WHERE se.meter_id = ? AND se.obis_code = '1-1:1.9.0 G.01' AND r.start_sec >= ? AND r.start_sec < ?`,
        )
        .all(huber.id, june.toSeconds(), june.plus({ months: 1 }).toSeconds()) as { s: number; v: number }[];
      expect(rows).toHaveLength(30 * 96);
      let kwh = 0;
      let usageCents = 0;
      for (const { s, v } of rows) {
        const hour = DateTime.fromSeconds(s, { zone: TZ }).hour;
        kwh += v;
        usageCents += v * (hour >= 10 && hour < 16 ? 5.58 : 6.98);
      }
      expect(Math.round(kwh * 10) / 10).toBe(481.7); // the bill's kWh
      const lossCents = kwh * 0.7;
      const gridEnergy = cent((usageCents + lossCents) / 100);
      // Per year, by the day (June: 30 of 365): the flat charge, the Förderpauschale and -beitrag.
      const flat = (54 * 30) / 365;
      const perMeterLevies = ((19.02 + 3.796) * 30) / 365;
      const fixed = cent(flat + 2.4 + perMeterLevies);
      // Levies: 0,10 + 0,62 ct/kWh, and the Gebrauchsabgabe: 7 % of the grid's charges (not of a levy).
      const levies = cent((kwh * 0.72) / 100 + (gridEnergy + fixed - cent(perMeterLevies)) * 0.07);
      expect(m.gridEnergyEur).toBe(gridEnergy);
      expect(m.baseFeeEur).toBe(fixed);
      expect(m.fixedLeviesEur).toBe(cent(perMeterLevies));
      expect(m.leviesEur).toBe(levies);
      expect(m.energyEur).toBe(0);
      expect(m.vatEur).toBe(cent((gridEnergy + fixed + levies) * 0.2));
      // The bill: grid and levies 51,00 € net (unrounded here 51,003 €; the three lines, each rounded
      // to the cent, add up to 50,99 €: a bill's own lines round alike, within a cent).
      const unrounded =
        (usageCents + lossCents) / 100 +
        flat +
        2.4 +
        perMeterLevies +
        (kwh * 0.72) / 100 +
        ((usageCents + lossCents) / 100 + flat + 2.4) * 0.07;
      expect(cent(unrounded)).toBe(51);
      expect(Math.abs(m.gridEnergyEur + m.baseFeeEur + m.leviesEur - 51)).toBeLessThanOrEqual(0.0100001);
    } finally {
      await services.close();
    }
  }, 120_000);
});
