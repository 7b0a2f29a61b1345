// Builds the sync core against a real SQLite file and a real demo service, and reads both sides back.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { createApiClient } from '../../main/api/client';
import { createAccountStore } from '../../main/db/account-store';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import type { DemoService } from '../../main/demo/service';
import { createSyncService } from '../../main/sync/sync-service';
import { isoUtc } from '../../main/time/local-days';
import { get } from './helpers';

export function syncCore(svc: DemoService, o: { path?: string; pageSize?: number; token?: string } = {}) {
  const path = o.path ?? join(mkdtempSync(join(tmpdir(), 'md-sync-')), 'meterdesk.sqlite');
  const db = openDatabase(path);
  const api = createApiClient({
    baseUrl: svc.info.base_url,
    team: svc.info.team,
    token: o.token ?? svc.info.tokens.pro,
    baseDelayMs: 5,
    maxDelayMs: 50,
  });
  const account = createAccountStore(db);
  const sync = createSyncService({
    db,
    api,
    account,
    readings: createReadingsStore(db),
    pageSize: o.pageSize,
  });
  return { db, path, api, account, sync };
}

/** Every reading in the local DB as `meter|register|startSec` → `value|quality`. */
export function localReadings(db: Database.Database): Map<string, string> {
  const rows = db
    .prepare(
      'SELECT s.meter_id, s.obis_code, r.start_sec, r.value, r.quality FROM readings r JOIN series s ON s.id = r.series_id',
    )
    .all() as {
    meter_id: string;
    obis_code: string;
    start_sec: number;
    value: number;
    quality: number;
  }[];
  return new Map(rows.map((r) => [`${r.meter_id}|${r.obis_code}|${r.start_sec}`, `${r.value}|${r.quality}`]));
}

/** Every reading the service holds for the team (window reads over the whole history). */
export async function serviceReadings(svc: DemoService): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const meters = (await get(svc, `/api/v1/teams/${svc.info.team}/meters`)).body.data.filter(
    (m) => m.status === 'connected',
  );
  const start = (svc.state.readings.opts.dataStartDay - 1) * 86_400;
  for (const m of meters) {
    for (let from = start; from < svc.state.nowSec; from += 360 * 86_400) {
      const to = Math.min(svc.state.nowSec + 86_400, from + 360 * 86_400);
      let cursor = '';
      for (;;) {
        const r = await get(
          svc,
          `/api/v1/teams/${svc.info.team}/meters/${m.id}/data?from=${isoUtc(from)}&to=${isoUtc(to)}&limit=50000${cursor}`,
        );
        for (const x of r.body.data)
          out.set(
            `${m.id}|${x.obis_code}|${Date.parse(x.timestamp as string) / 1000}`,
            `${x.value}|${x.quality}`,
          );
        if (!r.body.meta.is_truncated) break;
        cursor = `&cursor=${r.body.meta.next_cursor}`;
      }
    }
  }
  return out;
}

export function diff(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [k, v] of a) if (b.get(k) !== v) out.push(`${k}: local ${v} service ${b.get(k)}`);
  for (const k of b.keys()) if (!a.has(k)) out.push(`${k}: missing locally`);
  return out.slice(0, 10);
}
