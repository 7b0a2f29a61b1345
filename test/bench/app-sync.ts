/**
 * The app's sync path for the first-sync benchmark, as `main/services.ts` wires it for a profile: the
 * profile database open on the main thread and the cursor sync in its worker thread, with the
 * services' defaults. Bundled by run.ts beside the built workers (dist/bench),
 * so it runs as the installed app does, not through tsx.
 *
 *   node dist/bench/app-sync.mjs DB_PATH   (METERDESK_BASE_URL, METERDESK_TEAM, METERDESK_TOKEN)
 *
 * Prints the sync summary as one JSON line, with the sync's CPU time (main thread, the sync worker and
 * V8's helper threads, from the worker being ready to the sync's end: in the app the worker starts
 * with the profile, not with a sync) and the whole process's (Node's start and the profile's open
 * included).
 */
import { openDatabase } from '../../main/db/open';
import { createWorkerSync } from '../../main/sync/worker-sync';
import { DEFAULT_TZ } from '../../main/time/local-days';

const dbPath = process.argv[2];
const { METERDESK_BASE_URL: baseUrl, METERDESK_TEAM: team, METERDESK_TOKEN: token } = process.env;
if (!dbPath || !baseUrl || !team || !token) {
  console.error('usage: node app-sync.mjs DB_PATH with METERDESK_BASE_URL, METERDESK_TEAM, METERDESK_TOKEN');
  process.exit(1);
}
const db = openDatabase(dbPath);
const sync = createWorkerSync({ dbPath, tz: DEFAULT_TZ, connection: { baseUrl, team, token } });
await sync.ready();
const before = process.cpuUsage();
const summary = await sync.syncAll();
const during = process.cpuUsage(before);
await sync.close();
db.close();
const all = process.cpuUsage();
console.log(
  JSON.stringify({ ...summary, cpuUs: during.user + during.system, processCpuUs: all.user + all.system }),
);
