/**
 * The CSV export as the app ships it, for the csv-export benchmark: a new process (as after an app
 * start) opens the profile database and runs the built `exportCsv` (bundled by run.ts into dist/bench/
 * beside the built read worker) `RUNS` times in a row; the first run is the first export after the
 * start. Prints one JSON line: each run's seconds, the rows and the bytes.
 *
 *   node dist/bench/csv-export.mjs DB_PATH OUT_PATH RUNS REQUEST_JSON
 */
import { rmSync } from 'node:fs';
import { openDatabase } from '../../main/db/open';
import { exportCsv, type ExportRequest } from '../../main/export/csv';

const [dbPath, outPath, runsText, requestJson] = process.argv.slice(2);
if (!dbPath || !outPath || !runsText || !requestJson) {
  console.error('usage: node csv-export.mjs DB_PATH OUT_PATH RUNS REQUEST_JSON');
  process.exit(1);
}
const db = openDatabase(dbPath);
const req = JSON.parse(requestJson) as ExportRequest;
const sec: number[] = [];
let result = { rows: 0, bytes: 0 };
for (let i = 0; i < Number(runsText); i++) {
  rmSync(outPath, { force: true });
  const t0 = performance.now();
  result = await exportCsv(db, req, outPath);
  sec.push((performance.now() - t0) / 1000);
}
db.close();
console.log(JSON.stringify({ sec, ...result }));
