/**
 * `meterdesk compare-slp`: a meter's register against a standard load profile scaled to it (issue 47,
 * main/slp/compare.ts): the shares of night, day and SNAP window, the peaks, the months, and on each
 * spot tariff of the profile what the real profile costs against the standard one, in ct/kWh.
 */
import { mainRegister } from '../analysis/frame';
import { openForReading } from '../db/open';
import { compareSlp } from '../slp/compare';
import { SLP_IDS, type SlpId } from '../slp/standard-profile';
import { DEFAULT_TZ, parseIsoSec } from '../time/local-days';
import { systemClock } from '../time/clock';
import { spanOf } from './analyze-command';
import { resolveMeter } from './lists-command';
import { noReadings } from './refusals';
import { UsageError } from './usage-error';

export function slpCommand(a: {
  dbPath: string;
  json: boolean;
  meter?: string;
  register?: string[];
  profile?: string;
  period?: string;
  from?: string;
  to?: string;
  now?: string;
}): void {
  if (!a.meter) throw new UsageError('compare-slp needs --meter ID|METERING_POINT.');
  const profile = a.profile ? (a.profile.toUpperCase() as SlpId) : null;
  if (profile && !SLP_IDS.includes(profile))
    throw new UsageError(`--slp ${a.profile}: one of ${SLP_IDS.join(', ')}.`);
  const span = spanOf(a);
  const now = a.now ? parseIsoSec(a.now) : systemClock.nowSec();
  if (!Number.isFinite(now)) throw new UsageError('--now must be an ISO 8601 timestamp with Z or an offset.');
  const db = openForReading(a.dbPath, (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const meterId = resolveMeter(db, a.meter).id;
    const obisCode = a.register?.[0] ?? mainRegister(db, meterId)?.obis_code;
    if (!obisCode) throw noReadings(a.meter);
    const r = compareSlp(db, { meterId, obisCode, ...span, profile }, now, DEFAULT_TZ);
    if (a.json) {
      process.stdout.write(JSON.stringify(r) + '\n');
      return;
    }
    const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)} %`);
    const out = [
      `${a.meter} ${obisCode} against ${r.profile} (${r.source}), scaled to ${r.kwh} kWh over ${r.readings} quarter-hours`,
      `  night 22–06: ${pct(r.shares.night.real)} (standard ${pct(r.shares.night.standard)})`,
      `  day 06–22: ${pct(r.shares.day.real)} (standard ${pct(r.shares.day.standard)})`,
      `  SNAP window (Apr–Sep 10–16): ${pct(r.shares.snap.real)} (standard ${pct(r.shares.snap.standard)})`,
      `  peak: ${r.peakKw.real} kW (standard ${r.peakKw.standard} kW)`,
      `  suggested: ${r.suggestion.profile} (${r.suggestion.reason === 'pv_site' ? 'a household with PV at the site' : `the closest shape of a ${r.suggestion.usageClass}'s profiles`}; ${r.suggestion.classFrom === 'marked' ? `marked as a ${r.suggestion.usageClass}` : `taken for a ${r.suggestion.usageClass} by its ${r.suggestion.kwhPerYear} kWh a year (mark it: meterdesk meters usage ID household|business|agriculture)`})${
        r.suggestion.fit.length
          ? `; deviation of the shapes: ${r.suggestion.fit
              .slice(0, 4)
              .map((f) => `${f.profile} ${(f.deviation * 100).toFixed(1)} %`)
              .join(', ')}`
          : ''
      }`,
      ...r.tariffs.map(
        (s) =>
          `  ${s.tariff}: this profile ${s.realCtPerKwh} ct/kWh all in, the standard ${s.standardCtPerKwh}: ${s.differenceCtPerKwh <= 0 ? `${(-s.differenceCtPerKwh).toFixed(3)} ct/kWh less` : `${s.differenceCtPerKwh.toFixed(3)} ct/kWh more`}`,
      ),
      ...r.spot.map(
        (s) =>
          `  ${s.tariff}: this profile ${s.realCtPerKwh} ct/kWh on the spot index, the standard ${s.standardCtPerKwh}: ${s.differenceCtPerKwh <= 0 ? `${(-s.differenceCtPerKwh).toFixed(3)} ct/kWh less` : `${s.differenceCtPerKwh.toFixed(3)} ct/kWh more`}`,
      ),
    ];
    process.stdout.write(out.join('\n') + '\n');
  } finally {
    db.close();
  }
}
