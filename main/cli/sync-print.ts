/** What `sync` prints, for a local profile and a team's alike: progress on a terminal, then the summary. */
import type { SyncProgress, SyncSummary } from '../sync/sync-service';
import { systemClock } from '../time/clock';

/** A progress line on stderr when it is a terminal, redrawn at most five times a second. */
export function progressLine(): (p: SyncProgress) => void {
  const isTty = process.stderr.isTTY;
  let lastDraw = 0;
  return (p) => {
    if (!isTty || (systemClock.nowMs() - lastDraw < 200 && !p.done)) return;
    lastDraw = systemClock.nowMs();
    const eta = p.etaSec !== null ? `, ~${Math.ceil(p.etaSec)} s left` : '';
    process.stderr.write(
      `\rmeter ${Math.min(p.meterIndex + 1, p.meterCount)}/${p.meterCount} · ${p.readings} readings · ${p.revisions} revisions${eta}   ${p.done ? '\n' : ''}`,
    );
  };
}

/** The run's summary as one JSON line; its warnings in words on stderr; exit code 2 on errors. */
export async function printSyncSummary(s: SyncSummary): Promise<void> {
  process.stdout.write(
    JSON.stringify({
      meters: s.meters,
      readings_written: s.readingsWritten,
      revisions: s.revisions,
      pages: s.pages,
      duration_ms: s.durationMs,
      errors: s.errors.map((e) => ({ meter_id: e.meterId, code: e.code, message: e.message })),
      warnings: s.warnings.map((w) => ({
        meter_id: w.meterId,
        kind: w.kind,
        message: w.message,
        from: new Date(w.fromSec * 1000).toISOString(),
        to: new Date(w.toSec * 1000).toISOString(),
        service_readings: w.serviceReadings,
        local_readings: w.localReadings,
        fetched: w.fetched,
      })),
      checks: s.checks.map((c) => ({
        meter_id: c.meterId,
        from_day: c.fromDay,
        to_day: c.toDay,
        incomplete_days: c.incompleteDays,
        probes: c.probes,
      })),
    }) + '\n',
  );
  const { cliLanguage, cliWord, syncWarningLine } = await import('./cli-words');
  const lang = cliLanguage(process.argv.slice(2));
  for (const w of s.warnings)
    process.stderr.write(
      `meterdesk: ${cliWord('warning', lang)}: ${cliWord('meter', lang)} ${w.meterId}: ${syncWarningLine(w, lang)}\n`,
    );
  if (s.errors.length > 0) process.exitCode = 2;
}
