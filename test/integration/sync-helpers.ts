// Builds the sync core against a real SQLite file and a real demo service, and reads both sides back.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { createApiClient } from '../../main/api/client';
import { createAccountStore } from '../../main/db/account-store';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { sqliteSyncStore } from '../../main/db/sync-store';
import { UNNAMED_REGISTER } from '../../main/api/schemas';
import { wireRegister } from '../../main/demo/generations';
import { rangeReadings } from '../../main/demo/range';
import type { DemoService } from '../../main/demo/service';
import { createSyncService } from '../../main/sync/sync-service';
import { dayStartSec } from '../../main/time/local-days';

export function syncCore(
  svc: DemoService,
  o: {
    path?: string;
    pageSize?: number;
    token?: string;
    baseUrl?: string;
    maxRetries?: number;
    maxRetryAfterSec?: number;
  } = {},
) {
  const path = o.path ?? join(mkdtempSync(join(tmpdir(), 'md-sync-')), 'meterdesk.sqlite');
  const db = openDatabase(path);
  const api = createApiClient({
    baseUrl: o.baseUrl ?? svc.info.base_url,
    team: svc.info.team,
    token: o.token ?? svc.info.tokens.pro,
    baseDelayMs: 5,
    maxDelayMs: 50,
    maxRetries: o.maxRetries,
    maxRetryAfterSec: o.maxRetryAfterSec,
  });
  const account = createAccountStore(db);
  const sync = createSyncService({
    api,
    store: sqliteSyncStore(db, account, createReadingsStore(db)),
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

/**
 * Every reading the service holds for the team, from the demo's own state (independent of the client
 * under test), keyed as the local copy keys them: by the register name the generation puts on the wire.
 */
export function serviceReadings(svc: DemoService): Map<string, string> {
  const out = new Map<string, string>();
  const st = svc.state;
  const from = dayStartSec(st.readings.opts.dataStartDay - 1);
  for (const m of st.teamMeters(svc.info.team).filter((x) => x.hasData)) {
    for (const r of rangeReadings(st, m, from, st.nowSec + 86_400))
      out.set(
        `${m.id}|${wireRegister(st.generation, m, r.register) ?? UNNAMED_REGISTER}|${r.startSec}`,
        `${r.value}|${r.quality}`,
      );
  }
  return out;
}

export function diff(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [k, v] of a) if (b.get(k) !== v) out.push(`${k}: local ${v} service ${b.get(k)}`);
  for (const k of b.keys()) if (!a.has(k)) out.push(`${k}: missing locally`);
  return out.slice(0, 10);
}
