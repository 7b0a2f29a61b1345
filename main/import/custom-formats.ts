/**
 * Formats the person defined in the mapping dialog, kept in `import-formats.json` in the data folder
 * (shared by all profiles; no readings, no secrets) and turned into format descriptions the detector
 * tries after the catalogue. A file that cannot be read is set aside, never overwritten.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { importMappingSchema, type ImportMapping } from '../../preload/contract';
import type { FormatSpec } from './types';
import { systemClock } from '../time/clock';

const UNIT_FACTOR: Record<ImportMapping['unit'], number> = { kWh: 1, Wh: 0.001, kW: 0.25, W: 0.00025 };

const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A header row as the detector compares it: cells trimmed, trailing empty ones dropped. */
export function signatureOf(header: readonly string[], delimiter: string): string {
  const cells = header.map((h) => h.trim());
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells.join(delimiter);
}

/** The header text a mapping was made from is its signature; columns are named by their header text. */
export function specOfMapping(m: ImportMapping, header: readonly string[]): FormatSpec {
  const col = (i: number) => exact((header[i] ?? '').trim());
  const ref = { date: col(m.dateColumn), ...(m.timeColumn === null ? {} : { time: col(m.timeColumn) }) };
  return {
    id: `custom-${m.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    operator: m.name,
    product: 'custom',
    container: 'text',
    delimiter: m.delimiter,
    decimal: m.decimal,
    header: exact(signatureOf(header, m.delimiter)),
    preambleMax: m.headerLine - 1,
    time:
      m.stamp === 'start'
        ? { kind: 'local', start: ref, stamp: 'start' }
        : { kind: 'local', end: ref, stamp: 'end' },
    dst: 'unknown',
    series: [
      {
        value: col(m.valueColumn),
        obis: m.direction === 'feed_in' ? '1-1:2.9.0 G.01' : '1-1:1.9.0 G.01',
        ...(m.qualityColumn === null ? {} : { quality: col(m.qualityColumn) }),
      },
    ],
    direction: m.direction,
    tz: m.timeZone === 'UTC' ? 'UTC' : undefined,
    unitFactor: UNIT_FACTOR[m.unit],
    isCustom: true,
  };
}

export interface SavedFormat {
  mapping: ImportMapping;
  header: string[];
}

export function createCustomFormats(dataDir: string) {
  const file = join(dataDir, 'import-formats.json');
  const stored = z.object({
    version: z.literal(1),
    formats: z.array(z.object({ mapping: importMappingSchema, header: z.array(z.string()) })),
  });
  let saved: SavedFormat[] = [];
  if (existsSync(file)) {
    try {
      saved = stored.parse(JSON.parse(readFileSync(file, 'utf8'))).formats;
    } catch {
      renameSync(file, `${file}.broken-${systemClock.nowMs()}`);
    }
  }
  const write = () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify({ version: 1, formats: saved }, null, 2));
    renameSync(`${file}.tmp`, file);
  };
  return {
    list: (): SavedFormat[] => saved.map((f) => ({ ...f })),
    specs: (): FormatSpec[] => saved.map((f) => specOfMapping(f.mapping, f.header)),
    save(mapping: ImportMapping, header: string[]): void {
      saved = [...saved.filter((f) => f.mapping.name !== mapping.name), { mapping, header }];
      write();
    },
    remove(name: string): boolean {
      const before = saved.length;
      saved = saved.filter((f) => f.mapping.name !== name);
      if (saved.length !== before) write();
      return saved.length !== before;
    },
  };
}

export type CustomFormats = ReturnType<typeof createCustomFormats>;
