/**
 * The door for a logo: a PNG (its signature and its header chunk), at most 2 MB and 4 000 × 4 000
 * pixels — a PNG of 30 000 × 30 000 pixels is a few KB and would make the PDF writer decode 3.6 GB.
 * The header alone is not believed (issue 61: a 1.9 MB file whose header said 100 × 100 inflated to
 * 1.9 GB): its image data is inflated here with the bytes its header allows as the limit, and a PNG
 * whose data is larger or smaller than its header says is refused.
 */
import { inflateSync } from 'node:zlib';
import { AppError } from '../errors';

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
export const MAX_LOGO_PIXELS = 4000;
const SIGNATURE = '89504e470d0a1a0a';
/** Samples a pixel has, by PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The Adam7 passes: first column and row, then the step between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const refuse = (message: string) => new AppError('invalid_input', message, { reason: 'logo_png' });

/** The bytes the image data inflates to, by its header: each row with its filter byte. */
export function decodedBytesOf(width: number, height: number, bitsPerPixel: number, interlaced: boolean) {
  const rows = (w: number, h: number) =>
    w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8));
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [x0, y0, dx, dy]) =>
      sum + rows(Math.ceil(Math.max(0, width - x0) / dx), Math.ceil(Math.max(0, height - y0) / dy)),
    0,
  );
}

/** The IDAT chunks' bytes, in order, walking the chunks within the file's length. */
function imageData(b: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 8;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > b.length)
      throw refuse('The logo is not a whole PNG image (a chunk runs past its end).');
    if (type === 'IDAT') parts.push(b.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (parts.length === 0) throw refuse('The logo is not a whole PNG image (it has no image data).');
  return Buffer.concat(parts);
}

/** Inflates the image data with the header's size as the limit; refuses any other size. */
function checkData(b: Buffer, expected: number): void {
  let inflated: Buffer;
  try {
    inflated = inflateSync(imageData(b), { maxOutputLength: Math.max(1, expected) });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse(
      (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError
        ? 'The logo holds more image data than its size says: it is not used.'
        : 'The logo is not a whole PNG image (its image data cannot be read).',
    );
  }
  if (inflated.length !== expected)
    throw refuse('The logo is not a whole PNG image (its image data does not fill its size).');
}

/** The logo's bytes when they are a PNG within the caps; otherwise a refusal that says which. */
export function checkedLogo(bytes: Uint8Array): Uint8Array {
  if (bytes.length > MAX_LOGO_BYTES) throw refuse('The logo must be a PNG of at most 2 MB.');
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    b.length < 33 ||
    b.subarray(0, 8).toString('hex') !== SIGNATURE ||
    b.subarray(12, 16).toString() !== 'IHDR'
  )
    throw refuse('The logo must be a PNG image.');
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  if (width === 0 || height === 0 || width > MAX_LOGO_PIXELS || height > MAX_LOGO_PIXELS)
    throw refuse(
      `The logo is ${width} × ${height} pixels; a logo of at most ${MAX_LOGO_PIXELS} × ${MAX_LOGO_PIXELS} pixels fits a report.`,
    );
  const channels = CHANNELS[b[25]!];
  const depth = b[24]!;
  if (!channels || ![1, 2, 4, 8, 16].includes(depth)) throw refuse('The logo must be a PNG image.');
  checkData(b, decodedBytesOf(width, height, channels * depth, b[28] === 1));
  return bytes;
}
