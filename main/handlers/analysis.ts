/**
 * Figures: the chart's series and quality (quick reads on the main process), and every analysis,
 * cost, bill, battery and peak-shaving answer, which run in the query thread and are framed there
 * (query/queries.ts) at the services' "now".
 */
import { queryQuality } from '../analysis/quality';
import { querySeries } from '../db/series-query';
import { checkedRange, type HandlerContext, type HandlersOf } from './context';

type AnalysisChannels =
  | 'readings:series'
  | 'quality:breakdown'
  | 'analysis:peaks'
  | 'analysis:baseLoad'
  | 'analysis:duration'
  | 'analysis:carpet'
  | 'analysis:profiles'
  | 'analysis:compare'
  | 'analysis:health'
  | 'analysis:pv'
  | 'analysis:portfolio'
  | 'analysis:cost'
  | 'analysis:bill'
  | 'analysis:battery'
  | 'analysis:peakShaving'
  | 'analysis:powerScenario'
  | 'analysis:billAhead'
  | 'analysis:compareSlp';

/** The register and span of an analysis request, checked; the thread frames it. */
const span = (q: { meterId: string; obisCode: string; fromSec: number; toSec: number }) =>
  checkedRange({ meterId: q.meterId, obisCode: q.obisCode, fromSec: q.fromSec, toSec: q.toSec });

export function analysisHandlers({ services, nowSec }: HandlerContext): HandlersOf<AnalysisChannels> {
  const tz = services.tz;
  const thread = async () => (await services.active()).queries;
  return {
    'readings:series': async (q) => querySeries((await services.active()).db, q, tz, await nowSec()),
    'quality:breakdown': async (q) => queryQuality((await services.active()).db, q, tz, await nowSec()),
    'analysis:peaks': async (q) => (await thread()).run('peaks', span(q), await nowSec(), tz, q.topN),
    'analysis:baseLoad': async (q) => (await thread()).run('baseLoad', span(q), await nowSec(), tz),
    'analysis:duration': async (q) =>
      (await thread()).run('duration', span(q), await nowSec(), tz, q.thresholdKw),
    'analysis:carpet': async (q) => (await thread()).run('carpet', span(q), await nowSec(), tz),
    'analysis:profiles': async (q) => (await thread()).run('profiles', span(q), await nowSec(), tz),
    'analysis:compare': async (q) => (await thread()).run('compare', span(q), await nowSec(), tz, q.shift),
    'analysis:health': async (q) => (await thread()).run('health', span(q), await nowSec(), tz),
    'analysis:pv': async ({ siteId, fromSec, toSec }) =>
      (await thread()).run('pv', siteId, checkedRange({ fromSec, toSec }), await nowSec(), tz),
    'analysis:portfolio': async ({ customerId }) =>
      (await thread()).run('portfolio', await nowSec(), customerId, tz),
    'analysis:cost': async (q) => (await thread()).run('cost', checkedRange(q), await nowSec(), tz),
    'analysis:bill': async (q) => (await thread()).run('bill', checkedRange(q), await nowSec(), tz),
    'analysis:battery': async (q) => (await thread()).run('battery', checkedRange(q), await nowSec(), tz),
    'analysis:peakShaving': async (q) =>
      (await thread()).run('peakShaving', checkedRange(q), await nowSec(), tz),
    'analysis:compareSlp': async (q) =>
      (await thread()).run('compareSlp', checkedRange(q), await nowSec(), tz),
    'analysis:billAhead': async (q) => (await thread()).run('billAhead', q, await nowSec(), tz),
    'analysis:powerScenario': async (q) =>
      (await thread()).run('powerScenario', checkedRange(q), await nowSec(), tz),
  };
}
