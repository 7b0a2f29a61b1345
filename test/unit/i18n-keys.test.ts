// Every word the renderer asks for exists in both languages (issue 61: static i18n keys, as Signal's
// valid-i18n-keys does by lint). The linter proves it (eslint-rules/i18n-keys.js, in `npm run check`):
// each `t('key')` and `i18nKey="key"` a literal found in de and en, each template matching the same keys
// in both, a key held in a variable refused unless listed. Here: that rule refuses what it must (probes
// linted as files of renderer/src), and the keys behind the listed variables exist.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { de } from '../../common/i18n/de';
import { en } from '../../common/i18n/en';
import { VARIABLE_KEYS } from '../../eslint-rules/i18n-keys.js';

const ROOT = join(__dirname, '..', '..', 'renderer', 'src');
const deKeys = new Set(Object.keys(de));
const enKeys = new Set(Object.keys(en));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** A key as i18next finds it: itself, or its plural forms. */
const has = (keys: Set<string>, k: string) => keys.has(k) || (keys.has(`${k}_one`) && keys.has(`${k}_other`));

const eslint = new ESLint({ cwd: process.cwd() });

/** The i18n rule's messages for a file of this content in the renderer. */
async function i18nOf(code: string, filePath = 'renderer/src/components/Probe.tsx'): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath });
  return r!.messages.filter((m) => m.ruleId === 'meterdeskI18n/i18n-keys').map((m) => m.message);
}

const probe = (call: string) =>
  `import { useTranslation } from 'react-i18next';\nexport function Probe({ x, k }: { x: boolean; k: string }) {\n  const { t } = useTranslation();\n  void x;\n  void k;\n  return <p>{${call}}</p>;\n}\n`;

describe('the i18n rule of the linter', () => {
  it('refuses a key missing in a language, a template that matches nothing, an unlisted variable', async () => {
    expect(await i18nOf(probe("t('no_such_key_xyz')"))).toEqual([
      expect.stringMatching(/"no_such_key_xyz" is not a key in de and en/),
    ]);
    expect(await i18nOf(probe('t(`nope_${k}`)'))).toEqual([expect.stringMatching(/matches no key in de/)]);
    expect(await i18nOf(probe('t(k)'))).toEqual([expect.stringMatching(/must be a literal/)]);
    expect(await i18nOf(probe("t(x ? 'appTitle' : 'no_such_key_xyz')"))).toEqual([
      expect.stringMatching(/"no_such_key_xyz"/),
    ]);
    expect(await i18nOf('export const P = () => <Trans i18nKey="nope_nope" />;\n')).toEqual([
      expect.stringMatching(/"nope_nope"/),
    ]);
  });

  it('lets pass keys of both languages, plurals, templates and the listed variables', async () => {
    expect(await i18nOf(probe("t(x ? 'appTitle' : 'loading')"))).toEqual([]);
    expect(await i18nOf(probe("t('metersCount', { count: 2 })"))).toEqual([]);
    expect(await i18nOf(probe('t(`status_${k}`)'))).toEqual([]);
    expect(
      await i18nOf(
        probe('t(label)').replace(
          '{ x, k }: { x: boolean; k: string }',
          '{ x, k, label }: { x: boolean; k: string; label: string }',
        ),
        'renderer/src/components/analysis/BatteryView.tsx',
      ),
    ).toEqual([]);
  });
});

describe('the keys the renderer names', () => {
  const files = sources(ROOT).map((path) => ({
    file: relative(join(ROOT, '..', '..'), path),
    text: readFileSync(path, 'utf8'),
  }));

  it('behind the listed variables exist as well', () => {
    const text = (f: string) => files.find((x) => x.file === `renderer/src/components/${f}`)!.text;
    const literals = [
      ...['tokenMissing', 'tokenUnreadable', 'tokenSession'].filter((k) =>
        text('TokenDialog.tsx').includes(`'${k}'`),
      ),
      ...[...text('analysis/BatteryView.tsx').matchAll(/\['(battery_\w+)'/g)].map((m) => m[1]!),
    ];
    expect(literals.length).toBeGreaterThan(8);
    for (const k of literals) expect(has(deKeys, k) && has(enKeys, k), k).toBe(true);
    for (const prefix of ['status_', 'statusHint_', 'direction_', 'commodity_']) {
      expect(text('MeterList.tsx')).toContain(`[\`${prefix}\${`);
      const inDe = [...deKeys].filter((k) => k.startsWith(prefix)).sort();
      expect(inDe.length, prefix).toBeGreaterThan(1);
      expect([...enKeys].filter((k) => k.startsWith(prefix)).sort()).toEqual(inDe);
    }
  });

  it('in a variable are listed by files that exist', () => {
    for (const file of Object.keys(VARIABLE_KEYS))
      expect(
        files.some((f) => f.file === file),
        file,
      ).toBe(true);
  });
});
