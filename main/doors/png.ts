/**
 * The door for a logo: a PNG (its signature and its header chunk), at most 2 MB and 4 000 × 4 000
 * pixels — a PNG of 30 000 × 30 000 pixels is a few KB and would make the PDF writer decode 3.6 GB.
 */
import { AppError } from '../errors';

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
export const MAX_LOGO_PIXELS = 4000;
const SIGNATURE = '89504e470d0a1a0a';

/** The logo's bytes when they are a PNG within the caps; otherwise a refusal that says which. */
export function checkedLogo(bytes: Uint8Array): Uint8Array {
  if (bytes.length > MAX_LOGO_BYTES)
    throw new AppError('invalid_input', 'The logo must be a PNG of at most 2 MB.', { reason: 'logo_png' });
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    b.length < 24 ||
    b.subarray(0, 8).toString('hex') !== SIGNATURE ||
    b.subarray(12, 16).toString() !== 'IHDR'
  )
    throw new AppError('invalid_input', 'The logo must be a PNG image.', { reason: 'logo_png' });
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  if (width === 0 || height === 0 || width > MAX_LOGO_PIXELS || height > MAX_LOGO_PIXELS)
    throw new AppError(
      'invalid_input',
      `The logo is ${width} × ${height} pixels; a logo of at most ${MAX_LOGO_PIXELS} × ${MAX_LOGO_PIXELS} pixels fits a report.`,
      { reason: 'logo_png' },
    );
  return bytes;
}
