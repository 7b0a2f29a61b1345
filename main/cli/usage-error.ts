import { readFileBounded } from '../doors/file-bytes';

/** A command line the CLI cannot run as given: exit code 1 with the usage text. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A file an option names (`--prices`, `--tariff`, `--logo`, `--conclusions @FILE`), read through the
 * door (doors/file-bytes.ts: counted while read, refused past `maxBytes`); a file that cannot be read
 * or is too large is a command line the CLI cannot run: exit code 1, as before the door.
 */
export function readOptionFile(option: string, path: string, maxBytes: number): Buffer {
  try {
    return readFileBounded(path, maxBytes, `${option} ${path}`);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
