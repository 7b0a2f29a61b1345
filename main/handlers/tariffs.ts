/** Tariffs, their presets, and price series from files. */
import { savePrices } from '../cost/cost-service';
import { PRESETS } from '../cost/presets';
import { createTariffStore } from '../db/tariff-store';
import type { HandlerContext, HandlersOf } from './context';

type TariffChannels =
  | 'tariffs:list'
  | 'tariffs:save'
  | 'tariffs:remove'
  | 'tariffs:presets'
  | 'prices:list'
  | 'prices:import'
  | 'prices:remove';

export function tariffHandlers({ services, writable, nowSec }: HandlerContext): HandlersOf<TariffChannels> {
  const store = async () => createTariffStore((await services.active()).db);
  const writableStore = async () => createTariffStore((await writable()).db);
  return {
    'tariffs:list': async () => (await store()).list(),
    'tariffs:save': async ({ tariff }) => (await writableStore()).save(tariff, await nowSec()),
    'tariffs:remove': async ({ tariffId }) => ({ removed: (await writableStore()).remove(tariffId) }),
    'tariffs:presets': async () => PRESETS.map((p) => ({ tariff: p.tariff, published: p.published.text })),
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
    'prices:remove': async ({ seriesId }) => ({ removed: (await writableStore()).removeSeries(seriesId) }),
  };
}
