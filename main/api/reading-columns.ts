/**
 * A page of readings as columns (issue 46): one typed array per field and a table of the page's
 * registers, where a reading each was an object with four boxed numbers — at 1.9 M readings a first
 * sync, their allocation and the collector's copying of them were a quarter of its CPU. The page reader
 * (page-reader.ts) writes them straight from the response's bytes; every other source (the general
 * way's zod schemas, MQTT, imports, tests) turns its objects into columns with `ReadingColumns.of`, so
 * the readings store reads one form.
 */

/** A reading as one object: what `at` gives and `of` takes. */
export interface ReadingRow {
  startSec: number;
  endSec: number;
  value: number;
  /** The register's unit; undefined: the page's (kWh when the page names none). */
  unit?: string | undefined;
  obisCode: string;
  quality: number;
  /** When the service last revised the reading; null when the source does not say. */
  updatedSec: number | null;
}

/** A register of a page: its OBIS code and unit (undefined until the page's unit is known). */
export interface ColumnRegister {
  obisCode: string;
  unit: string | undefined;
}

export class ReadingColumns {
  length = 0;
  startSec: Float64Array;
  endSec: Float64Array;
  value: Float64Array;
  /** NaN where the source does not say (null in a row). */
  updatedSec: Float64Array;
  quality: Uint8Array;
  /** Each reading's index in `registers`. */
  register: Uint32Array;
  readonly registers: ColumnRegister[] = [];

  constructor(capacity = 16) {
    const n = Math.max(1, capacity);
    this.startSec = new Float64Array(n);
    this.endSec = new Float64Array(n);
    this.value = new Float64Array(n);
    this.updatedSec = new Float64Array(n);
    this.quality = new Uint8Array(n);
    this.register = new Uint32Array(n);
  }

  /** Readings given as objects (any source but the page reader), in their order. */
  static of(rows: readonly ReadingRow[]): ReadingColumns {
    const c = new ReadingColumns(rows.length);
    const index = new Map<string, number>();
    for (const r of rows) {
      const key = r.unit === undefined ? r.obisCode : `${r.obisCode}\u0000${r.unit}`;
      let k = index.get(key);
      if (k === undefined) index.set(key, (k = c.addRegister(r.obisCode, r.unit)));
      c.push(r.startSec, r.endSec, r.value, r.quality, r.updatedSec ?? NaN, k);
    }
    return c;
  }

  /** A register's index (added; the caller keeps each pair once). */
  addRegister(obisCode: string, unit: string | undefined): number {
    return this.registers.push({ obisCode, unit }) - 1;
  }

  push(
    startSec: number,
    endSec: number,
    value: number,
    quality: number,
    updatedSec: number,
    register: number,
  ) {
    if (this.length === this.startSec.length) this.grow();
    const i = this.length++;
    this.startSec[i] = startSec;
    this.endSec[i] = endSec;
    this.value[i] = value;
    this.quality[i] = quality;
    this.updatedSec[i] = updatedSec;
    this.register[i] = register;
  }

  private grow() {
    const n = this.startSec.length * 2;
    const bigger = <T extends Float64Array | Uint8Array | Uint32Array>(
      a: T,
      make: new (n: number) => T,
    ): T => {
      const b = new make(n);
      b.set(a);
      return b;
    };
    this.startSec = bigger(this.startSec, Float64Array);
    this.endSec = bigger(this.endSec, Float64Array);
    this.value = bigger(this.value, Float64Array);
    this.updatedSec = bigger(this.updatedSec, Float64Array);
    this.quality = bigger(this.quality, Uint8Array);
    this.register = bigger(this.register, Uint32Array);
  }

  /** Registers without a unit of their own get the page's. */
  defaultUnit(unit: string): void {
    for (const r of this.registers) r.unit ??= unit;
  }

  /** Reading `i` as an object (for checks, messages and tests; the store reads the columns). */
  at(i: number): ReadingRow {
    const reg = this.registers[this.register[i]!]!;
    const u = this.updatedSec[i]!;
    return {
      startSec: this.startSec[i]!,
      endSec: this.endSec[i]!,
      value: this.value[i]!,
      unit: reg.unit,
      obisCode: reg.obisCode,
      quality: this.quality[i]!,
      updatedSec: Number.isNaN(u) ? null : u,
    };
  }

  /** Every reading as an object, in order. */
  rows(): ReadingRow[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
}
