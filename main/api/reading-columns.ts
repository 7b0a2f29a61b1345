/**
 * A page of validated readings as columns of typed arrays, to hand a page from the fetch thread to the
 * sync thread. Posting the readings as objects costs the receiving thread about as much as parsing
 * the JSON did (structured clone rebuilds every object); typed arrays move without a copy (their
 * buffers are transferred) and registers and units travel once per page as small string tables.
 */
import type { ApiReading } from './schemas';

export interface ReadingColumns {
  length: number;
  startSec: Float64Array;
  endSec: Float64Array;
  value: Float64Array;
  /** NaN where the reading has no `updated_at`. */
  updatedSec: Float64Array;
  quality: Uint8Array;
  /** Index into `registers`, per reading. */
  register: Uint16Array;
  registers: string[];
  /** Index into `units`, per reading; null stands for a reading without a unit. */
  unit: Uint16Array;
  units: (string | null)[];
}

/** Index of a text in `table`, added on first sight (the last one is remembered: texts come in runs). */
function interner<T>(table: T[]): (text: T) => number {
  const index = new Map<T, number>();
  let last: T | undefined;
  let lastIndex = -1;
  return (text) => {
    if (lastIndex >= 0 && text === last) return lastIndex;
    let k = index.get(text);
    if (k === undefined) {
      k = table.push(text) - 1;
      index.set(text, k);
    }
    last = text;
    lastIndex = k;
    return k;
  };
}

/** Columns of `readings`, and the buffers to transfer with them. */
export function toColumns(readings: readonly ApiReading[]): {
  columns: ReadingColumns;
  transfer: ArrayBuffer[];
} {
  const n = readings.length;
  const c: ReadingColumns = {
    length: n,
    startSec: new Float64Array(n),
    endSec: new Float64Array(n),
    value: new Float64Array(n),
    updatedSec: new Float64Array(n),
    quality: new Uint8Array(n),
    register: new Uint16Array(n),
    registers: [],
    unit: new Uint16Array(n),
    units: [],
  };
  const register = interner(c.registers);
  const unit = interner(c.units);
  for (let i = 0; i < n; i++) {
    const r = readings[i]!;
    c.startSec[i] = r.startSec;
    c.endSec[i] = r.endSec;
    c.value[i] = r.value;
    c.updatedSec[i] = r.updatedSec ?? NaN;
    if (!Number.isInteger(r.quality) || r.quality < 0 || r.quality > 255)
      throw new Error(`quality ${r.quality} does not fit a reading column`);
    c.quality[i] = r.quality;
    c.register[i] = register(r.obisCode);
    c.unit[i] = unit(r.unit ?? null);
  }
  if (c.registers.length > 0xffff || c.units.length > 0xffff)
    throw new Error('too many registers or units in one page');
  return { columns: c, transfer: buffersOf(c) };
}

/** The buffers of the columns, to transfer them with a message. */
export function buffersOf(c: ReadingColumns): ArrayBuffer[] {
  return [c.startSec, c.endSec, c.value, c.updatedSec, c.quality, c.register, c.unit].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

/** The readings back as objects, as the readings store takes them (the same fields as before). */
export function fromColumns(c: ReadingColumns): ApiReading[] {
  const out = new Array<ApiReading>(c.length);
  for (let i = 0; i < c.length; i++) {
    const updated = c.updatedSec[i]!;
    const unit = c.units[c.unit[i]!];
    out[i] = {
      startSec: c.startSec[i]!,
      endSec: c.endSec[i]!,
      value: c.value[i]!,
      unit: unit === null ? undefined : unit,
      obisCode: c.registers[c.register[i]!]!,
      quality: c.quality[i]!,
      updatedSec: Number.isNaN(updated) ? null : updated,
    };
  }
  return out;
}
