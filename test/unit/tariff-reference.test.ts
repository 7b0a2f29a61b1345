/**
 * Issue 62 — the tariff reference (resources/tariffs/) is checked before a preset is built from it: the
 * files as they ship pass (226 grid records, 32 OeMAG months), and a file with a value in the wrong
 * form — a German decimal as text, a negative price, an unknown level — stops the presets with the
 * file's path named, instead of a preset priced on a half-read table.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkReferenceFile, reference } from '../../main/cost/reference/reference-data';

const grid = () =>
  JSON.parse(readFileSync('resources/tariffs/at-grid.json', 'utf8')) as {
    records: { values: { apCtPerKwh: { value: unknown; level: string } } }[];
  };

describe('the tariff reference', () => {
  it('ships whole: every grid record, levy and OeMAG month read', () => {
    const r = reference();
    expect(r.grid).toHaveLength(226);
    expect(r.oemag.filter((m) => m.ctPerKwh !== null)).toHaveLength(32);
    expect(r.levies.filter((i) => i.levy === 'Gebrauchsabgabe').length).toBeGreaterThanOrEqual(29);
    // Every source a known value names is in a sources map ("-": a value no source gives, null).
    for (const rec of r.grid)
      for (const v of Object.values(rec.values) as { source: string; value: number | null }[])
        for (const id of v.source.split(/;\s*/))
          if (v.value !== null || id !== '-') expect(r.sources[id], id).toBeDefined();
  });

  it.each([
    [
      'a German decimal as text',
      (g: ReturnType<typeof grid>) => (g.records[3]!.values.apCtPerKwh.value = '8,79'),
    ],
    ['a negative price', (g: ReturnType<typeof grid>) => (g.records[3]!.values.apCtPerKwh.value = -1)],
    [
      'an unknown level',
      (g: ReturnType<typeof grid>) => (g.records[3]!.values.apCtPerKwh.level = 'official'),
    ],
  ])('refuses %s, naming the file', (_, spoil) => {
    const g = grid();
    spoil(g);
    expect(() => checkReferenceFile('at-grid.json', g)).toThrow(
      /resources\/tariffs\/at-grid\.json is not a valid tariff reference \(records\.3\.values\.apCtPerKwh/,
    );
  });
});
