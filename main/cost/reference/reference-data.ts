/**
 * The regulated values of an Austrian electricity bill as data (issue 62): resources/tariffs/ holds the
 * reference as compiled from the legal texts and checked secondary sources (its README: units, levels,
 * what is missing), each value with its source, validity and level. Read once, when a preset is first
 * asked for, and checked here: a file that does not have this shape stops the presets with its path
 * named, never a half-read table. Nothing in this folder holds a price of its own.
 */
import { z } from 'zod';
import gridJson from '../../../resources/tariffs/at-grid.json';
import leviesJson from '../../../resources/tariffs/at-levies.json';
import meteringJson from '../../../resources/tariffs/at-metering.json';
import oemagJson from '../../../resources/tariffs/oemag-market-price.json';
import { AppError } from '../../errors';

export const LEVELS = ['legal', 'secondary', 'unverified'] as const;
export type Level = (typeof LEVELS)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const amount = z.number().finite().min(0).max(1_000_000).nullable();
const sources = z.record(z.string(), z.string().max(4000));

/** One value of a grid record: null where no source gives it (then a note says why). */
const gridValue = z
  .object({
    value: amount,
    unit: z.string(),
    level: z.enum(LEVELS),
    source: z.string(),
    note: z.string().optional(),
  })
  .passthrough();

const gridRecord = z
  .object({
    areaId: z.string().regex(/^[a-z]{2,30}$/),
    area: z.string().min(1),
    networkLevel: z.number().int().min(3).max(7),
    row: z.string().regex(/^NE[3-7](-[a-z-]+)?$/),
    validFrom: isoDay,
    validTo: isoDay.nullable(),
    values: z
      .object({
        apCtPerKwh: gridValue,
        snapCtPerKwh: gridValue,
        lpEurPerKwYear: gridValue.optional(),
        flatChargeEurPerYear: gridValue,
        lossFeeCtPerKwh: gridValue,
      })
      .passthrough(),
  })
  .passthrough();

const levyItem = z
  .object({
    levy: z.enum([
      'Elektrizitätsabgabe',
      'Erneuerbaren-Förderbeitrag',
      'Erneuerbaren-Förderpauschale',
      'Gebrauchsabgabe',
      'Umsatzsteuer (VAT)',
    ]),
    validFrom: isoDay.nullable(),
    validTo: isoDay.nullable(),
    value: amount,
    unit: z.string().nullable(),
    level: z.enum(LEVELS),
    source: z.string(),
    row: z.string().optional(),
    component: z.string().optional(),
    appliesTo: z.string().optional(),
    municipality: z.string().optional(),
    type: z.enum(['percent', 'ct_per_kwh']).optional(),
    base: z.string().optional(),
    area: z.string().optional(),
    note: z.string().optional(),
  })
  .passthrough();

const oemagMonth = z
  .object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
    ctPerKwh: amount,
    level: z.enum(LEVELS),
    source: z.string(),
  })
  .passthrough();

const schemas = {
  'at-grid.json': z
    .object({
      sources,
      snapWindow: z.object({ source: z.string() }).passthrough(),
      records: z.array(gridRecord).min(1).max(2000),
    })
    .passthrough(),
  'at-levies.json': z.object({ sources, items: z.array(levyItem).min(1).max(1000) }).passthrough(),
  'at-metering.json': z.object({ sources }).passthrough(),
  'oemag-market-price.json': z.object({ sources, months: z.array(oemagMonth).min(1).max(600) }).passthrough(),
};

export type GridRecord = z.output<typeof gridRecord>;
export type GridValue = z.output<typeof gridValue>;
export type LevyItem = z.output<typeof levyItem>;
export type OemagMonth = z.output<typeof oemagMonth>;

export interface Reference {
  grid: GridRecord[];
  levies: LevyItem[];
  oemag: OemagMonth[];
  /** Every source id of the four files → what it is. */
  sources: Record<string, string>;
}

/** Checks one file's content against its shape; the path and the first problem named when it fails. */
export function checkReferenceFile<K extends keyof typeof schemas>(
  file: K,
  content: unknown,
): z.output<(typeof schemas)[K]> {
  const r = schemas[file].safeParse(content);
  if (r.success) return r.data as z.output<(typeof schemas)[K]>;
  const issue = r.error.issues[0];
  throw new AppError(
    'internal',
    `resources/tariffs/${file} is not a valid tariff reference (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}); the presets are not offered until it is.`,
    { reason: 'tariff_reference_invalid', params: { file } },
  );
}

let loaded: Reference | null = null;

/** The reference, checked once. */
export function reference(): Reference {
  if (loaded) return loaded;
  const grid = checkReferenceFile('at-grid.json', gridJson);
  const levies = checkReferenceFile('at-levies.json', leviesJson);
  const metering = checkReferenceFile('at-metering.json', meteringJson);
  const oemag = checkReferenceFile('oemag-market-price.json', oemagJson);
  loaded = {
    grid: grid.records,
    levies: levies.items,
    oemag: oemag.months,
    sources: { ...metering.sources, ...oemag.sources, ...levies.sources, ...grid.sources },
  };
  return loaded;
}
