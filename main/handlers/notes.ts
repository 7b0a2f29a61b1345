/** Notes on a meter, a day or a span. */
import { addNote, listNotes, removeNote } from '../db/notes';
import type { HandlerContext, HandlersOf } from './context';

export function noteHandlers({
  services,
  writable,
  nowSec,
}: HandlerContext): HandlersOf<'notes:list' | 'notes:add' | 'notes:remove'> {
  return {
    'notes:list': async ({ meterId, fromSec, toSec }) =>
      listNotes(
        (await services.active()).db,
        meterId,
        fromSec !== undefined && toSec !== undefined ? { fromSec, toSec } : undefined,
      ),
    'notes:add': async (n) => {
      const note = addNote((await writable()).db, n, await nowSec());
      services.emit('readings:changed', { meterIds: [n.meterId] });
      return note;
    },
    'notes:remove': async ({ id }) => ({ removed: removeNote((await writable()).db, id) }),
  };
}
