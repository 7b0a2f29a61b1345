// One dictionary for the UI, the CLI, the PDF and the workbook (issue 61): every word in a language
// comes from common/i18n/words.ts's resources. Before, the PDF had its own objects, the workbook and
// `meterdesk watch` chose between two literals in the code (`lang === 'de' ? 'Zählpunkt' : …`), and the
// report's title and the imported files' customer did the same. The sources are read, so a new
// surface that picks its words by language in code fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '../../common/i18n/words';
import { WORDS } from '../../main/report/words';
import { WORKBOOK_WORDS } from '../../main/export/workbook-words';

const ROOT = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every leaf's path of a nested word object ("slpSuggested.closest"). */
function leaves(o: object, at = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${at}${k}`] : leaves(v as object, `${at}${k}.`),
  );
}

/** A word chosen by language in code: `lang === 'de' ? '…' : '…'`, `de ? '…' : …` (not a locale tag). */
const CHOSEN_IN_CODE =
  /\b(lang|de|language)\b\s*(===\s*'de'\s*)?\?\s*(['"`])(?!de-AT|en-GB|de'|en')[^'"`\n]*\3\s*:/;
/** …or a helper that takes both words (the workbooks' `w('Zählpunkt', 'Metering point')`). */
const BOTH_WORDS = /\(\s*de: string,\s*en: string\s*\)/;
const chosenInCode = (line: string) => CHOSEN_IN_CODE.test(line) || BOTH_WORDS.test(line);

describe('the one dictionary', () => {
  it('has the same words in German and English, in every part', () => {
    for (const part of ['translation', 'pdf', 'workbook'] as const) {
      const de = leaves(resources.de[part]).sort();
      expect(de.length, part).toBeGreaterThan(25);
      expect(leaves(resources.en[part]).sort(), part).toEqual(de);
      for (const lang of ['de', 'en'] as const)
        for (const k of leaves(resources[lang][part]))
          expect(
            k.split('.').reduce((o: any, p) => o[p], resources[lang][part]),
            `${lang} ${part} ${k}`,
          ).not.toBe('');
    }
  });

  it('is what the PDF and the workbook read', () => {
    expect(WORDS.de).toBe(resources.de.pdf);
    expect(WORDS.en).toBe(resources.en.pdf);
    expect(WORKBOOK_WORDS.de).toBe(resources.de.workbook);
    expect(WORKBOOK_WORDS.en).toBe(resources.en.workbook);
  });

  it('is the only place main/ and common/ choose a word by language', () => {
    const found: string[] = [];
    for (const dir of ['main', 'common'])
      for (const path of sources(join(ROOT, dir)))
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (chosenInCode(line)) found.push(`${relative(ROOT, path)}:${i + 1}: ${line.trim()}`);
          });
    expect(found).toEqual([]);
  });

  it('catches a word chosen in code (the shapes it replaced)', () => {
    for (const line of [
      "    title: req.lang === 'de' ? 'Lastganganalyse' : 'Load profile analysis',",
      "    const mark = isNew(f) ? (de ? 'NEU ' : 'NEW ') : '    ';",
      "  return lang === 'de' ? 'Importierte Dateien' : 'Imported files';",
      "  const w = (de: string, en: string) => (q.lang === 'de' ? de : en);",
    ])
      expect(chosenInCode(line), line).toBe(true);
    expect(chosenInCode("  const locale = lang === 'de' ? 'de-AT' : 'en-GB';")).toBe(false);
  });
});
