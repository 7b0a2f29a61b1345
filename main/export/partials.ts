/**
 * Exports write to `<file>.partial-<pid>` and rename at the end, so a failed export never leaves a
 * half-written file under the chosen name. A process killed mid-export (kill -9, a crash, a power cut)
 * would leave its partial file behind for good; so each one is listed, while it exists, in
 * `<dataDir>/exports-in-progress.json`, and the next start removes those whose process is gone.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PartialTracker {
  /** Lists `partialPath` until the returned function is called (after the rename, or on failure). */
  track(partialPath: string): () => void;
  /** Removes the partial files of processes that are gone; returns the paths removed. */
  cleanStale(): string[];
}

const PARTIAL = /\.partial-(\d+)$/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function createPartialTracker(dataDir: string): PartialTracker {
  const file = join(dataDir, 'exports-in-progress.json');
  const read = (): string[] => {
    try {
      const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      return Array.isArray(list)
        ? list.filter((p): p is string => typeof p === 'string' && PARTIAL.test(p))
        : [];
    } catch {
      return [];
    }
  };
  const write = (list: string[]) => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(`${file}.tmp-${process.pid}`, JSON.stringify(list));
    renameSync(`${file}.tmp-${process.pid}`, file);
  };
  return {
    track(partialPath) {
      if (!PARTIAL.test(partialPath)) throw new Error(`not a partial export file: ${partialPath}`);
      try {
        write([...read().filter((p) => p !== partialPath), partialPath]);
      } catch {
        // A read-only data folder (an export of a read-only profile): the list cannot be kept there.
        return () => undefined;
      }
      return () => write(read().filter((p) => p !== partialPath));
    },
    cleanStale() {
      const removed: string[] = [];
      const keep: string[] = [];
      for (const p of read()) {
        const pid = Number(PARTIAL.exec(p)![1]);
        if (pid !== process.pid && !alive(pid)) {
          if (existsSync(p)) rmSync(p, { force: true });
          removed.push(p);
        } else keep.push(p);
      }
      if (removed.length > 0) write(keep);
      return removed;
    },
  };
}
