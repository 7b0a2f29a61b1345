// The query thread (main/query/query-thread.ts): the analyses answered by a thread of their own give
// what the same function gives on this thread, errors keep their code and words, and a thread that
// ends is replaced by the next request.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { portfolio, peaks } from '../../main/analysis/analysis';
import { createQueryThread } from '../../main/query/query-thread';
import { frameFor } from '../../main/analysis/frame';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { fullDay } from '../readings-fixture';

function profileDb() {
  const path = join(mkdtempSync(join(tmpdir(), 'md-query-')), 'meterdesk.sqlite');
  const db = openDatabase(path);
  db.prepare(
    "INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec) VALUES ('m1', 'AT001', 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)",
  ).run();
  const store = createReadingsStore(db);
  for (const key of ['2025-06-09', '2025-06-10', '2025-06-11'])
    store.applyPage(
      'm1',
      fullDay(key, (i) => (i % 7) / 10),
      'cursor',
      1,
    );
  return { path, db };
}

describe('query thread', () => {
  it('stops a request at its memory limit in words of its own; the same request within the limit answers', async () => {
    // Issue 61: the query thread had no resource limits. A heap far too small for the request (and the
    // code it loads) stands for a request too large for the app's limit of 2 GB.
    const { path, db } = profileDb();
    const now = Date.parse('2025-06-12T12:00:00Z') / 1000;
    const small = createQueryThread(path, { maxOldGenerationSizeMb: 4 });
    const q = createQueryThread(path);
    try {
      await expect(small.run('portfolio', now, null, 'Europe/Vienna')).rejects.toMatchObject({
        code: 'invalid_input',
        details: { reason: 'thread_out_of_memory' },
        message: /needed more memory than a background thread may use/,
      });
      expect(await q.run('portfolio', now, null, 'Europe/Vienna')).toEqual(portfolio(db, now, null));
    } finally {
      await small.close();
      await q.close();
      db.close();
    }
  });

  it('answers as the function does on this thread, and keeps an error’s code and words', async () => {
    const { path, db } = profileDb();
    const q = createQueryThread(path);
    try {
      const now = Date.parse('2025-06-12T12:00:00Z') / 1000;
      expect(await q.run('portfolio', now, null, 'Europe/Vienna')).toEqual(portfolio(db, now, null));
      const scope = {
        meterId: 'm1',
        obisCode: '1-1:1.9.0 G.01',
        fromSec: Date.parse('2025-06-08T22:00:00Z') / 1000,
        toSec: Date.parse('2025-06-11T22:00:00Z') / 1000,
      };
      expect(await q.run('peaks', scope, now, 'Europe/Vienna', 5)).toEqual(
        peaks(db, frameFor(db, scope, now, 'Europe/Vienna'), 5),
      );
      await expect(q.run('carpet', scope, now, 'Not/AZone')).rejects.toMatchObject({ message: /Not\/AZone/ });
    } finally {
      await q.close();
      db.close();
    }
  });

  it('answers what was asked before a close, and starts again after it', async () => {
    const { path, db } = profileDb();
    const q = createQueryThread(path);
    try {
      const now = Date.parse('2025-06-12T12:00:00Z') / 1000;
      const open = q.run('portfolio', now, null, 'Europe/Vienna');
      // A report renders after its request has been answered on the thread's side (its PDF is
      // asynchronous): a close right behind it waits for the PDF instead of closing its connection.
      const report = q.run(
        'report',
        {
          scope: { kind: 'meter', id: 'm1' },
          fromSec: Date.parse('2025-06-08T22:00:00Z') / 1000,
          toSec: Date.parse('2025-06-11T22:00:00Z') / 1000,
          periodLabel: '9.–11. Juni 2025',
          lang: 'de',
          sections: ['master', 'energy'],
        },
        now,
        'Europe/Vienna',
        null,
      );
      await q.close();
      expect((await open).rows).toHaveLength(1);
      const pdf = await report;
      expect(Buffer.from(pdf.pdf).subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.meters).toBe(1);
      expect((await q.run('portfolio', now, null, 'Europe/Vienna')).rows).toHaveLength(1);
    } finally {
      await q.close();
      db.close();
    }
  });

  it('fails a request in words when its thread cannot run (a database that cannot be opened)', async () => {
    const q = createQueryThread(join(tmpdir(), 'md-no-such-folder', 'nested', 'meterdesk.sqlite'));
    try {
      const now = Date.parse('2025-06-12T12:00:00Z') / 1000;
      await expect(q.run('portfolio', now, null, 'Europe/Vienna')).rejects.toMatchObject({
        code: 'internal',
        message: /The analysis stopped unexpectedly: .*Try again/,
      });
    } finally {
      await q.close();
    }
  });
});
