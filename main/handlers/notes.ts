/** Notes on a meter, a day or a span: read from the profile's database, changed through its notes' store. */
import { listNotes } from '../db/notes';
import type { HandlerContext, HandlersOf } from './context';

export function noteHandlers({
  services,
  nowSec,
}: HandlerContext): HandlersOf<'notes:list' | 'notes:add' | 'notes:edit' | 'notes:remove'> {
  const store = async () => (await (await services.active()).storeWrites()).notes;
  return {
    'notes:list': async ({ meterId, fromSec, toSec }) =>
      listNotes(
        (await services.active()).db,
        meterId,
        fromSec !== undefined && toSec !== undefined ? { fromSec, toSec } : undefined,
      ),
    'notes:add': async (n) => {
      const note = await (await store()).add(n, await nowSec());
      services.emit('readings:changed', { meterIds: [n.meterId] });
      return note;
    },
    'notes:edit': async (e) => {
      const note = await (await store()).edit(e, await nowSec());
      services.emit('readings:changed', { meterIds: [note.meterId] });
      return note;
    },
    'notes:remove': async ({ id, version }) => ({ removed: await (await store()).remove(id, version) }),
  };
}
