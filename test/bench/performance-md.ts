/**
 * docs/performance.md's "Latest figures" section, written from a full run's results with the commit it
 * measured (`npm run bench` calls this after a full run; `npx tsx test/bench/performance-md.ts` writes
 * it again from test/bench/results/latest.json). Only the text between the markers is replaced.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Figure } from './run';

export interface BenchResult {
  date: string;
  mode: string;
  commit?: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string };
  figures: Figure[];
  failures: string[];
}

const BEGIN = '<!-- bench:latest:begin -->';
const END = '<!-- bench:latest:end -->';
const DOC = 'docs/performance.md';

/** The commit checked out, and whether the tree has changes (a run of uncommitted code says so). */
export function commitOf(): string {
  const sha = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'main', 'renderer', 'preload', 'common'], {
    encoding: 'utf8',
  }).stdout.trim();
  return sha ? `${sha}${dirty ? ' with uncommitted changes' : ''}` : 'unknown';
}

const valueOf = (f: Figure) => `${f.value.toLocaleString('en')} ${f.unit}`;

export function latestSection(r: BenchResult): string {
  const sized = new Map<string, Map<string, Figure>>();
  const single: Figure[] = [];
  for (const f of r.figures) {
    const m = /^(.*)@(\d+)$/.exec(f.id);
    if (m && (m[2] === '200' || m[2] === '1000')) {
      if (!sized.has(m[1]!)) sized.set(m[1]!, new Map());
      sized.get(m[1]!)!.set(m[2]!, f);
    } else single.push(f);
  }
  const mark = (f: Figure | undefined) => (f ? `${valueOf(f)}${f.met ? '' : ' **(not met)**'}` : '–');
  const rows = [...sized].map(([id, by]) => {
    const any = by.get('200') ?? by.get('1000')!;
    const big = by.get('1000');
    // A target that grows with the size (a community of 200 or 1 000 members) is said for each.
    const target = big && big.target !== any.target ? `${any.target} / ${big.target}` : any.target;
    return `| ${id} | ${mark(by.get('200'))} | ${mark(big)} | ${target} |`;
  });
  for (const f of single) rows.push(`| ${f.id} | ${mark(f)} (${f.what}) | | ${f.target} |`);
  const missed = r.figures.filter((f) => !f.met).map((f) => f.id);
  const date = r.date.slice(0, 16).replace('T', ' ');
  return [
    BEGIN,
    '## Latest figures (full mode)',
    '',
    `Measured ${date} UTC at commit \`${r.commit ?? 'unknown'}\`, ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB, Node ${r.machine.node} (a shared VM: figures move ±20 % between runs). Written by \`npm run bench\`; do not edit by hand.`,
    '',
    '| figure | 200 meters × 3 years | 1 000 meters × 3 years | target |',
    '|---|---|---|---|',
    ...rows,
    '',
    missed.length === 0 ? 'Every target was met in this run.' : `Not met in this run: ${missed.join(', ')}.`,
    ...(r.failures.length
      ? ['', `Could not run: ${r.failures.map((f) => f.split('\n')[0]).join('; ')}.`]
      : []),
    '',
    '<details><summary>Notes of the run</summary>',
    '',
    ...r.figures.filter((f) => f.notes).map((f) => `- ${f.id}: ${f.notes}`),
    '',
    '</details>',
    END,
  ].join('\n');
}

/** Replaces the section between the markers in docs/performance.md. */
export function writeLatest(r: BenchResult, doc = DOC): void {
  const text = readFileSync(doc, 'utf8');
  const a = text.indexOf(BEGIN);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${doc} has no ${BEGIN} … ${END} section`);
  writeFileSync(doc, text.slice(0, a) + latestSection(r) + text.slice(b + END.length));
}

if (process.argv[1]?.endsWith('performance-md.ts'))
  writeLatest(JSON.parse(readFileSync('test/bench/results/latest.json', 'utf8')) as BenchResult);
