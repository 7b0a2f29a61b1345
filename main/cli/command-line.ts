/** The command line, read: every option any command takes (each command checks its own, help.ts). */
import { parseArgs } from 'node:util';
import { HELP } from './help';
import { UsageError } from './usage-error';

const CLI_OPTIONS = {
  'data-dir': { type: 'string' },
  'base-url': { type: 'string' },
  team: { type: 'string' },
  'team-url': { type: 'string' },
  profile: { type: 'string' },
  'page-size': { type: 'string' },
  json: { type: 'boolean' },
  meter: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  register: { type: 'string', multiple: true },
  direction: { type: 'string' },
  site: { type: 'string' },
  scope: { type: 'string' },
  tariff: { type: 'string', multiple: true },
  'tariff-id': { type: 'string', multiple: true },
  'tariff-preset': { type: 'string', multiple: true },
  presets: { type: 'boolean' },
  bill: { type: 'string' },
  name: { type: 'string' },
  'feed-in-tariff': { type: 'string' },
  'feed-in-tariff-id': { type: 'string' },
  prices: { type: 'string' },
  capacity: { type: 'string' },
  power: { type: 'string' },
  efficiency: { type: 'string' },
  'min-soc': { type: 'string' },
  'sweep-max': { type: 'string' },
  'power-price': { type: 'string' },
  ahead: { type: 'boolean' },
  slp: { type: 'string' },
  since: { type: 'string' },
  'billing-start': { type: 'string' },
  url: { type: 'string' },
  'app-role': { type: 'string' },
  payment: { type: 'string' },
  payments: { type: 'string' },
  'power-min': { type: 'string' },
  'power-window': { type: 'string' },
  shift: { type: 'string' },
  period: { type: 'string' },
  customer: { type: 'string' },
  now: { type: 'string' },
  replace: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  'accept-suspicious': { type: 'boolean' },
  yes: { type: 'boolean' },
  none: { type: 'boolean' },
  lang: { type: 'string' },
  sections: { type: 'string' },
  consultant: { type: 'string' },
  logo: { type: 'string' },
  conclusions: { type: 'string' },
  area: { type: 'string' },
  persons: { type: 'string' },
  id: { type: 'string' },
  community: { type: 'string' },
  kind: { type: 'string' },
  share: { type: 'string', multiple: true },
  add: { type: 'string', multiple: true },
  remove: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options: CLI_OPTIONS });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${HELP.main}`);
  }
}

export type CliValues = ReturnType<typeof parseCommandLine>['values'];
