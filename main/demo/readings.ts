/**
 * The demo service's readings: a pure function of (seed, meter, register, local day, slot, clock).
 * Nothing is materialised up front, so `--meters 500 --years 3` starts instantly and any page of any
 * range can be produced on demand, byte-identical for the same seed.
 *
 * Delivery model (mirrors the grid operators' daily cycle): the readings of local day D are delivered
 * on day D+1, six hours after local midnight. Some blocks arrive estimated (2) or unreliable (3) and
 * are revised to measured (1) 5–55 days later, some with a changed value; some slots arrive late
 * (gaps filled 1–10 days later); one implausible spike in the household meter is corrected 3 days later.
 * Every version's `updated_at` is the delivery instant that carried it.
 */
import type { DemoMeter } from './catalog';
import { hash, rand, rand4, rand5 } from './rng';
import { dayNumberOf, dayStartSec, offsetMinutesAt, QH_SEC, quarterHoursInDay } from '../time/local-days';

export const DELIVERY_OFFSET_SEC = 6 * 3600;
export const REVISION_WINDOW_DAYS = 60;

export interface Version {
  /** Local day number of the delivery that carried this version. */
  deliveryDay: number;
  value: number;
  quality: 1 | 2 | 3;
}

export interface DemoReading {
  meter: DemoMeter;
  register: string;
  startSec: number;
  endSec: number;
  day: number;
  slot: number;
  value: number;
  quality: 1 | 2 | 3;
  updatedSec: number;
}

interface DayEvent {
  kind: 'estimated' | 'unreliable' | 'gap' | 'spike';
  fromSlot: number;
  toSlot: number;
  fixDay: number;
  /** Factor of the first (provisional) value relative to the final one. */
  provisionalFactor: number;
}

export interface DemoDataOptions {
  seed: number;
  tz: string;
  /** First local day with data. */
  dataStartDay: number;
  /** The local day whose household reading carries the implausible spike. */
  spikeDay: number;
  /**
   * From this local day on, the heat pump's meter carries 0.4 kW more day and night (planted: a
   * heating element left on), so the demo's watch list has a base-load step to show (docs/watch.md).
   */
  plantDay?: number;
}

export class DemoReadings {
  private readonly events = new Map<string, DayEvent[]>();
  constructor(readonly opts: DemoDataOptions) {}

  deliverySec(day: number): number {
    return dayStartSec(day, this.opts.tz) + DELIVERY_OFFSET_SEC;
  }

  /** The last local day whose first delivery has happened at `nowSec`. */
  lastDeliveredDay(nowSec: number): number {
    const today = dayNumberOf(nowSec, this.opts.tz);
    return nowSec >= this.deliverySec(today) ? today - 1 : today - 2;
  }

  /** The newest delivery day at or before `nowSec`. */
  lastDeliveryDay(nowSec: number): number {
    return this.lastDeliveredDay(nowSec) + 1;
  }

  dayEvents(meter: DemoMeter, day: number): DayEvent[] {
    const key = `${meter.index}:${day}`;
    let list = this.events.get(key);
    if (list) return list;
    list = [];
    const { seed } = this.opts;
    const qh = quarterHoursInDay(day, this.opts.tz);
    const r = rand(seed, meter.index, day, 1);
    const from = Math.floor(rand(seed, meter.index, day, 2) * (qh - 24));
    const len = 4 + Math.floor(rand(seed, meter.index, day, 3) * 20);
    const fix = day + 5 + Math.floor(rand(seed, meter.index, day, 4) * 50);
    const changed = rand(seed, meter.index, day, 5) < 0.5;
    const factor = changed ? 0.8 + rand(seed, meter.index, day, 6) * 0.4 : 1;
    if (r < 0.05)
      list.push({
        kind: 'estimated',
        fromSlot: from,
        toSlot: from + len,
        fixDay: fix,
        provisionalFactor: factor,
      });
    else if (r < 0.065)
      list.push({
        kind: 'unreliable',
        fromSlot: from,
        toSlot: from + len,
        fixDay: fix,
        provisionalFactor: factor,
      });
    else if (r < 0.08)
      list.push({
        kind: 'gap',
        fromSlot: from,
        toSlot: from + len,
        fixDay: day + 2 + (hash(seed, meter.index, day, 7) % 9),
        provisionalFactor: 1,
      });
    else if (r < 0.088)
      list.push({ kind: 'estimated', fromSlot: 0, toSlot: qh, fixDay: fix, provisionalFactor: factor });
    if (meter.index === 0 && day === this.opts.spikeDay) {
      list.push({ kind: 'spike', fromSlot: 70, toSlot: 71, fixDay: day + 3, provisionalFactor: 1 });
    }
    this.events.set(key, list);
    return list;
  }

  /**
   * Days a meter never delivers, as real meters have them: the small business (cast index 1) misses one
   * day 35 days before the start clock, the gas meter (index 5) was offline for the week 74–80 days
   * before it. The service has nothing for them, ever: "gaps as gaps" to see, and to test.
   */
  isOffline(meter: DemoMeter, day: number): boolean {
    const spike = this.opts.spikeDay;
    if (meter.index === 1) return day === spike - 15;
    if (meter.index === 5) return day >= spike - 60 && day < spike - 53;
    return false;
  }

  /** All versions of one reading, oldest first. Empty if the meter has no data that day. */
  versions(meter: DemoMeter, register: string, day: number, slot: number): Version[] {
    if (!meter.hasData || day < this.opts.dataStartDay || this.isOffline(meter, day)) return [];
    const final = this.finalValue(meter, register, day, slot);
    for (const ev of this.dayEvents(meter, day)) {
      if (slot < ev.fromSlot || slot >= ev.toSlot) continue;
      switch (ev.kind) {
        case 'gap':
          return [{ deliveryDay: ev.fixDay, value: final, quality: 1 }];
        case 'spike':
          return [
            { deliveryDay: day + 1, value: 24_000, quality: 1 },
            { deliveryDay: ev.fixDay, value: final, quality: 1 },
          ];
        case 'estimated':
        case 'unreliable':
          return [
            {
              deliveryDay: day + 1,
              value: round3(final * ev.provisionalFactor),
              quality: ev.kind === 'estimated' ? 2 : 3,
            },
            { deliveryDay: ev.fixDay, value: final, quality: 1 },
          ];
      }
    }
    return [{ deliveryDay: day + 1, value: final, quality: 1 }];
  }

  /** The version visible at `nowSec`, or null if none has been delivered yet. */
  visible(meter: DemoMeter, register: string, day: number, slot: number, nowSec: number): DemoReading | null {
    const vs = this.versions(meter, register, day, slot);
    let best: Version | null = null;
    for (const v of vs) if (this.deliverySec(v.deliveryDay) <= nowSec) best = v;
    if (!best) return null;
    const startSec = dayStartSec(day, this.opts.tz) + slot * QH_SEC;
    return {
      meter,
      register,
      startSec,
      endSec: startSec + QH_SEC,
      day,
      slot,
      value: best.value,
      quality: best.quality,
      updatedSec: this.deliverySec(best.deliveryDay),
    };
  }

  /**
   * Every reading version carried by the delivery of local day `deliveryDay`, in a fixed order
   * (measured day, slot, register). Only days at or after `minDay` are included.
   */
  batch(meter: DemoMeter, deliveryDay: number, minDay: number): DemoReading[] {
    const out: DemoReading[] = [];
    if (!meter.hasData) return out;
    const updatedSec = this.deliverySec(deliveryDay);
    const firstDay = Math.max(minDay, this.opts.dataStartDay, deliveryDay - REVISION_WINDOW_DAYS);
    for (let day = firstDay; day < deliveryDay; day++) {
      if (this.isOffline(meter, day)) continue;
      const isFirstDelivery = day === deliveryDay - 1;
      const fixes = this.dayEvents(meter, day).filter((e) => e.fixDay === deliveryDay);
      if (!isFirstDelivery && fixes.length === 0) continue;
      const qh = quarterHoursInDay(day, this.opts.tz);
      const start = dayStartSec(day, this.opts.tz);
      const events = this.dayEvents(meter, day);
      for (let slot = 0; slot < qh; slot++) {
        const plain = isFirstDelivery && !events.some((e) => slot >= e.fromSlot && slot < e.toSlot);
        for (const register of meter.registers) {
          const startSec = start + slot * QH_SEC;
          if (plain) {
            // The common case: a measured value delivered the next day; no version list needed.
            out.push({
              meter,
              register,
              startSec,
              endSec: startSec + QH_SEC,
              day,
              slot,
              value: this.finalValue(meter, register, day, slot),
              quality: 1,
              updatedSec,
            });
            continue;
          }
          if (
            !isFirstDelivery &&
            !events.some((e) => e.fixDay === deliveryDay && slot >= e.fromSlot && slot < e.toSlot)
          )
            continue;
          const v = this.versions(meter, register, day, slot).find((x) => x.deliveryDay === deliveryDay);
          if (!v) continue;
          out.push({
            meter,
            register,
            startSec,
            endSec: startSec + QH_SEC,
            day,
            slot,
            value: v.value,
            quality: v.quality,
            updatedSec,
          });
        }
      }
    }
    return out;
  }

  /** Number of readings (all registers) visible at `nowSec` for local days [fromDay, toDay]. */
  countVisible(meter: DemoMeter, nowSec: number, fromDay = this.opts.dataStartDay): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const r of meter.registers) counts[r] = 0;
    if (!meter.hasData) return counts;
    const last = this.lastDeliveredDay(nowSec);
    for (let day = Math.max(fromDay, this.opts.dataStartDay); day <= last; day++) {
      if (this.isOffline(meter, day)) continue;
      let n = quarterHoursInDay(day, this.opts.tz);
      for (const ev of this.dayEvents(meter, day)) {
        if (ev.kind === 'gap' && this.deliverySec(ev.fixDay) > nowSec) n -= ev.toSlot - ev.fromSlot;
      }
      for (const r of meter.registers) counts[r]! += n;
    }
    return counts;
  }

  /** The final (measured) energy of a quarter-hour in kWh, from the meter's load shape (one register: G.01). */
  finalValue(meter: DemoMeter, _register: string, day: number, slot: number): number {
    const { seed, tz } = this.opts;
    const startSec = dayStartSec(day, tz) + slot * QH_SEC;
    const hour = ((((startSec + offsetMinutesAt(startSec, tz) * 60) % 86_400) + 86_400) % 86_400) / 3600;
    const weekday = (((day + 3) % 7) + 7) % 7; // 0 = Monday
    const isWeekend = weekday >= 5;
    const winter = Math.cos((2 * Math.PI * (day - 15)) / 365.25); // 1 mid-January, -1 mid-July
    const noise = 0.75 + rand5(seed, meter.index, day, slot, 20) * 0.5;
    const dayMood = 0.85 + rand4(seed, meter.index, day, 21) * 0.3;
    const s = meter.scale;
    let g: number;
    switch (meter.kind) {
      case 'business': {
        const open = weekday < 5 ? hour >= 4 && hour < 18 : weekday === 5 ? hour >= 4 && hour < 12 : false;
        g = (open ? 1.6 + 0.6 * bump(hour, 6, 1.5) : 0.25) * s * noise * dayMood;
        break;
      }
      case 'heatpump': {
        const heating = Math.max(0, 0.25 + 0.75 * winter);
        const cycle =
          rand5(seed, meter.index, day, Math.floor(slot / 3), 22) < 0.35 + heating * 0.5 ? 1 : 0.1;
        g = (0.05 + 0.08 * bump(hour, 19, 2.5) + heating * 0.55 * cycle * (hour < 5 ? 0.7 : 1)) * s * noise;
        if (this.opts.plantDay !== undefined && day >= this.opts.plantDay) g += 0.1; // planted: 0.4 kW
        break;
      }
      case 'gas': {
        const heating = Math.max(0.05, 0.3 + 0.7 * winter);
        g =
          (0.2 + heating * (1.8 + 1.2 * bump(hour, 6.5, 1.5) + 0.8 * bump(hour, 18, 2))) *
          s *
          noise *
          (hour < 5 ? 0.5 : 1);
        break;
      }
      case 'pv_feed_in':
      case 'pv_consumption': {
        // A PV house: one household load and one PV generation, netted per quarter-hour as its meter
        // measures them. Import and export never both carry energy in one quarter-hour.
        const house = this.house(meter);
        const load = this.householdLoad(house, day, slot, hour, winter, isWeekend, true);
        const pv = this.pvGeneration(house.index, day, hour, winter);
        const imp = Math.max(0, load - pv);
        const exp = Math.max(0, pv - load);
        return round3(meter.kind === 'pv_feed_in' ? exp : imp);
      }
      default: {
        // household, demo
        g = this.householdLoad({ index: meter.index, scale: s }, day, slot, hour, winter, isWeekend, false);
      }
    }
    return round3(g);
  }

  /**
   * The house a PV meter belongs to: its consumption meter's index and scale. The catalog lists a PV
   * house's feed-in meter right after its consumption meter (catalog.ts), so both find the same house.
   */
  private house(meter: DemoMeter): { index: number; scale: number } {
    const index = meter.kind === 'pv_feed_in' ? meter.index - 1 : meter.index;
    return { index, scale: 0.7 + (hash(this.opts.seed, index, 11) % 1000) / 1000 };
  }

  /** A household's load in a quarter-hour (kWh); a PV house charges an EV some evenings (evCharge). */
  private householdLoad(
    house: { index: number; scale: number },
    day: number,
    slot: number,
    hour: number,
    winter: number,
    isWeekend: boolean,
    ev: boolean,
  ): number {
    const { seed } = this.opts;
    const noise = 0.75 + rand5(seed, house.index, day, slot, 20) * 0.5;
    const dayMood = 0.85 + rand4(seed, house.index, day, 21) * 0.3;
    const base = 0.05 + 0.03 * Math.max(0, winter);
    const morning = 0.12 * bump(hour, isWeekend ? 9 : 7, 1);
    const evening = 0.28 * bump(hour, 19.5, 1.8);
    const midday = isWeekend ? 0.1 * bump(hour, 12.5, 1.5) : 0.02;
    const appliance = rand5(seed, house.index, day, slot, 23) < 0.012 ? 0.45 : 0;
    let g = (base + morning + evening + midday + appliance) * house.scale * noise * dayMood;
    if (ev && rand4(seed, house.index, day, 24) < 0.3) g += this.evCharge(house.index, day, slot);
    return g;
  }

  /**
   * An EV charged at home some evenings (issue 42, item 21: not at ~16 kW every evening): from 18–21 h
   * for 1½–4 h at 3.7 kW (16 A, one phase), the wallbox a household of this size has (issue 64: one
   * charge in five at 11 kW put the house's monthly peak at 13–15 kW in 10 of 12 months). kWh in this
   * slot.
   */
  private evCharge(houseIndex: number, day: number, slot: number): number {
    const { seed } = this.opts;
    const start = (18 + Math.floor(rand4(seed, houseIndex, day, 25) * 4)) * 4;
    const slots = 6 + Math.floor(rand4(seed, houseIndex, day, 26) * 11);
    if (slot < start || slot >= start + slots) return 0;
    return 0.925;
  }

  private pvGeneration(houseIndex: number, day: number, hour: number, winter: number): number {
    const daylight = 12 - 4 * winter; // 8 h in winter, 16 h in summer
    const noon = 12.75;
    const x = (hour - noon) / (daylight / 2);
    if (Math.abs(x) >= 1) return 0;
    const cloud = 0.3 + 0.7 * rand4(this.opts.seed, houseIndex, day, 30);
    const peakKwhPerQh = 2.0 * (0.55 - 0.35 * winter) * 1.6;
    return Math.max(0, peakKwhPerQh * Math.cos((x * Math.PI) / 2) ** 2 * cloud);
  }
}

function bump(x: number, centre: number, width: number): number {
  const d = (x - centre) / width;
  return Math.exp(-d * d);
}

export function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
