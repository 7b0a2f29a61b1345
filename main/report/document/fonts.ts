/**
 * The report's font: DejaVu Sans (OFL 1.1, from the npm package @fontsource/dejavu-sans), embedded in
 * every PDF as the glyphs it uses. The PDF's built-in Helvetica is WinAnsi only: "→" printed as "’",
 * the minus sign "−" vanished (issue 60). DejaVu Sans holds every glyph the report writes — arrows,
 * the minus, "≤", the euro, the German letters. Its files lie beside the bundle (`./fonts`, copied by
 * scripts/build-main.mjs, unpacked with the worker) or, from source, in node_modules.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Font } from '@react-pdf/renderer';
import { readFileBounded } from '../../doors/file-bytes';
import { sfntOfWoff } from './woff';

export const REPORT_FONT = 'DejaVu Sans';

const FILES = {
  regular: 'dejavu-sans-latin-400-normal.woff',
  bold: 'dejavu-sans-latin-700-normal.woff',
  italic: 'dejavu-sans-latin-400-italic.woff',
} as const;

function fontPath(file: string): string {
  const beside = fileURLToPath(new URL(`./fonts/${file}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return createRequire(import.meta.url).resolve(`@fontsource/dejavu-sans/files/${file}`);
}

/** The font as TrueType in a data URL (see woff.ts: fontkit reads a WOFF five times slower). */
const sourceOf = (file: string) =>
  `data:font/ttf;base64,${sfntOfWoff(readFileBounded(fontPath(file), 4 * 1024 * 1024, 'The report font')).toString('base64')}`;

let registered = false;

/** Registers the font once per process (the report's thread, the CLI). */
export function registerReportFont(): void {
  if (registered) return;
  Font.register({
    family: REPORT_FONT,
    fonts: [
      { src: sourceOf(FILES.regular), fontWeight: 400 },
      { src: sourceOf(FILES.bold), fontWeight: 700 },
      { src: sourceOf(FILES.italic), fontWeight: 400, fontStyle: 'italic' },
    ],
  });
  // Words are not split by guessed hyphenation: a metering point or an amount stays whole.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
