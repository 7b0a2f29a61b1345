// The report's font read as TrueType (main/report/document/woff.ts): the same font fontkit reads from
// the WOFF — every table, the same glyphs, outlines and widths — and a file that is not a WOFF refused.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { sfntOfWoff } from '../../main/report/document/woff';

const file = createRequire(import.meta.url).resolve(
  '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
);

describe('WOFF to TrueType', () => {
  it('gives the font fontkit reads from the WOFF: its tables, glyphs and metrics', () => {
    const woff = readFileSync(file);
    const ttf = sfntOfWoff(woff);
    expect(ttf.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const a = fontkit.create(woff) as fontkit.Font;
    const b = fontkit.create(ttf) as fontkit.Font;
    expect(b.postscriptName).toBe('DejaVuSans');
    expect(b.numGlyphs).toBe(a.numGlyphs);
    expect(b.unitsPerEm).toBe(a.unitsPerEm);
    for (const ch of ['→', '−', '€', 'ä', 'ß', '≤']) {
      const ga = a.glyphForCodePoint(ch.codePointAt(0)!);
      const gb = b.glyphForCodePoint(ch.codePointAt(0)!);
      expect(gb.id, ch).toBeGreaterThan(0);
      expect([gb.id, gb.advanceWidth, gb.path.toSVG()], ch).toEqual([
        ga.id,
        ga.advanceWidth,
        ga.path.toSVG(),
      ]);
    }
    // Every table of the WOFF's directory is in the TrueType file.
    const tags = Object.keys(
      (b as unknown as { directory: { tables: Record<string, unknown> } }).directory.tables,
    );
    expect(tags.length).toBe(woff.readUInt16BE(12));
  });

  it('refuses what is not a WOFF 1.0 file', () => {
    expect(() => sfntOfWoff(Buffer.from('not a font at all, longer than the header is: 44 bytes..'))).toThrow(
      /not a WOFF/,
    );
  });
});
