// A file written whole or not at all (issue 43, item 14): a report on a full disk left a `.partial`
// nothing removed. A real full file system (a 64 KB tmpfs, mounted as root, as CI runs) or, without
// root, a folder that may not be written: the refusal names the path and why, and no partial stays.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWholeFile } from '../../main/export/whole-file';

describe('writeWholeFile', () => {
  it('a full disk (or a folder it may not write): refused with the path and why, no partial file left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-whole-'));
    const root = process.getuid?.() === 0;
    if (root) expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]).status).toBe(0);
    else chmodSync(dir, 0o555);
    try {
      const path = join(dir, 'bericht.pdf');
      expect(() => writeWholeFile(path, Buffer.alloc(1024 * 1024, 1))).toThrow(
        expect.objectContaining({
          code: 'local_data',
          details: expect.objectContaining({
            reason: 'write_failed',
            params: { path, why: root ? 'ENOSPC' : 'EACCES' },
          }),
        }),
      );
      expect(readdirSync(dir)).toEqual([]); // neither the file nor its .partial
      // What fits is written whole.
      if (root) {
        expect(writeWholeFile(path, Buffer.alloc(1000, 2))).toBe(1000);
        expect(readdirSync(dir)).toEqual(['bericht.pdf']);
      }
    } finally {
      if (root) spawnSync('umount', ['-l', dir]);
      else chmodSync(dir, 0o755);
    }
  });
});
