/**
 * One change of the app's on a team's server (issue 63): a connection of its own, one transaction
 * (committed whole or rolled back whole: team-move.ts's inTransaction), the server's failure in words,
 * the connection ended. Notes, the watch list's marks and thresholds, and tariffs change through it.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { inTransaction } from './team-move';

/** What a change on a team's server needs: the server, the copy that follows it, who and where. */
export interface TeamServer {
  /** A connection to the team's server (ended after each change). */
  connect(): Promise<pg.Client>;
  /** The server's failure in words (teamFailure of team-sync-store.ts). */
  failure(err: unknown): unknown;
  /** The copy the app reads, which follows each change. */
  copy: Database.Database;
  /** Who changes ("anna@laptop-graz"), and the time zone a refusal's time is said in. */
  by: string;
  tz: string;
}

export async function teamChange<T>(d: TeamServer, fn: (q: pg.Client) => Promise<T>): Promise<T> {
  const q = await d.connect();
  try {
    return await inTransaction(q, () => fn(q));
  } catch (err) {
    throw d.failure(err);
  } finally {
    await q.end().catch(() => null);
  }
}
