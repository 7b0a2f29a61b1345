/** Energy communities: the store and the EDA import here; the view and what-if in the query thread. */
import { createCommunityService } from '../community/community-service';
import { bytesOfBase64 } from '../doors/file-bytes';
import { MAX_IMPORT_BYTES } from '../import/read-file';
import type { HandlerContext, HandlersOf } from './context';

type CommunityChannels =
  | 'community:list'
  | 'community:get'
  | 'community:save'
  | 'community:remove'
  | 'community:import'
  | 'community:span'
  | 'community:view'
  | 'community:whatIf';

export function communityHandlers({
  services,
  writable,
  nowSec,
}: HandlerContext): HandlersOf<CommunityChannels> {
  const tz = services.tz;
  const read = async () => createCommunityService((await services.active()).db, tz);
  const write = async () => createCommunityService((await writable()).db, tz);
  return {
    'community:list': async () => (await read()).store.list(),
    'community:get': async ({ communityId }) => (await read()).store.get(communityId),
    'community:save': async ({ community }) => (await write()).store.save(community, await nowSec()),
    'community:remove': async ({ communityId }) => ({ removed: (await write()).store.remove(communityId) }),
    'community:import': async ({ name, kind, fileName, dataBase64 }) => {
      const c = await writable();
      const bytes = bytesOfBase64(dataBase64, MAX_IMPORT_BYTES, 'The EDA report');
      // Read and written in the query thread (one transaction there): the window keeps answering.
      const r = await c.queries.run('importCommunity', { name, kind, fileName }, bytes, await nowSec(), tz);
      services.emit('readings:changed', { meterIds: r.community.members.map((m) => m.meterId) });
      return r;
    },
    'community:span': async ({ communityId }) => (await read()).span(communityId, await nowSec()),
    'community:view': async ({ communityId, fromSec, toSec }) =>
      (await services.active()).queries.run(
        'communityView',
        communityId,
        { fromSec, toSec },
        await nowSec(),
        tz,
      ),
    'community:whatIf': async (q) =>
      (await services.active()).queries.run('communityWhatIf', q, await nowSec(), tz),
  };
}
