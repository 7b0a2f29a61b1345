// The CLI speaks German and English (issue 41, item 5): refusals, import notes and a file's refusal
// are codes worded from the app's dictionaries; `--lang`, then METERDESK_LANG, then LANG choose.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliBundle } from './cli-bundle';

const cli = async (args: string[], env: Record<string, string> = {}) => {
  const bundle = await cliBundle();
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const clean = { ...process.env };
    for (const k of ['METERDESK_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) delete clean[k];
    const child = spawn(process.execPath, [bundle, ...args], { env: { ...clean, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
};

const QH = 'test/fixtures/dso/netzooe-csv-mar2025.csv'; // no metering point in the file
const HOURLY = 'test/fixtures/dso/kwg-hourly-mar2025.xlsx';

describe('meterdesk in German and English', () => {
  it('a refusal: German by --lang, by METERDESK_LANG and by LANG; English otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-lang-'));
    const args = ['--data-dir', dir, 'analyze', '--meter', 'x', '--period', '2025'];
    const de = [
      await cli([...args, '--lang', 'de']),
      await cli(args, { METERDESK_LANG: 'de' }),
      await cli(args, { LANG: 'de_AT.UTF-8' }),
    ];
    for (const r of de) {
      expect(r.status).toBe(3);
      expect(r.stderr).toContain('gibt es keine Meterdesk-Datenbank');
      expect(r.stderr).not.toMatch(/No Meterdesk database|Sync or import/);
    }
    for (const r of [
      await cli(args),
      await cli(args, { LANG: 'C.UTF-8' }),
      await cli([...args, '--lang=en']),
    ]) {
      expect(r.status).toBe(3);
      expect(r.stderr).toContain('No Meterdesk database at');
      expect(r.stderr).not.toContain('Datenbank');
    }
    // --lang wins over the environment.
    expect((await cli([...args, '--lang', 'en'], { METERDESK_LANG: 'de' })).stderr).toContain('No Meterdesk');
  });

  it("a file's refusal and an import's notes in German, none of the English sentences", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-lang-'));
    const refused = await cli(['--data-dir', dir, 'import', QH, '--lang', 'de']);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain('nennt keinen Zählpunkt');
    expect(refused.stderr).toContain('Nichts aus dieser Datei wurde gespeichert.');
    expect(refused.stderr).not.toMatch(/metering point|Nothing of this file/);

    // The same imports in English (--json: the notes as the core words them) and in German.
    const en = await cli(['--data-dir', dir, 'import', HOURLY, '--meter', 'new:H', '--json']);
    expect(en.status).toBe(0);
    const line = JSON.parse(en.stdout) as { notes: string[]; warnings: string[] };
    const english = [...line.notes, ...line.warnings];
    expect(english.length).toBeGreaterThan(1); // hourly series, no quality column
    const de = await cli(
      ['--data-dir', mkdtempSync(join(tmpdir(), 'md-lang-')), 'import', HOURLY, '--meter', 'new:H'],
      {
        METERDESK_LANG: 'de',
      },
    );
    expect(de.status).toBe(0);
    const noteLines = de.stdout.split('\n').filter((l) => /^ {2}(Hinweis|Warnung): /.test(l));
    expect(noteLines).toHaveLength(english.length);
    for (const l of noteLines) expect(l).toMatch(/\b(die|der|Werte|Stunden)\b/);
    for (const sentence of english) expect(de.stdout).not.toContain(sentence);
    expect(de.stdout).not.toMatch(/\bnote:|\bwarning:/);
  });
});

describe('the data folder’s place (issue 43, item 15)', () => {
  it('a data folder in a synced folder is said on stderr, in the language; the command still runs', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'md-place-')), 'Dropbox', 'meterdesk');
    const de = await cli(['--data-dir', dir, 'import', HOURLY, '--meter', 'new:H', '--lang', 'de']);
    expect(de.status).toBe(0);
    expect(de.stderr).toContain('in einem Ordner, den Dropbox synchronisiert');
    const local = await cli(['--data-dir', mkdtempSync(join(tmpdir(), 'md-place-')), 'meters']);
    expect(local.stderr).not.toMatch(/synchronis|network/);
  });

  it('a mistyped meter id is "not found" in German, not "the local data are broken"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-lang-typo-'));
    expect((await cli(['--data-dir', dir, 'import', QH, '--meter', 'new:Haus'])).status).toBe(0);
    const r = await cli([
      '--data-dir',
      dir,
      'analyze',
      '--meter',
      'tippfehler',
      '--period',
      '2025',
      '--lang',
      'de',
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'Einen Zähler „tippfehler“ (Kennung oder Zählpunkt) gibt es in dieser Datenbank nicht',
    );
    expect(r.stderr).not.toMatch(/lokal gespeicherten Daten stimmt etwas nicht/);
  });
});
