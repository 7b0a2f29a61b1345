/**
 * The door for a file a person points Meterdesk at (the CLI's import, price, tariff, EDA, logo and
 * conclusions files): its bytes, counted while they are read, never trusted from `stat` — a pipe, a
 * FIFO or `/dev/zero` has no size worth believing. Past `maxBytes` the read stops and the file is
 * refused with its name and the cap; nothing more is held in memory than the cap and one chunk.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { AppError } from '../errors';

const CHUNK = 1024 * 1024;

/**
 * The file's bytes, or a refusal once more than `maxBytes` have been read. `what` names the file in
 * the refusal as the caller's reader knows it (`--prices /dev/zero`, `The file`).
 */
export function readFileBounded(path: string, maxBytes: number, what: string): Buffer {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new AppError('invalid_input', `${what}: ${(err as Error).message}`, {
      reason: 'file_unreadable',
      params: { what },
    });
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes)
        throw new AppError(
          'invalid_input',
          `${what} is larger than ${formatBytes(maxBytes)}, the most Meterdesk reads of such a file.`,
          { reason: 'too_large', params: { what, maxMb: Math.round(maxBytes / 1024 / 1024) } },
        );
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Bytes sent as base64 over IPC, refused past `maxBytes` before they are decoded. */
export function bytesOfBase64(base64: string, maxBytes: number, what: string): Uint8Array {
  if (Math.floor((base64.length * 3) / 4) > maxBytes + 2)
    throw new AppError('invalid_input', `${what} is larger than ${formatBytes(maxBytes)}.`, {
      reason: 'too_large',
      params: { what, maxMb: Math.round(maxBytes / 1024 / 1024) },
    });
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`;
