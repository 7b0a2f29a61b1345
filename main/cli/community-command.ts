/**
 * `meterdesk community`: the profile's energy communities (issue 35) — list them, print one's view and
 * what-ifs for a period (the very figures the app's community view shows), or import the EDA portal's
 * "Energie Report" as a whole community.
 */
import { readFileBounded } from '../doors/file-bytes';
import { basename, join } from 'node:path';
import type { CommunityView, WhatIfResult } from '../../preload/contract';
import { createCommunityService } from '../community/community-service';
import { openForReading, openForWriting } from '../db/open';
import { MAX_IMPORT_BYTES } from '../import/read-file';
import { createProfileRegistry } from '../profiles/registry';
import { DEFAULT_TZ, isoWithOffset, parseIsoSec } from '../time/local-days';
import { periodSpan } from './analyze-command';
import { UsageError } from './usage-error';
import { systemClock } from '../time/clock';

/** Consumers' savings (gross) or producers' extra (net): summed apart, never together. */
const sumBy = (members: readonly { role: string; savingEur: number }[], role: string) =>
  members.filter((m) => m.role === role).reduce((a, m) => a + m.savingEur, 0);

export interface CommunityArgs {
  dataDir: string;
  profile?: string;
  json: boolean;
  args: string[];
  id?: string;
  name?: string;
  kind?: string;
  period?: string;
  from?: string;
  to?: string;
  share?: string[];
  add?: string[];
  remove?: string[];
  capacity?: string;
  power?: string;
  efficiency?: string;
}

function dbPathOf(a: CommunityArgs): string {
  if (!a.profile) return join(a.dataDir, 'meterdesk.sqlite');
  const registry = createProfileRegistry(a.dataDir);
  const p = registry.list().find((x) => x.id === a.profile || x.name === a.profile);
  if (!p) throw new UsageError(`No profile "${a.profile}" in ${a.dataDir}.`);
  return registry.dbPath(p.id);
}

const kwh = (v: number) => `${v.toFixed(3)} kWh`;
const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)} %`);

function printView(v: CommunityView): void {
  const w = (s: string) => process.stdout.write(`${s}\n`);
  w(`${v.name} (${v.kind}, ${v.allocation} key): ${isoWithOffset(v.fromSec)} – ${isoWithOffset(v.toSec)}`);
  const t = v.recorded ?? v.modelled;
  w(
    `  ${v.recorded ? 'recorded' : 'modelled (no community registers stored)'}: generation ${kwh(t.generationKwh)}, consumption ${kwh(t.consumptionKwh)}, shared ${kwh(t.sharedKwh)}, surplus ${kwh(t.surplusKwh)}, coverage ${pct(t.coverage)}`,
  );
  if (v.recorded)
    w(`  modelled by the key: shared ${kwh(v.modelled.sharedKwh)}, surplus ${kwh(v.modelled.surplusKwh)}`);
  w('  members:');
  for (const m of v.members)
    w(
      `    ${m.label.padEnd(34)} ${m.role.padEnd(8)} ${kwh(m.consumptionKwh).padStart(14)}  shared ${kwh(m.sharedKwh).padStart(14)}${m.sharedInSnapKwh > 0 ? ` (in SNAP ${kwh(m.sharedInSnapKwh)})` : ''}  ${pct(m.coverage).padStart(7)}  ${m.role === 'consumer' ? 'pays' : 'gets'} ${m.communityEur.toFixed(2)} € (net), ${m.role === 'consumer' ? 'saves' : 'earns more'} ${m.savingEur.toFixed(2)} € ${m.role === 'consumer' ? '(gross)' : '(net)'}`,
    );
  for (const c of v.checks) {
    if (c.daysLackingCount > 0)
      w(
        `  check ${c.label}: ${c.daysLackingCount} days lack quarter-hours (${c.daysLacking.slice(0, 5).join(', ')}${c.daysLackingCount > 5 ? ', …' : ''})`,
      );
    for (const x of c.violations)
      if (x.count > 0)
        w(
          x.rule === 'g03_without_use'
            ? `  check ${c.label}: ${x.count} quarter-hour(s) hold G.03 where G.01 and G.02 are 0 (on ${x.days.slice(0, 5).join(', ')}${x.days.length > 5 ? ', …' : ''})`
            : `  check ${c.label}: ${x.count} quarter-hour(s) break ${x.rule === 'g03_le_g02' ? 'G.03 ≤ G.02' : 'G.03 ≤ G.01'} (first ${isoWithOffset(x.firstSec!)})`,
        );
  }
  if (v.report)
    for (const r of v.report.rows.filter((x) => x.differs))
      w(
        `  EDA summary ${r.meteringPoint} ${r.quantity}: the report says ${kwh(r.reportKwh)}, its quarter-hours add up to ${kwh(r.quarterHoursKwh)}`,
      );
}

function printWhatIf(r: WhatIfResult): void {
  process.stdout.write('  what if:\n');
  for (const s of r.scenarios)
    process.stdout.write(
      `    ${s.label.padEnd(16)} shared ${kwh(s.totals.sharedKwh).padStart(14)}  surplus ${kwh(s.totals.surplusKwh).padStart(14)}  coverage ${pct(s.totals.coverage)}  consumers save ${sumBy(s.members, 'consumer').toFixed(2)} € (gross), producers earn ${sumBy(s.members, 'producer').toFixed(2)} € more (net)\n`,
    );
}

export async function communityCommand(a: CommunityArgs): Promise<void> {
  const [verb, file] = a.args;
  const dbPath = dbPathOf(a);
  if (verb === 'import') {
    if (!file || !a.name)
      throw new UsageError(
        'Usage: meterdesk --data-dir DIR community import FILE.xlsx --name NAME [--kind local|regional|beg] [--json]',
      );
    const kind = a.kind ?? 'local';
    if (kind !== 'local' && kind !== 'regional' && kind !== 'beg')
      throw new UsageError(`--kind ${kind}: local, regional or beg.`);
    const bytes = readFileBounded(file, MAX_IMPORT_BYTES, `The EDA report ${file}`);
    const db = openForWriting(dbPath);
    try {
      const r = await createCommunityService(db, DEFAULT_TZ).importReport(
        { name: a.name, kind, fileName: basename(file) },
        bytes,
        systemClock.nowSec(),
      );
      if (a.json) process.stdout.write(JSON.stringify(r) + '\n');
      else {
        process.stdout.write(
          `${file}: community "${r.community.name}" (${r.community.id}), ${r.meters} members, ${r.readings} readings\n`,
        );
        for (const n of r.notes) process.stdout.write(`  note: ${n}\n`);
      }
    } finally {
      db.close();
    }
    return;
  }
  if (verb !== undefined)
    throw new UsageError(`community ${verb}: the verbs are "import" (or none, to show a community).`);
  const db = openForReading(dbPath, (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const svc = createCommunityService(db, DEFAULT_TZ);
    const list = svc.store.list();
    if (!a.id && list.length !== 1) {
      if (a.json) process.stdout.write(JSON.stringify(list) + '\n');
      else if (list.length === 0)
        process.stdout.write(
          'No energy community in this profile ("community import FILE" brings one from an EDA report).\n',
        );
      else
        for (const c of list)
          process.stdout.write(
            `${c.id}  ${c.name}  ${c.kind}, ${c.allocation}, ${c.consumers} consumers, ${c.producers} producers\n`,
          );
      return;
    }
    const id = a.id ?? list[0]!.id;
    svc.store.get(id); // refused when unknown
    let span: { fromSec: number; toSec: number };
    if (a.period) span = periodSpan(a.period, DEFAULT_TZ);
    else if (a.from && a.to) span = { fromSec: parseIsoSec(a.from), toSec: parseIsoSec(a.to) };
    // No period given: the community's own span (an EDA report's, else its members' data).
    else span = svc.span(id, systemClock.nowSec());
    if (!Number.isFinite(span.fromSec) || !Number.isFinite(span.toSec))
      throw new UsageError('--from/--to: ISO times with an offset, e.g. 2026-01-01T00:00:00+01:00.');
    const now = systemClock.nowSec();
    const view = svc.view(id, span, now);
    const shares = Object.fromEntries(
      (a.share ?? []).map((s) => {
        const m = /^(.+)=(\d+(?:\.\d+)?)$/.exec(s);
        if (!m) throw new UsageError(`--share ${s}: METER=PERCENT, e.g. imp-at003…=25.`);
        return [m[1]!, Number(m[2])];
      }),
    );
    const add = (a.add ?? []).map((s) => {
      const m = /^(.+):(consumer|producer)$/.exec(s);
      if (!m) throw new UsageError(`--add ${s}: METER:consumer or METER:producer.`);
      return { meterId: m[1]!, role: m[2] as 'consumer' | 'producer' };
    });
    const num = (v: string | undefined, name: string) => {
      const n = Number(v);
      if (v === undefined || !Number.isFinite(n) || n < 0)
        throw new UsageError(`--${name} must be a number ≥ 0.`);
      return n;
    };
    const whatIf = svc.whatIf(
      {
        communityId: id,
        ...span,
        staticShares: shares,
        add,
        remove: a.remove ?? [],
        battery:
          a.capacity !== undefined
            ? {
                capacityKwh: num(a.capacity, 'capacity'),
                powerKw: num(a.power ?? a.capacity, 'power'),
                efficiency: a.efficiency ? num(a.efficiency, 'efficiency') : 0.9,
              }
            : null,
      },
      now,
    );
    if (a.json) process.stdout.write(JSON.stringify({ view, whatIf }) + '\n');
    else {
      printView(view);
      printWhatIf(whatIf);
    }
  } finally {
    db.close();
  }
}
