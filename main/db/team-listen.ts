/**
 * An app's ear on a team's store (issue 63): one connection that LISTENs on the channel every writer
 * notifies when a page changed a meter's readings (team-readings.ts), so an app reading a copy learns
 * that the server holds newer data without asking it again. Notifications of a burst (a sync writes
 * page after page) are gathered for a second and handed on once, with the meters they named. A lost
 * connection ends the listening quietly: the copy stays as it was, and Reload takes a new one.
 */
import { connectTeam, type TeamTarget } from './team-init';
import { TEAM_CHANGES_CHANNEL } from './team-schema';

export interface TeamListener {
  stop(): Promise<void>;
}

export async function listenTeam(
  target: TeamTarget,
  password: string | undefined,
  onChange: (meterIds: string[]) => void,
  gatherMs = 1000,
): Promise<TeamListener> {
  const client = await connectTeam(target, password);
  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  client.on('notification', (n) => {
    if (stopped || n.channel !== TEAM_CHANGES_CHANNEL) return;
    pending.add(n.payload ?? '');
    timer ??= setTimeout(() => {
      timer = null;
      const ids = [...pending].filter(Boolean);
      pending = new Set();
      if (!stopped) onChange(ids);
    }, gatherMs);
  });
  client.on('error', () => void stop()); // the server went away: listening ends, the copy stays
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (timer) clearTimeout(timer);
    await client.end().catch(() => null);
  };
  await client.query(`LISTEN ${TEAM_CHANGES_CHANNEL}`);
  return { stop };
}
