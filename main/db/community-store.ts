/**
 * The profile's energy communities (migration 0004). Guarantees: a community is written whole — its row
 * and all its member rows — in one transaction, validated by the contract's schema on the way in and
 * out; every member is a meter of this profile; a community from an EDA report keeps the report's own
 * summary beside it, never merged into the quarter-hours.
 */
import type Database from 'better-sqlite3';
import {
  communitySchema,
  communitySettingsSchema,
  type Community,
  type CommunityListItem,
  type ReportSummary,
} from '../../preload/contract';
import { AppError } from '../errors';

interface Row {
  id: string;
  name: string;
  kind: string;
  allocation: string;
  settings_json: string;
  report_summary_json: string | null;
  source: string;
}

export interface StoredReport extends ReportSummary {
  /** The report's data span (its first and last quarter-hour, end exclusive). */
  fromSec: number;
  toSec: number;
}

export function createCommunityStore(db: Database.Database) {
  const membersOf = (id: string) =>
    (
      db
        .prepare(
          `SELECT meter_id, role, factor_percent, static_share_percent, valid_from, valid_to
             FROM community_members WHERE community_id = ? ORDER BY id`,
        )
        .all(id) as {
        meter_id: string;
        role: string;
        factor_percent: number;
        static_share_percent: number | null;
        valid_from: string | null;
        valid_to: string | null;
      }[]
    ).map((m) => ({
      meterId: m.meter_id,
      role: m.role,
      factorPercent: m.factor_percent,
      staticSharePercent: m.static_share_percent,
      validFrom: m.valid_from,
      validTo: m.valid_to,
    }));
  const rowOf = (id: string) =>
    db.prepare('SELECT * FROM communities WHERE id = ?').get(id) as Row | undefined;
  return {
    list(): CommunityListItem[] {
      return (db.prepare('SELECT * FROM communities ORDER BY name').all() as Row[]).map((r) => {
        const ms = membersOf(r.id);
        return {
          id: r.id,
          name: r.name,
          kind: r.kind as CommunityListItem['kind'],
          allocation: r.allocation as CommunityListItem['allocation'],
          consumers: new Set(ms.filter((m) => m.role === 'consumer').map((m) => m.meterId)).size,
          producers: new Set(ms.filter((m) => m.role === 'producer').map((m) => m.meterId)).size,
          source: r.source,
          hasReportSummary: r.report_summary_json !== null,
        };
      });
    },
    get(id: string): Community {
      const r = rowOf(id);
      if (!r)
        throw new AppError('not_found', `No energy community "${id}" in this profile.`, {
          reason: 'unknown_in_profile',
          params: { kind: 'community', id: id },
        });
      const parsed = communitySchema.safeParse({
        id: r.id,
        name: r.name,
        kind: r.kind,
        allocation: r.allocation,
        settings: communitySettingsSchema.parse(JSON.parse(r.settings_json)),
        members: membersOf(id),
      });
      if (!parsed.success)
        throw new AppError(
          'local_data',
          `The stored community "${id}" is not valid (${parsed.error.issues[0]?.message}); save it again.`,
          { reason: 'stored_unreadable', params: { kind: 'community', id } },
        );
      return parsed.data;
    },
    report(id: string): StoredReport | null {
      const r = rowOf(id);
      return r?.report_summary_json ? (JSON.parse(r.report_summary_json) as StoredReport) : null;
    },
    /** Writes the community whole (replacing one of the same id and its members). */
    save(c: Community, nowSec: number, source = 'manual', report: StoredReport | null = null): Community {
      const known = db.prepare('SELECT 1 FROM meters WHERE id = ?');
      for (const m of c.members)
        if (!known.get(m.meterId))
          throw new AppError(
            'invalid_input',
            `Meter ${m.meterId} is not in this profile: add only its meters.`,
            { reason: 'unknown_in_profile', params: { kind: 'meter', id: m.meterId } },
          );
      db.transaction(() => {
        const old = rowOf(c.id);
        db.prepare(
          `INSERT INTO communities (id, name, kind, allocation, settings_json, report_summary_json, source, created_sec)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, kind = excluded.kind, allocation = excluded.allocation,
             settings_json = excluded.settings_json`,
        ).run(
          c.id,
          c.name,
          c.kind,
          c.allocation,
          JSON.stringify(c.settings),
          report ? JSON.stringify(report) : (old?.report_summary_json ?? null),
          old?.source ?? source,
          nowSec,
        );
        db.prepare('DELETE FROM community_members WHERE community_id = ?').run(c.id);
        const ins = db.prepare(
          `INSERT INTO community_members (community_id, meter_id, role, factor_percent, static_share_percent, valid_from, valid_to)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        );
        for (const m of c.members)
          ins.run(c.id, m.meterId, m.role, m.factorPercent, m.staticSharePercent, m.validFrom, m.validTo);
      }).immediate();
      return this.get(c.id);
    },
    /** The prices a new community starts with (net ct/kWh; the person sets the community's own). */
    defaults() {
      return communitySettingsSchema.parse({});
    },
    remove(id: string): boolean {
      return db
        .transaction(() => db.prepare('DELETE FROM communities WHERE id = ?').run(id).changes > 0)
        .immediate();
    },
  };
}

export type CommunityStore = ReturnType<typeof createCommunityStore>;
