/**
 * Runs `queries.ts` in a worker thread of its own, started on the first request and kept for the
 * profile: analyses, cost, the bill, the battery, peak shaving, the community view and what-if, the
 * export tables and the report. The main process answers every other request meanwhile (a portfolio
 * of 1 000 meters, a year of a 200-member community, a 50-meter report: seconds that would otherwise
 * hold up every click; docs/performance.md). The message shape is threads/rpc.ts.
 */
import type { ResourceLimits } from 'node:worker_threads';
import { startWorker } from '../start-worker';
import { createThreadClient } from '../threads/rpc';
import type { Queries } from './queries';

/** `limits`: other resource limits than the thread's own (start-worker.ts), for their tests. */
export function createQueryThread(dbPath: string, limits?: ResourceLimits) {
  return createThreadClient<Queries>(() => startWorker('query-worker', { dbPath }, limits), 'The analysis');
}

export type QueryThread = ReturnType<typeof createQueryThread>;
