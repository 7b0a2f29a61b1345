/**
 * Bytes → text, deciding the encoding from the bytes: portal exports come as UTF-8 with and without
 * BOM, Windows-1252 and UTF-16LE without BOM (Vorarlberg Netz). Decoded by real decoders (TextDecoder
 * for UTF-8/16, iconv-lite for Windows-1252), never by guessing characters.
 */
import iconv from 'iconv-lite';
import { ImportError } from './types';

export type Container = 'text' | 'xlsx' | 'xls';

/** What the first bytes say the file is: a zip (XLSX), an OLE compound file (XLS) or text. */
export function containerOf(bytes: Uint8Array): Container {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'xls';
  return 'text';
}

/**
 * UTF-16 without a BOM shows as a zero byte in every other position for Latin text. Counted over the
 * first 4 KiB: zeros at odd offsets → little endian, at even offsets → big endian.
 */
function utf16Without(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let oddZeros = 0;
  let evenZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

// Control characters are what this pattern exists to match.
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;

export interface Decoded {
  text: string;
  /** e.g. `UTF-8 with BOM`, `Windows-1252`, `UTF-16LE`. */
  encoding: string;
}

/** Decodes a text file; a file with control bytes in it (not text) is refused. */
export function decodeText(bytes: Uint8Array): Decoded {
  if (bytes.length === 0) throw new ImportError('empty', 'The file is empty (0 bytes).');
  let text: string;
  let encoding: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(3));
    encoding = 'UTF-8 with BOM';
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
    encoding = 'UTF-16LE with BOM';
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
    encoding = 'UTF-16BE with BOM';
  } else {
    const wide = utf16Without(bytes);
    if (wide) {
      text = new TextDecoder(wide).decode(bytes);
      encoding = wide === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE';
    } else {
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        encoding = 'UTF-8';
      } catch {
        // Not UTF-8: the Austrian portals that are not UTF-8 write Windows-1252 (ä = 0xE4).
        text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252');
        encoding = 'Windows-1252';
      }
    }
  }
  // Text has no control characters but tab, CR and LF (a zero byte means a binary file), anywhere in it:
  // an escape sequence further down would otherwise reach a terminal or a note.
  const bad = NOT_TEXT.exec(text);
  if (bad) {
    const line = text.slice(0, bad.index).split('\n').length;
    throw new ImportError(
      'not_text',
      `This is not a text (CSV) file: it has a binary byte on line ${line}. Choose the CSV or Excel file the portal gave you.`,
      line,
    );
  }
  return { text, encoding };
}
