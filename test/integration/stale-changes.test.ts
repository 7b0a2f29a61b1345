// Changes made on stale data (issue 63), on a local profile's real SQLite file through the handlers: a
// note's version counts up at each edit and records when and by whom; an edit or a delete made on an
// older version is refused with who changed it when, and the stored note is left as it was. A watch
// threshold changed on a value that is no longer the stored one is refused the same way, and so is a
// mark on a finding made on marks that changed since. A profile of
// the previous schema (11) with a note opens with that note at version 1, changed when it was made.
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeterView, NoteView, Result, Tariff } from '../../preload/contract';
import { loadMigrations } from '../../main/db/migrate';
import { openDatabase } from '../../main/db/open';
import { demoProfile } from './helpers';

let app: Awaited<ReturnType<typeof demoProfile>>;
beforeAll(async () => {
  app = await demoProfile(0.05);
}, 120_000);
afterAll(() => app?.services.close());
/** The Result of a channel, refusals included. */
const raw = async (channel: string, input: unknown) => {
  try {
    return { ok: true, data: await app.call(channel, input) } as Result<unknown>;
  } catch (err) {
    return {
      ok: false,
      error: (err as { error: Extract<Result<unknown>, { ok: false }>['error'] }).error,
    } as Result<unknown>;
  }
};

describe('a note carries a version', () => {
  it('counts up at each edit, and an edit or delete on an older version is refused, nothing overwritten', async () => {
    const meter = (await app.call<MeterView[]>('meters:list'))[0]!;
    const made = await app.call<NoteView>('notes:add', {
      meterId: meter.id,
      fromSec: null,
      toSec: null,
      text: 'Zähler im Keller',
    });
    expect(made).toMatchObject({ version: 1, changedSec: made.createdSec });
    expect(made.changedBy).toContain(hostname());

    const first = await app.call<NoteView>('notes:edit', { id: made.id, version: 1, text: 'Zähler im Hof' });
    expect(first).toMatchObject({ id: made.id, version: 2, text: 'Zähler im Hof' });

    // Made on version 1, which is no longer the stored one: refused, with who changed it (and when).
    const stale = await raw('notes:edit', { id: made.id, version: 1, text: 'Zähler im Keller, links' });
    expect(stale.ok).toBe(false);
    if (stale.ok) return;
    expect(stale.error).toMatchObject({ code: 'conflict', reason: 'note_changed_elsewhere' });
    expect(stale.error.params).toMatchObject({ by: first.changedBy, version: 2 });
    expect(stale.error.message).toContain(`changed meanwhile by ${first.changedBy}`);
    const gone = await raw('notes:remove', { id: made.id, version: 1 });
    expect(!gone.ok && gone.error.reason).toBe('note_changed_elsewhere');
    const kept = await app.call<NoteView[]>('notes:list', { meterId: meter.id });
    expect(kept.map((n) => [n.text, n.version])).toEqual([['Zähler im Hof', 2]]);

    // Empty text is refused as when adding; the right version removes it.
    const empty = await raw('notes:edit', { id: made.id, version: 2, text: '   ' });
    expect(!empty.ok && empty.error.code).toBe('invalid_input');
    expect(await app.call('notes:remove', { id: made.id, version: 2 })).toEqual({ removed: true });
    const edited = await raw('notes:edit', { id: made.id, version: 2, text: 'x' });
    expect(!edited.ok && edited.error.reason).toBe('note_gone');
    expect(await app.call<NoteView[]>('notes:list', { meterId: meter.id })).toEqual([]);
  }, 60_000);

  it('a threshold changed on a value no longer stored is refused, naming who set it; nothing changed', async () => {
    const meter = (await app.call<MeterView[]>('meters:list'))[0]!;
    const set = (value: number | null, was?: number | null) =>
      raw('watch:setThreshold', { meterId: meter.id, scope: 'meter', rule: 'year_change', value, was });
    expect((await set(30, null)).ok).toBe(true);
    // Another window saw none there: refused, with the 30 and who set it.
    const stale = await set(25, null);
    expect(!stale.ok && stale.error).toMatchObject({
      code: 'conflict',
      reason: 'threshold_changed_elsewhere',
      params: { value: 30 },
    });
    expect(!stale.ok && String(stale.error.params?.by)).toContain(hostname());
    const view = await app.call<{ rules: { rule: string; value: number | null }[] }>('watch:thresholds', {
      meterId: meter.id,
    });
    expect(view.rules.find((r) => r.rule === 'year_change')!.value).toBe(30);
    // Made on the 30, it goes; a removal made on the old value is refused as well.
    expect((await set(25, 30)).ok).toBe(true);
    const gone = await set(null, 30);
    expect(!gone.ok && gone.error.reason).toBe('threshold_changed_elsewhere');
    expect((await set(null, 25)).ok).toBe(true);
    const again = await set(40, 25);
    expect(!again.ok && again.error.reason).toBe('threshold_gone');
  }, 60_000);

  it('a mark on a finding made on marks that changed since is refused, saying since when', async () => {
    const meter = (await app.call<MeterView[]>('meters:list'))[0]!;
    const db = (await app.services.active()).db;
    const id = Number(
      db
        .prepare(
          `INSERT INTO watch_findings (meter_id, obis_code, rule, key, first_sec, last_sec, figures_json)
           VALUES (?, '1-1:1.8.0', 'peak_cap', 'probe', 1, 1, '{}')`,
        )
        .run(meter.id).lastInsertRowid,
    );
    const stored = () =>
      db
        .prepare('SELECT acknowledged_sec AS a, snoozed_until AS s FROM watch_findings WHERE id = ?')
        .get(id) as {
        a: number | null;
        s: number | null;
      };
    const unmarked = { acknowledgedSec: null, snoozedUntilSec: null };
    // One window marks it seen; another, which saw it unmarked, sets it "not now": refused.
    expect(await app.call('watch:acknowledge', { id, was: unmarked })).toEqual({ acknowledged: true });
    const seen = stored();
    expect(seen.a).not.toBeNull();
    const stale = await raw('watch:snooze', { id, days: 7, was: unmarked });
    expect(!stale.ok && stale.error).toMatchObject({ code: 'conflict', reason: 'finding_seen_elsewhere' });
    expect(stored()).toEqual(seen);
    // Made on what is stored, it goes; then "seen" on the unmarked state is refused with the "not now".
    expect(
      await app.call('watch:snooze', {
        id,
        days: 7,
        was: { acknowledgedSec: seen.a, snoozedUntilSec: null },
      }),
    ).toEqual({ snoozed: true });
    const again = await raw('watch:acknowledge', { id, was: unmarked });
    expect(!again.ok && again.error.reason).toBe('finding_snoozed_elsewhere');
    // Without `was` (the command line, an earlier window) a mark is made as before.
    expect(await app.call('watch:acknowledge', { id })).toEqual({ acknowledged: true });
    db.prepare('DELETE FROM watch_findings WHERE id = ?').run(id);
  }, 60_000);

  it('a tariff counts its version up at each save and records who saved it', async () => {
    const example = (await app.call<Tariff[]>('tariffs:list')).find((t) => t.id === 'beispiel-fixpreis')!;
    const mine = { ...example, id: 'mein-fix', name: 'Mein Fixpreis', isExample: false };
    await app.call('tariffs:save', { tariff: mine });
    await app.call('tariffs:save', { tariff: { ...mine, name: 'Mein Fixpreis 2' } });
    const row = (await app.services.active()).db
      .prepare("SELECT version, changed_by, json FROM tariffs WHERE id = 'mein-fix'")
      .get() as { version: number; changed_by: string; json: string };
    expect(row.version).toBe(2);
    expect(row.changed_by).toContain(hostname());
    expect(JSON.parse(row.json)).toMatchObject({ name: 'Mein Fixpreis 2' });
  }, 60_000);

  it('opens a profile of the previous schema with its notes at version 1, changed when made', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'md-notever-old-')), 'p.sqlite');
    const old = new Database(file);
    const eleven = loadMigrations().slice(0, 11);
    expect(eleven.at(-1)!.name).toBe('0011_usage_class.sql');
    for (const m of eleven) old.exec(m.sql);
    old.pragma('user_version = 11');
    old
      .prepare(
        "INSERT INTO notes (meter_id, from_sec, to_sec, text, created_sec) VALUES ('m1', NULL, NULL, 'alt', 1700000000)",
      )
      .run();
    old.close();
    const db = openDatabase(file);
    try {
      expect(db.prepare('SELECT text, version, changed_sec, changed_by FROM notes').all()).toEqual([
        { text: 'alt', version: 1, changed_sec: 1_700_000_000, changed_by: null },
      ]);
    } finally {
      db.close();
    }
  });
});
