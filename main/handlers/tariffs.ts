/** Tariffs, their presets, price series from files, and the bills a person keeps. */
import { assignTariff, saveCombined } from '../cost/combine';
import { clientOf, tariffsOfClient } from '../cost/client-tariffs';
import { savePrices } from '../cost/cost-service';
import { PRESETS } from '../cost/presets';
import { presetsForPlace, presetView } from '../cost/place-presets';
import { clientRow } from '../db/meter-reads';
import { createTariffStore } from '../db/tariff-store';
import { keepBill, keptBills, removeKeptBill } from '../db/bill-store';
import { checkedRange, type HandlerContext, type HandlersOf } from './context';

type TariffChannels =
  | 'tariffs:list'
  | 'tariffs:save'
  | 'tariffs:remove'
  | 'tariffs:combine'
  | 'tariffs:assign'
  | 'tariffs:presets'
  | 'prices:list'
  | 'prices:import'
  | 'prices:rename'
  | 'prices:remove'
  | 'bills:keep'
  | 'bills:list'
  | 'bills:remove';

export function tariffHandlers({ services, writable, nowSec }: HandlerContext): HandlersOf<TariffChannels> {
  const store = async () => createTariffStore((await services.active()).db);
  const writableStore = async () => createTariffStore((await writable()).db);
  // Tariffs change through the profile's store (a team's: its server, version-checked).
  const tariffWrites = async () => (await (await services.active()).storeWrites()).tariffs;
  return {
    'tariffs:list': async ({ meterId }) => {
      const all = (await store()).list();
      if (!meterId) return all;
      return tariffsOfClient(all, clientOf((await services.active()).db, meterId), true);
    },
    'tariffs:assign': async ({ tariffId, owner }) => {
      const now = await nowSec();
      return (await tariffWrites()).change((s) => assignTariff(s, tariffId, owner, now));
    },
    'tariffs:save': async ({ tariff }) => {
      const now = await nowSec();
      return (await tariffWrites()).change((s) => s.save(tariff, now));
    },
    'tariffs:remove': async ({ tariffId }) => ({
      removed: await (await tariffWrites()).change((s) => s.remove(tariffId)),
    }),
    'tariffs:combine': async (input) => {
      const now = await nowSec();
      return (await tariffWrites()).change((s) => saveCombined(s, input, now));
    },
    'tariffs:presets': async ({ meterId }) =>
      meterId
        ? presetsForPlace(PRESETS, clientRow((await services.active()).db, meterId)?.address ?? null)
        : PRESETS.map(presetView),
    'prices:list': async () => (await store()).series(),
    'prices:import': async ({ name, dataBase64 }) => {
      const c = await writable();
      // Read in the query thread: a large or hostile file never holds up the window.
      const parsed = await c.queries.run(
        'parsePrices',
        new Uint8Array(Buffer.from(dataBase64, 'base64')),
        services.tz,
      );
      return savePrices(createTariffStore(c.db), name, parsed, await nowSec());
    },
    'prices:rename': async ({ seriesId, name }) => (await writableStore()).renameSeries(seriesId, name),
    'prices:remove': async ({ seriesId }) => ({ removed: (await writableStore()).removeSeries(seriesId) }),
    // A bill is kept as it reconciles: an unknown meter, register or tariff is refused by the
    // reconciliation before anything is written.
    'bills:keep': async (q) => {
      const c = await writable();
      const now = await nowSec();
      await c.queries.run('bill', checkedRange(q), now, services.tz);
      return keepBill(c.db, { ...q, keptSec: now });
    },
    'bills:list': async ({ meterId }) => keptBills((await services.active()).db, meterId),
    'bills:remove': async ({ id }) => ({ removed: removeKeptBill((await writable()).db, id) }),
  };
}
