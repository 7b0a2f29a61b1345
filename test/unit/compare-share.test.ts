// The comparison's share is rounded once, where it is shown (issue 42, item 6): +11,65 % was shown as
// +11,7 % because the core rounded 0.116487 to 0.1165 first. Real SQLite file, real readings store.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { queries } from '../../main/query/queries';
import { fmtQuantity } from '../../renderer/src/format';
import { dayKey, dayNumberOfKey, dayStartSec } from '../../main/time/local-days';
import { fullDay } from '../readings-fixture';

describe('the comparison of two weeks', () => {
  it('gives the share unrounded; the page rounds it once (11,6 %, not 11,7 %)', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-share-')), 'meterdesk.sqlite'));
    const store = createReadingsStore(db);
    const first = dayNumberOfKey('2026-06-01');
    for (let d = first; d < first + 14; d++)
      store.applyPage(
        'm',
        fullDay(dayKey(d), () => (d < first + 7 ? 0.1 : 0.1116487)),
        'sync',
        1,
      );
    const r = queries.compare(
      db,
      {
        meterId: 'm',
        obisCode: '1-1:1.9.0 G.01',
        fromSec: dayStartSec(first + 7),
        toSec: dayStartSec(first + 14),
      },
      dayStartSec(first + 30),
      'Europe/Vienna',
      'week',
    );
    // 672 × 0.1 = 67.2 kWh against 672 × 0.1116487 = 75.028 kWh.
    const share = (75.028 - 67.2) / 67.2;
    expect(r.reason).toBeNull();
    expect(r.differenceShare!).toBeCloseTo(share, 6);
    const shown = fmtQuantity(r.differenceShare, 'percent', { locale: 'de-AT', timeZone: 'Europe/Vienna' });
    expect(shown.replace(/[\u00a0\u202f]/g, ' ')).toBe('11,6 %');
    db.close();
  });
});
