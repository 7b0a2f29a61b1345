// The house order enforced by the linter (issue 61, must show): probe files placed in the tree as
// `npm run check` lints it — an upward import main/profiles → main/report and `import { readFile } from
// 'fs'` in main/watch — each fail; an import the order allows passes. Every folder of main/ has a row.
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { FOLDER_IMPORTS, FS_FILES } from '../../eslint-rules/house-order.js';

const eslint = new ESLint({ cwd: process.cwd() });

/** The house-order messages ESLint gives a file of this content at this path. */
async function houseOrderOf(filePath: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath });
  return r!.messages
    .filter((m) => m.ruleId?.startsWith('meterdesk/'))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the house order, by the linter', () => {
  it('refuses an upward import from main/profiles into main/report', async () => {
    const msgs = await houseOrderOf(
      'main/profiles/probe.ts',
      "import { buildReport } from '../report/model';\nexport const x = buildReport;\n",
    );
    expect(msgs).toEqual([
      expect.stringMatching(/^meterdesk\/folder-imports: main\/profiles\/ may not import main\/report\//),
    ]);
  });

  it('refuses the file system in main/watch, in .ts and .tsx, by any of its names', async () => {
    for (const spec of ['fs', 'node:fs', 'node:fs/promises', 'fs/promises']) {
      const msgs = await houseOrderOf(
        'main/watch/probe.ts',
        `import { readFile } from '${spec}';\nexport const r = readFile;\n`,
      );
      expect(msgs, spec).toEqual([
        expect.stringMatching(
          /^meterdesk\/fs-capability: main\/watch\/probe\.ts may not use the file system/,
        ),
      ]);
    }
    const tsx = await houseOrderOf('main/report/document/probe.tsx', "export const p = import('node:fs');\n");
    expect(tsx).toEqual([expect.stringMatching(/fs-capability/)]);
  });

  it('lets pass what the order allows, and a file the list names', async () => {
    expect(
      await houseOrderOf(
        'main/report/probe.ts',
        "import { frameFor } from '../analysis/frame';\nexport const f = frameFor;\n",
      ),
    ).toEqual([]);
    expect(FS_FILES).toContain('main/db/open.ts');
    expect(
      await houseOrderOf(
        'main/db/open.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toEqual([]);
  });

  it("refuses a handler that writes a note or a watch mark past the profile's store", async () => {
    const [r] = await eslint.lintText(
      "import { addNote } from '../db/notes';\nimport { setThreshold } from '../db/watch-store';\nexport const x = [addNote, setThreshold];\n",
      { filePath: 'main/handlers/probe.ts' },
    );
    const msgs = r!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    expect(msgs).toHaveLength(2);
    for (const m of msgs) expect(m).toContain('storeWrites()');
    // An import too: in a handler, and in the import service the app's imports go through.
    for (const [filePath, from] of [
      ['main/handlers/probe.ts', '../import/into-store'],
      ['main/import/import-service.ts', './into-store'],
    ] as const) {
      const [imp] = await eslint.lintText(
        `import { writeImport } from '${from}';\nexport const x = writeImport;\n`,
        { filePath },
      );
      const said = imp!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
      expect(said, filePath).toHaveLength(1);
      expect(said[0]).toContain('storeWrites()');
    }
    const [ok] = await eslint.lintText(
      "import { listNotes } from '../db/notes';\nexport const x = listNotes;\n",
      {
        filePath: 'main/handlers/probe.ts',
      },
    );
    expect(ok!.messages.filter((m) => m.ruleId === 'no-restricted-imports')).toEqual([]);
  });

  it('has a row for every folder of main/, and names only folders that exist', () => {
    const folders = readdirSync('main', { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(
      Object.keys(FOLDER_IMPORTS)
        .filter((k) => k !== '.')
        .sort(),
    ).toEqual(folders);
    for (const targets of Object.values(FOLDER_IMPORTS))
      for (const t of targets) expect(['.', '@common', '@preload', '@resources', ...folders]).toContain(t);
  });
});
