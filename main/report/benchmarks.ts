/**
 * What a household of its size typically uses in a year (issue 42, item 20): the report's benchmark
 * for kWh per person. Data with its source, not a figure of the code: Energieinstitut Vorarlberg's
 * table by persons and dwelling (detached house or flat, with or without electric hot water), as the
 * Austrian fuel-poverty portal reproduces it. Nothing is said for businesses: no source the project
 * holds gives a typical business of a kind, so none is shown.
 */
export const HOUSEHOLD_BENCHMARK = {
  source:
    'Energieinstitut Vorarlberg (2011), Stromeffizienz in Haushalten und im Dienstleistungssektor, max50 Nr. 45, S. 20; wiedergegeben auf fuelpoverty.at („Bewertung Stromverbrauch“)',
  /** kWh per year: [house with electric hot water, house without, flat with, flat without]. */
  byPersons: {
    1: [2600, 2000, 1500, 1250],
    2: [4150, 3750, 2550, 2200],
    3: [5350, 5100, 3400, 3000],
    4: [7250, 6400, 4600, 3600],
  } as Record<number, readonly [number, number, number, number]>,
  /** Added for each person beyond four. */
  eachFurther: [1300, 1300, 500, 500] as const,
} as const;

/** The range of a typical year for this many persons (the smallest and largest of the four kinds). */
export function householdBenchmark(persons: number): { lowKwh: number; highKwh: number } | null {
  if (!Number.isInteger(persons) || persons < 1 || persons > 20) return null;
  const base = HOUSEHOLD_BENCHMARK.byPersons[Math.min(persons, 4)]!;
  const kinds = base.map((v, i) => v + Math.max(0, persons - 4) * HOUSEHOLD_BENCHMARK.eachFurther[i]!);
  return { lowKwh: Math.min(...kinds), highKwh: Math.max(...kinds) };
}
