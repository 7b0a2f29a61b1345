/**
 * A file written whole or not at all: the bytes go to `PATH.partial`, renamed to PATH when complete. A
 * write that fails (a full disk, a folder that went away) removes its partial file and says why with
 * the path; a report on a full disk used to leave a `.partial` that nothing removed (issue 43, item 14).
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { AppError } from '../errors';

export function writeWholeFile(path: string, bytes: Uint8Array | string): number {
  const partial = `${path}.partial`;
  try {
    writeFileSync(partial, bytes);
    renameSync(partial, path);
  } catch (err) {
    rmSync(partial, { force: true });
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    const why =
      code === 'ENOSPC'
        ? 'the disk is full'
        : code === 'EACCES' || code === 'EPERM'
          ? 'it may not be written there'
          : (err as Error).message;
    throw new AppError(
      'local_data',
      `${path} was not written: ${why}. Nothing is left half-written; free space or choose another place and try again.`,
      {
        reason: 'write_failed',
        params: { path, why: code },
      },
    );
  }
  return typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
}
