/**
 * A team's store copied into one local SQLite file (issue 63): every shared table's rows read in one
 * read-only snapshot (REPEATABLE READ) and written into a fresh database, through the code the team's
 * backup uses (team-move.ts). The command line's read commands read such a copy made per command; the
 * app keeps its newest one between starts (profiles/team-copies.ts) and reads it as a local profile's
 * file, so a team's figures are a local profile's figures of the same rows.
 */
import { connectTeam, requireTeamSchema, type TeamTarget } from './team-init';
import { inTransaction, teamIntoSqlite } from './team-move';
import { openDatabase } from './open';

/** Copies the team's store at `target` into a new SQLite file at `file` (which must not exist yet). */
export async function copyTeamStore(
  target: TeamTarget,
  password: string | undefined,
  file: string,
): Promise<void> {
  const client = await connectTeam(target, password);
  try {
    await requireTeamSchema(client, target);
    const db = openDatabase(file);
    try {
      await inTransaction(client, () => teamIntoSqlite(client, db), true);
    } finally {
      db.close();
    }
  } finally {
    await client.end().catch(() => null);
  }
}
