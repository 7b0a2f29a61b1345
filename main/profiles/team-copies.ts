/**
 * The app's copies of a team's store (issue 63), in `team-copies/<id>/` of the data folder: each one a
 * whole SQLite file named by when it was taken (`copy-<ms>.sqlite`). A copy is made under a `.part` name
 * and renamed once it is complete, so a copy that failed or was killed half-way is never opened; the
 * newest complete copy is the one read, and older ones are removed once they are no longer open (a
 * removal that fails — a file still open on Windows — is tried again with the next copy). The copies are
 * the team server's rows, never the person's own: removing the team profile removes them.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const NAME = /^copy-(\d{13})\.sqlite$/;
/** The `.part` files this process is writing now (every other one was left by a copy that died). */
const making = new Set<string>();

export interface TeamCopy {
  path: string;
  /** When the copy was taken (seconds). */
  copiedSec: number;
}

export function teamCopies(dataDir: string, id: string) {
  const dir = join(dataDir, 'team-copies', id);
  const complete = (): TeamCopy[] =>
    existsSync(dir)
      ? readdirSync(dir)
          .map((f) => NAME.exec(f))
          .filter((m): m is RegExpExecArray => m !== null)
          .map((m) => ({ path: join(dir, m[0]), copiedSec: Math.floor(Number(m[1]) / 1000) }))
          .sort((a, b) => b.copiedSec - a.copiedSec || b.path.localeCompare(a.path))
      : [];
  const removeFile = (path: string) => {
    for (const f of [path, `${path}-wal`, `${path}-shm`]) {
      try {
        rmSync(f, { force: true });
      } catch {
        // still open (Windows): removed with a later copy
      }
    }
  };
  return {
    /** The newest complete copy, or null when none was taken yet. */
    newest: (): TeamCopy | null => complete()[0] ?? null,
    /** A file to copy into, made complete by `finish` (renamed) or removed by `abandon`. */
    begin(nowMs: number) {
      mkdirSync(dir, { recursive: true });
      const final = join(dir, `copy-${String(nowMs).padStart(13, '0')}.sqlite`);
      const part = `${final}.part`;
      making.add(part);
      return {
        part,
        finish(): TeamCopy {
          making.delete(part);
          renameSync(part, final);
          return { path: final, copiedSec: Math.floor(nowMs / 1000) };
        },
        abandon: () => (making.delete(part), removeFile(part)),
      };
    },
    /**
     * Removes the complete copies older than `made` but those in `keep` (the one the app has open), best
     * effort, and the half-made ones no copy of this process is writing. Never a newer copy: a copy that
     * ends after another one began must not remove what the app opened meanwhile.
     */
    pruneOlder(made: string, keep: string[]): void {
      if (!existsSync(dir)) return;
      const base = made.slice(dir.length + 1);
      const kept = new Set(keep.map((k) => k.slice(dir.length + 1)));
      for (const f of readdirSync(dir)) {
        const path = join(dir, f);
        const stale = NAME.test(f)
          ? f < base && !kept.has(f)
          : f.endsWith('.sqlite.part') && !making.has(path);
        if (stale) removeFile(path);
      }
    },
    /**
     * The copy at `path`, brought up to date in place, under the name of `nowMs` (so it reads as taken
     * then). Null when it is still open somewhere (its WAL is there): the caller takes a new copy.
     */
    renew(path: string, nowMs: number): TeamCopy | null {
      if (existsSync(`${path}-wal`)) return null;
      rmSync(`${path}-shm`, { force: true });
      const final = join(dir, `copy-${String(nowMs).padStart(13, '0')}.sqlite`);
      renameSync(path, final);
      return { path: final, copiedSec: Math.floor(nowMs / 1000) };
    },
    /** Removes every copy (the team profile was removed from this data folder). */
    removeAll: () => rmSync(dir, { recursive: true, force: true }),
  };
}
