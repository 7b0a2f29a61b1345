// An EDA report on its fixed UTC+1 grid over a summer month (issue 42, item 15): it starts at 01:00 of
// the first local day (00:00 UTC+1) and ends at 00:45 of the next month's first day. Counted by whole
// local days, every member "lacked" those two days; the check now counts the report's own span.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { communityView } from '../../main/community/community-view';
import { createCommunityStore } from '../../main/db/community-store';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';

const TZ = 'Europe/Vienna';
// 01.09.2026 00:00 UTC+1 = 31.08.2026 23:00 UTC; the month's 30 days × 96 rows on that grid.
const FIRST = Date.UTC(2026, 7, 31, 23) / 1000;
const ROWS = 30 * 96;

describe('a community report over a summer month', () => {
  it('no member lacks a day when every row of the report is there', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-eeg-summer-')), 'meterdesk.sqlite'));
    const readings = createReadingsStore(db, TZ);
    const meter = db.prepare(
      `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
       VALUES (?, ?, ?, ?, 'electricity', 'quarter_hour', 'imported', NULL, '{}', 0)`,
    );
    const series = (id: string, obis: string, value: number) =>
      readings.applyPage(
        id,
        Array.from({ length: ROWS }, (_, k) => ({
          obisCode: obis,
          startSec: FIRST + k * 900,
          endSec: FIRST + k * 900 + 900,
          value,
          quality: 1,
          updatedSec: 1,
        })),
        'import',
        1,
      );
    meter.run('c', 'AT0010000000000000000000000000C01', 'Haushalt', 'consumption');
    series('c', '1-1:1.9.0 G.01', 0.2);
    series('c', '1-1:2.9.0 G.02', 0.1);
    series('c', '1-1:2.9.0 G.03', 0.1);
    meter.run('p', 'AT0010000000000000000000000000P01', 'PV', 'feed_in');
    series('p', '1-1:2.9.0 G.01', 0.3);
    series('p', '1-1:2.9.0 P.01', 0.2);
    const store = createCommunityStore(db);
    store.save(
      {
        id: 'eeg',
        name: 'EEG Sommer',
        kind: 'local',
        allocation: 'dynamic',
        settings: store.defaults(),
        members: [
          {
            meterId: 'c',
            role: 'consumer',
            factorPercent: 100,
            staticSharePercent: null,
            validFrom: null,
            validTo: null,
          },
          {
            meterId: 'p',
            role: 'producer',
            factorPercent: 100,
            staticSharePercent: null,
            validFrom: null,
            validTo: null,
          },
        ],
      },
      1,
    );
    // The month asked for as the person would: 01.09.–01.10.2026 local.
    const view = communityView(
      db,
      store,
      'eeg',
      { fromSec: Date.UTC(2026, 7, 31, 22) / 1000, toSec: Date.UTC(2026, 8, 30, 22) / 1000 + 86_400 },
      Date.UTC(2026, 10, 20) / 1000,
      TZ,
    );
    for (const c of view.checks) {
      expect(c.daysLackingCount, c.label).toBe(0);
      expect(c.expected, c.label).toBe(ROWS); // the report's quarter-hours, each present
    }
    expect(view.recorded!.consumptionKwh).toBeCloseTo(ROWS * 0.2, 6);
  });
});
