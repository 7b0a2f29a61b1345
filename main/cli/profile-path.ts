/** The database a CLI command works on: the data folder's own, or a named profile's (`--profile`). */
import { resolve } from 'node:path';
import { UsageError } from './usage-error';

export async function profileDbPath(dataDir: string, profile: string | undefined): Promise<string> {
  if (!profile) return resolve(dataDir, 'meterdesk.sqlite');
  const { createProfileRegistry } = await import('../profiles/registry');
  const registry = createProfileRegistry(dataDir);
  const p = registry.list().find((x) => x.id === profile || x.name === profile);
  if (!p) throw new UsageError(`No profile "${profile}" in ${dataDir}.`);
  return registry.dbPath(p.id);
}
