/** Portal files: preview, mapping, commit, the import log and undo. */
import { importLog, undoImport } from '../db/import-log';
import type { HandlerContext, HandlersOf } from './context';

type ImportChannels =
  | 'import:preview'
  | 'import:update'
  | 'import:commit'
  | 'import:discard'
  | 'import:tryMapping'
  | 'import:saveFormat'
  | 'import:formats'
  | 'import:log'
  | 'import:undo'
  | 'import:removeFormat';

export function importHandlers({ services, writable, nowSec }: HandlerContext): HandlersOf<ImportChannels> {
  const imports = services.imports;
  return {
    'import:preview': async ({ files }) => imports.preview(files),
    'import:update': async ({ fileId, direction, meterId }) => imports.update(fileId, { direction, meterId }),
    'import:commit': async ({ fileId, onConflict, confirmSuspicious }) =>
      imports.commit(fileId, onConflict, confirmSuspicious),
    'import:discard': async ({ fileIds }) => ({ discarded: imports.discard(fileIds) }),
    'import:tryMapping': async ({ fileId, mapping }) => imports.tryMapping(fileId, mapping),
    'import:saveFormat': async ({ fileId, mapping }) => imports.saveFormat(fileId, mapping),
    'import:formats': async () => imports.formats(),
    'import:log': async () => importLog((await services.active()).db),
    'import:undo': async ({ importId }) => {
      const c = await writable();
      const r = undoImport(c.db, c.readings, importId, await nowSec());
      services.emit('readings:changed', { meterIds: [r.meterId] });
      return { undone: importId, ...r };
    },
    'import:removeFormat': async ({ name }) => ({ removed: imports.removeFormat(name) }),
  };
}
