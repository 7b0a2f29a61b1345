/**
 * The analyses the query thread answers (query-thread.ts): read-only functions of a profile database
 * whose work can take more than a frame (a portfolio over a thousand meters, three years of one meter),
 * so the main process never waits for them. Each takes the thread's own connection first.
 */
import type Database from 'better-sqlite3';
import { quickCheck } from '../db/open';
import { baseLoad, carpet, compare, duration, health, peaks, portfolio, profiles, pv } from './analysis';

/** SQLite's quick_check of the profile's file: null when whole (see db/open.ts). */
const integrity = (db: Database.Database): string | null => quickCheck(db);

export const queries = {
  peaks,
  baseLoad,
  duration,
  carpet,
  profiles,
  compare,
  health,
  pv,
  portfolio,
  integrity,
};

export type Queries = typeof queries;
export type QueryName = keyof Queries;
/** A query's arguments after the database. */
export type QueryArgs<N extends QueryName> = Parameters<Queries[N]> extends [unknown, ...infer A] ? A : never;
