// Every word the renderer asks for exists in both languages (issue 61: static i18n keys, as Signal's
// valid-i18n-keys does by lint): each `t('key')` and `i18nKey="key"` a literal found in de and en
// (a plural by its `_one`/`_other` forms), each `t(\`prefix${…}suffix\`)` matching at least one key,
// and the same keys in both languages for it. A key named by a variable is refused, unless listed
// here with where its keys come from. Read from the sources, not from the running app: a view that
// is rarely opened is checked too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from '../../common/i18n/de';
import { en } from '../../common/i18n/en';

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

/** Calls whose key is a variable, each with where its keys come from (checked where they are made). */
const VARIABLE_KEYS = new Set([
  // cachedLabel(t, language, key): a literal key at each call site (label('q1'), …).
  'renderer/src/components/Chart.tsx: t(key)',
  // status_/statusHint_/direction_/commodity_ of a meter, built as templates in the same place.
  'renderer/src/components/MeterList.tsx: t(key,',
  // tokenFor_/tokenNew_… chosen between literals just above the call.
  'renderer/src/components/TokenDialog.tsx: t(key,',
  // The battery figures' labels: a literal tuple list right above the call.
  'renderer/src/components/analysis/BatteryView.tsx: t(label)',
]);

describe('the keys the renderer names', () => {
  const files = sources(ROOT).map((path) => ({
    file: relative(join(ROOT, '..', '..'), path),
    text: readFileSync(path, 'utf8'),
  }));

  it('are literals found in both languages', () => {
    const missing: string[] = [];
    let n = 0;
    for (const { file, text } of files)
      for (const m of text.matchAll(/\bt\(\s*'([^'\n]+)'|i18nKey="([^"]+)"/g)) {
        const key = m[1] ?? m[2]!;
        n++;
        if (!has(deKeys, key)) missing.push(`${file}: "${key}" not in de`);
        if (!has(enKeys, key)) missing.push(`${file}: "${key}" not in en`);
      }
    expect(n).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });

  it('built from a template match keys, the same ones in both languages', () => {
    const problems: string[] = [];
    let n = 0;
    for (const { file, text } of files)
      for (const m of text.matchAll(/\bt\(\s*`([^`]*)`/g)) {
        n++;
        const pattern = new RegExp(
          `^${m[1]!
            .split(/\$\{[^}]*\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.+')}(_one|_other)?$`,
        );
        const inDe = [...deKeys].filter((k) => pattern.test(k)).sort();
        const inEn = [...enKeys].filter((k) => pattern.test(k)).sort();
        if (inDe.length === 0) problems.push(`${file}: \`${m[1]}\` matches no key`);
        else if (inDe.join() !== inEn.join())
          problems.push(`${file}: \`${m[1]}\` matches other keys in de and en`);
      }
    expect(n).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

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

  it('are never a variable, but where listed', () => {
    const found: string[] = [];
    for (const { file, text } of files)
      for (const m of text.matchAll(/\bt\(\s*([A-Za-z_$][\w$.]*)\s*([,)])/g))
        if (!['t', 'i18n'].includes(m[1]!)) found.push(`${file}: t(${m[1]}${m[2]}`);
    expect(found.filter((f) => !VARIABLE_KEYS.has(f))).toEqual([]);
  });
});
