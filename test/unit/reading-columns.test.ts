// Readings as columns (the fetch thread's transfer form): every field comes back as it went in,
// including a missing updated_at and a missing unit, with registers and units kept apart.
import { describe, expect, it } from 'vitest';
import { fromColumns, toColumns } from '../../main/api/reading-columns';
import type { ApiReading } from '../../main/api/schemas';

describe('reading columns', () => {
  it('round-trips every field, registers and units in any order, and transfers each column buffer', () => {
    const readings: ApiReading[] = [
      {
        startSec: 1_700_000_100,
        endSec: 1_700_001_000,
        value: 0.1,
        unit: 'kWh',
        obisCode: 'A',
        quality: 1,
        updatedSec: 1_700_090_001,
      },
      {
        startSec: 1_700_000_100,
        endSec: 1_700_001_000,
        value: -2.5e-7,
        unit: undefined,
        obisCode: 'B',
        quality: 2,
        updatedSec: null,
      },
      {
        startSec: -86_400,
        endSec: -85_500,
        value: 123_456_789.125,
        unit: 'm³',
        obisCode: 'A',
        quality: 3,
        updatedSec: 0,
      },
      {
        startSec: 1_700_000_100,
        endSec: 1_700_003_700,
        value: 0,
        unit: 'kWh',
        obisCode: 'C',
        quality: 1,
        updatedSec: 1.5,
      },
    ];
    const { columns, transfer } = toColumns(readings);
    expect(columns.registers).toEqual(['A', 'B', 'C']);
    expect(columns.units).toEqual(['kWh', null, 'm³']);
    expect(transfer).toHaveLength(7);
    expect(new Set(transfer).size).toBe(7);
    // What a worker receives: a structured clone of the columns.
    expect(fromColumns(structuredClone(columns))).toEqual(readings);
    expect(fromColumns(toColumns([]).columns)).toEqual([]);
  });

  it('refuses a quality that a column cannot hold instead of wrapping it', () => {
    const r: ApiReading = {
      startSec: 0,
      endSec: 900,
      value: 1,
      unit: 'kWh',
      obisCode: 'A',
      quality: 256,
      updatedSec: null,
    };
    expect(() => toColumns([r])).toThrow(/quality 256/);
    expect(() => toColumns([{ ...r, quality: 1.5 }])).toThrow(/quality 1.5/);
  });
});
