/**
 * `meterdesk report`: the customer report (PDF) of a meter, a site or a customer over a period, from
 * the same model and document as the app (report/model.ts, report/document.tsx), written atomically.
 */
import { aheadQueryOf } from './bill-ahead-command';
import { noDatabase } from './refusals';
import { checkedLogo, MAX_LOGO_BYTES } from '../doors/png';
import { writeWholeFile } from '../export/whole-file';
import { existsSync } from 'node:fs';
import { openForReading } from '../db/open';
import { assertExportTarget } from '../export/file-names';
import { buildReport, REPORT_SECTIONS, type ReportSection } from '../report/model';
import { renderReport } from '../report/document';
import { DEFAULT_TZ, parseIsoSec } from '../time/local-days';
import { periodSpan } from './analyze-command';
import { resolveMeter } from './lists-command';
import { readOptionFile, UsageError } from './usage-error';
import { systemClock } from '../time/clock';

export interface ReportArgs {
  dataDir: string;
  dbPath: string;
  meter?: string;
  site?: string;
  customer?: string;
  period?: string;
  from?: string;
  to?: string;
  lang?: string;
  sections?: string;
  consultant?: string;
  logo?: string;
  conclusions?: string;
  area?: string;
  persons?: string;
  community?: string;
  /** The bill ahead for each consumption meter (`--ahead --tariff-id ID [--billing-start MM-DD] …`). */
  ahead?: boolean;
  tariffId?: string[];
  billingStart?: string;
  payment?: string;
  payments?: string;
  now?: string;
  out?: string;
  json: boolean;
}

const MAX_CONCLUSIONS = 4000;

export async function reportCommand(a: ReportArgs): Promise<void> {
  const scopes = [a.meter && 'meter', a.site && 'site', a.customer && 'customer'].filter(Boolean);
  if (scopes.length !== 1) throw new UsageError('report needs exactly one of --meter, --site, --customer.');
  if (!a.out) throw new UsageError('report needs --out FILE.pdf.');
  if (!/\.pdf$/i.test(a.out)) throw new UsageError('--out must name a .pdf file.');
  let span: { fromSec: number; toSec: number };
  let periodLabel: string;
  if (a.period && (a.from || a.to)) throw new UsageError('Give --period, or --from and --to, not both.');
  if (a.period) {
    span = periodSpan(a.period);
    periodLabel = a.period;
  } else if (a.from && a.to) {
    span = { fromSec: parseIsoSec(a.from), toSec: parseIsoSec(a.to) };
    if (!Number.isFinite(span.fromSec) || !Number.isFinite(span.toSec) || span.toSec <= span.fromSec)
      throw new UsageError(
        '--from and --to must be ISO 8601 timestamps with Z or an offset, --to after --from.',
      );
    periodLabel = `${a.from.slice(0, 10)} – ${a.to.slice(0, 10)}`;
  } else throw new UsageError('report needs --period (2025, 2025-03, …) or --from and --to.');
  if (span.toSec - span.fromSec > 3 * 366 * 86_400)
    throw new UsageError('A report covers at most 3 years; choose a shorter period.');
  const lang = a.lang ?? 'de';
  if (lang !== 'de' && lang !== 'en') throw new UsageError('--lang must be de or en.');
  const sections = (
    a.sections ? a.sections.split(',').map((s) => s.trim()) : [...REPORT_SECTIONS]
  ) as ReportSection[];
  for (const s of sections)
    if (!(REPORT_SECTIONS as readonly string[]).includes(s))
      throw new UsageError(`--sections: "${s}" is not one of ${REPORT_SECTIONS.join(', ')}.`);
  const num = (name: string, v: string | undefined) => {
    if (v === undefined) return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0 || n > 1e7)
      throw new UsageError(`--${name} must be a positive number.`);
    return n;
  };
  let logoPng: Uint8Array | null = null;
  if (a.logo) {
    logoPng = checkedLogo(readOptionFile('--logo', a.logo, MAX_LOGO_BYTES));
  }
  const conclusions = a.conclusions
    ? a.conclusions.startsWith('@')
      ? readOptionFile('--conclusions', a.conclusions.slice(1), MAX_CONCLUSIONS * 4).toString('utf8')
      : a.conclusions
    : null;
  if (conclusions && conclusions.length > MAX_CONCLUSIONS)
    throw new UsageError(`--conclusions: at most ${MAX_CONCLUSIONS} characters.`);
  const nowSec = a.now ? parseIsoSec(a.now) : systemClock.nowSec();
  if (!Number.isFinite(nowSec))
    throw new UsageError('--now must be an ISO 8601 timestamp with Z or an offset.');
  if (!existsSync(a.dbPath)) throw noDatabase(a.dbPath);
  assertExportTarget(a.out, a.dataDir, a.dbPath);

  const t0 = systemClock.nowMs();
  const db = openForReading(a.dbPath, (m) => process.stderr.write(`meterdesk: ${m}\n`));
  let bytes: Buffer;
  let meters: number;
  try {
    const id = a.meter ? resolveMeter(db, a.meter).id : (a.site ?? a.customer)!;
    const model = buildReport(
      db,
      {
        scope: { kind: scopes[0] as 'meter' | 'site' | 'customer', id },
        fromSec: span.fromSec,
        toSec: span.toSec,
        periodLabel,
        lang,
        sections,
        consultant: { name: a.consultant ?? null, logoPng },
        conclusions,
        indicators: { areaM2: num('area', a.area), persons: num('persons', a.persons) },
        communityId: a.community ?? null,
        billAhead: a.ahead ? aheadQueryOf(a, 'report --ahead') : null,
      },
      nowSec,
      DEFAULT_TZ,
    );
    meters = model.meters.length;
    bytes = await renderReport(model);
  } finally {
    db.close();
  }
  writeWholeFile(a.out, bytes);
  const result = { path: a.out, bytes: bytes.length, meters, ms: systemClock.nowMs() - t0 };
  process.stdout.write(
    a.json ? JSON.stringify(result) + '\n' : `${a.out}: ${meters} meter(s), ${bytes.length} bytes\n`,
  );
}
