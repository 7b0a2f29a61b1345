// A database file damaged as a disk or a crash can leave it: two pages in its middle overwritten.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';

export function damage(path: string): void {
  const pageSize = 16_384;
  const pages = Math.floor(statSync(path).size / pageSize);
  const fd = openSync(path, 'r+');
  try {
    for (const p of [Math.floor(pages / 2), Math.floor(pages / 2) + 1])
      writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, p * pageSize);
  } finally {
    closeSync(fd);
  }
}
