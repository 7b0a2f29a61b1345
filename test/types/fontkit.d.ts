// The parts of fontkit (a dependency of @react-pdf/renderer) the font test reads; fontkit ships no types.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    path: { toSVG(): string };
  }
  export interface Font {
    postscriptName: string;
    numGlyphs: number;
    unitsPerEm: number;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
