/**
 * The analyses the query thread answers (query-thread.ts): read-only functions of a profile database
 * whose work can take more than a frame (a portfolio over a thousand meters, three years of one meter),
 * so the main process never waits for them. Each takes the thread's own connection first.
 */
import { baseLoad, carpet, compare, duration, health, peaks, portfolio, profiles, pv } from './analysis';

export const queries = { peaks, baseLoad, duration, carpet, profiles, compare, health, pv, portfolio };

export type Queries = typeof queries;
export type QueryName = keyof Queries;
/** A query's arguments after the database. */
export type QueryArgs<N extends QueryName> = Parameters<Queries[N]> extends [unknown, ...infer A] ? A : never;
