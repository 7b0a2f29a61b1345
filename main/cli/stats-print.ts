import type { ProfileStats } from '../db/profile-stats';

/** What `stats` prints, for a local profile's database and a team's alike. */
export function printStats(out: ProfileStats, json: boolean): void {
  if (json) {
    process.stdout.write(JSON.stringify(out) + '\n');
    return;
  }
  process.stdout.write(
    `meters ${out.meters} · series ${out.series} · readings ${out.readings} · revisions ${out.revisions}\n`,
  );
  for (const m of out.per_meter)
    process.stdout.write(
      `  ${m.metering_point}  ${m.status.padEnd(10)} ${String(m.readings).padStart(9)} readings  latest ${m.latest_reading_at ?? '—'}\n`,
    );
}
