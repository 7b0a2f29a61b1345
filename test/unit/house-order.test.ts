// The house order, checked on every run (issue 41): no runtime import cycle between the folders of
// main/, SQL only behind main/db/ (a budget that may only fall), and no new function of 150+ lines or
// file of 400+ lines beyond the giants still to split, which are named here and must stay true.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types, shared with `node scripts/house-order.mjs`
import { cyclesOf, measure, sqlStatementsIn } from '../../scripts/house-order.mjs';

type Measured = {
  folderCycles: string[][];
  folderEdges: Map<string, string>;
  longFunctions: string[];
  bigFiles: string[];
  sqlOutsideDb: [string, number][];
  refusalsWithoutReason: string[];
  refusals: number;
};
const m = measure() as Measured;

/** Functions of 150+ lines still to split (issue 41, item 7): none is left; keep it so. */
const GIANT_FUNCTIONS: string[] = [];

/** Files of 400+ lines still to split (the i18n word lists aside): none is left; keep it so. */
const GIANT_FILES: string[] = [];

describe('house order', () => {
  it('no runtime import cycle between the folders of main/', () => {
    const explain = m.folderCycles.map((c) =>
      c
        .flatMap((x) =>
          c.filter((y) => m.folderEdges.has(`${x}→${y}`)).map((y) => m.folderEdges.get(`${x}→${y}`)),
        )
        .join('\n'),
    );
    expect(explain, 'A folder of main/ imports one that imports it back: move the shared part down.').toEqual(
      [],
    );
  });

  it('the cycle check fires on a cycle (a → b → c → a) and not on a chain', () => {
    const graph = (pairs: [string, string][]) => {
      const adj = new Map<string, Set<string>>();
      for (const [a, b] of pairs) adj.set(a, (adj.get(a) ?? new Set()).add(b));
      return adj;
    };
    expect(
      cyclesOf(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      cyclesOf(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([]);
  });

  it('SQL lives behind main/db/ (and the demo service): none elsewhere in main/', () => {
    expect(m.sqlOutsideDb, 'move the statement into a function of main/db/').toEqual([]);
  });

  it('the SQL check finds statements however they are written', () => {
    const code = [
      "db.prepare<[string], { id: number }>(\n  'SELECT id FROM series WHERE meter_id = ?',\n).get(x);",
      'const base = `SELECT m.id FROM meters m`; db.prepare(`${base} WHERE m.id = ?`);',
      "db.exec('BEGIN IMMEDIATE');",
      "const label = 'Select a meter'; /^(\\d{4})$/.exec(period);",
      // Lower case, and a statement joined after another (issue 61): both counted.
      "db.prepare('select id from meters where label = ?').all(x);",
      "db.exec('x; delete from tariffs');",
      "const words = 'Update the tariff; then select a period.';",
    ].join('\n');
    expect(sqlStatementsIn(code)).toBe(5);
  });

  // Refusals of the core (`new AppError(…)` in main/) carry a `reason` code, so the app and the CLI word
  // them in German and English (common/i18n); without one only the generic sentence is left (issue 41).
  it('every refusal carries a reason code', () => {
    expect(m.refusalsWithoutReason, 'give it { reason } and its words in common/i18n').toEqual([]);
    expect(m.refusals).toBeGreaterThan(100); // the scan reads the tree (not an empty one)
  });

  it('no new function of 150+ lines, and the list of giants still to split is true', () => {
    expect(
      m.longFunctions.filter((f) => !GIANT_FUNCTIONS.includes(f)),
      'split it by concern',
    ).toEqual([]);
    expect(
      GIANT_FUNCTIONS.filter((f) => !m.longFunctions.includes(f)),
      'split: take it off the list',
    ).toEqual([]);
  });

  it('no new file of 400+ lines, and the list of giant files is true', () => {
    expect(
      m.bigFiles.filter((f) => !GIANT_FILES.includes(f)),
      'split it by concern',
    ).toEqual([]);
    expect(
      GIANT_FILES.filter((f) => !m.bigFiles.includes(f)),
      'split: take it off the list',
    ).toEqual([]);
  });

  it('the readings stores are the only writers of readings (undo and the moves between stores aside)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? e.name === 'demo'
            ? []
            : files(join(dir, e.name))
          : /\.tsx?$/.test(e.name)
            ? [join(dir, e.name)]
            : [],
      );
    // A local profile's store and a team's (issue 63), both through page-merge.ts; an import's undo;
    // the moves between the stores, which copy rows as they are (team-move.ts, and a copy brought up to
    // date: team-delta.ts); the team schema's triggers that note which days changed (team-schema.ts).
    const writers = [
      'main/db/readings-store.ts',
      'main/db/open-day.ts',
      'main/db/readings-restore.ts',
      'main/db/team-readings.ts',
      'main/db/team-move.ts',
      'main/db/team-delta.ts',
      'main/db/team-schema.ts',
    ];
    const write =
      /(INSERT|UPDATE|DELETE|REPLACE)\b[^;`'"]*\b(reading_days|daily_rollups|irregular_readings)\b/i;
    const found = files('main')
      .filter((f) => !writers.includes(f))
      .filter(
        (f) => write.test(readFileSync(f, 'utf8')) || /restoreDaySnapshots/.test(readFileSync(f, 'utf8')),
      );
    expect(found, 'write readings through createReadingsStore (applyPage, restoreDays)').toEqual([]);
    // Each writer named here still writes readings (a stale name would widen the rule unseen).
    for (const f of writers.filter((w) => w !== 'main/db/team-move.ts'))
      expect(
        write.test(readFileSync(f, 'utf8')) || /restoreDaySnapshots|writeDay\(/.test(readFileSync(f, 'utf8')),
        f,
      ).toBe(true);
  });

  // A figure's expected intervals and its gaps come from its frame (issue 59): only the frame works out
  // a day's quarter-hours for completeness (analysis/frame.ts `frameDays`); a view that counts a day's
  // slots itself counted "yesterday" as missing before the operator delivered it. The few others lay
  // out a carpet, check the service's own days, or count a file's own days — named here, with why.
  it('expected intervals come from the frame: no view counts a day’s slots itself', () => {
    const allowed: Record<string, string> = {
      'main/analysis/frame.ts': 'the frame',
      'main/time/local-days.ts': 'the re-export',
      'main/analysis/analysis.ts': 'the carpet lays out a day’s slots (no completeness)',
      'main/sync/verify.ts': 'the sync checks its days against what the service says it has',
      'main/import/summary.ts': 'a file’s own days before it is stored',
    };
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? e.name === 'demo'
            ? []
            : files(join(dir, e.name))
          : /\.tsx?$/.test(e.name)
            ? [join(dir, e.name)]
            : [],
      );
    const found = [...files('main'), ...files('renderer/src')].filter(
      (f) => !allowed[f] && /\bquarterHoursInDay\b/.test(readFileSync(f, 'utf8')),
    );
    expect(found, 'take the span, its expected intervals and its days from frameFor / frameDays').toEqual([]);
    // The frame's shortcut is gone: a second register or a period is framed again (frameBeside).
    expect(readFileSync('main/analysis/frame.ts', 'utf8')).not.toMatch(/export function sameSpan/);
  });
});
