/**
 * The contract's parts that need no zod. The channel and event names as plain strings: all that the Electron preload and the
 * harness bridge need to build `window.meterdesk`. Kept apart from contract.ts so that neither bundle
 * (nor the renderer) carries zod and every schema: the preload went from ≈ 770 KB to a few KB, parsed
 * at every window load. contract.ts checks at compile time that these lists equal its channels and
 * events, and test/unit/contract-parity.test.ts at run time.
 */
export const channelNames = [
  'app:info',
  'app:storage',
  'settings:setSyncInterval',
  'settings:setDeliveryDelay',
  'profiles:list',
  'profiles:switch',
  'profiles:add',
  'profiles:addTeam',
  'profiles:addLocal',
  'profiles:rename',
  'profiles:remove',
  'profiles:testConnection',
  'profiles:backup',
  'profiles:restore',
  'auth:setToken',
  'auth:status',
  'meters:list',
  'meters:register',
  'meters:requestConsent',
  'meters:refreshStatus',
  'meters:withdrawConsent',
  'meters:rename',
  'meters:setUsage',
  'meters:setSite',
  'meters:mergePreview',
  'meters:merge',
  'meters:delete',
  'places:customers',
  'places:rename',
  'places:merge',
  'sites:list',
  'readings:series',
  'quality:breakdown',
  'analysis:peaks',
  'analysis:baseLoad',
  'analysis:duration',
  'analysis:carpet',
  'analysis:profiles',
  'analysis:compare',
  'analysis:health',
  'analysis:pv',
  'analysis:portfolio',
  'analysis:exportCsv',
  'export:png',
  'report:periods',
  'report:pdf',
  'report:cancel',
  'export:loadProfile',
  'export:xlsx',
  'notes:list',
  'notes:add',
  'notes:edit',
  'notes:remove',
  'sync:status',
  'sync:now',
  'sync:cancel',
  'sync:backfill',
  'export:csv',
  'export:xlsxMany',
  'export:cancelWorkbook',
  'import:preview',
  'import:update',
  'import:commit',
  'import:discard',
  'import:tryMapping',
  'import:saveFormat',
  'import:formats',
  'import:log',
  'import:undo',
  'import:removeFormat',
  'tariffs:list',
  'tariffs:save',
  'tariffs:remove',
  'tariffs:combine',
  'tariffs:assign',
  'tariffs:presets',
  'prices:list',
  'prices:import',
  'prices:rename',
  'prices:remove',
  'analysis:cost',
  'analysis:bill',
  'bills:keep',
  'bills:list',
  'bills:remove',
  'analysis:battery',
  'analysis:peakShaving',
  'analysis:powerScenario',
  'analysis:billAhead',
  'analysis:compareSlp',
  'watch:list',
  'watch:acknowledge',
  'watch:snooze',
  'watch:thresholds',
  'watch:setThreshold',
  'community:list',
  'community:get',
  'community:save',
  'community:remove',
  'community:import',
  'community:span',
  'community:view',
  'community:whatIf',
] as const;

export const eventNames = [
  'sync:progress',
  'sync:statusChanged',
  'readings:changed',
  'profiles:changed',
  'app:updateStatus',
  'export:progress',
  'app:command',
  'import:progress',
  'report:progress',
  'workbook:progress',
  'watch:changed',
  'team:changed',
] as const;

export type ChannelName = (typeof channelNames)[number];
export type EventName = (typeof eventNames)[number];

/** The one IPC channel the main process sends events on (payload: `{ event, payload }`). */
export const EVENT_CHANNEL = 'meterdesk:event';

/** The largest portal export the import takes (the renderer checks it before reading a file). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** The standard load profiles (main/slp/): VDEW 1999 and BDEW 2025, as the comparison offers them. */
export const slpIds = [
  'H0',
  'G0',
  'G1',
  'G2',
  'G3',
  'G4',
  'G5',
  'G6',
  'L0',
  'L1',
  'L2',
  'H25',
  'G25',
  'L25',
  'P25',
] as const;

/** The report's sections, in their order (report/model.ts); the report dialog lists them. */
export const reportSections = [
  'master',
  'energy',
  'profile',
  'peaks',
  'baseload',
  'cost',
  'measures',
  'slp',
  'annex',
] as const;

/**
 * The parts a grid bill lists under its grid fees and its levies, as the ordinances name them: the usage
 * price (Netznutzungsentgelt, Arbeitspreis), the loss fee (Netzverlustentgelt), the power price
 * (Leistungspreis), the flat charge of power not measured, the metering fee (Messentgelt); the
 * Elektrizitätsabgabe, the Erneuerbaren-Förderbeitrag (per kWh and per metering point), the
 * Erneuerbaren-Förderpauschale and a municipality's Gebrauchsabgabe. `gridOther` and `leviesOther` hold
 * what a tariff or a bill names otherwise.
 */
export const BILL_PARTS = {
  usage: 'grid',
  loss: 'grid',
  power: 'grid',
  flat: 'grid',
  metering: 'grid',
  gridOther: 'grid',
  electricityTax: 'levies',
  renewablesContribution: 'levies',
  renewablesFlat: 'levies',
  useLevy: 'levies',
  leviesOther: 'levies',
} as const;
