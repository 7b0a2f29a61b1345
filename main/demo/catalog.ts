/**
 * The demo service's account structure: teams, tokens, customers, sites and meters, all derived from
 * the seed. The first meters are the hand-picked cast (household, small business, heat pump, PV home
 * with its feed-in meter, gas, the demo meter, one pending and one registered meter); `--meters N`
 * adds further consumption meters spread over more customers.
 */
import { hash, tokenFrom, uuidFrom } from './rng';

export type Plan = 'free' | 'light' | 'plus' | 'pro';
export const plans: Plan[] = ['free', 'light', 'plus', 'pro'];
export const planRank: Record<Plan, number> = { free: 0, light: 1, plus: 2, pro: 3 };
export const planFeatures: Record<
  Plan,
  {
    webhooks: boolean;
    demoMeter: boolean;
    mqtt: boolean;
    sftp: boolean;
    meters: number;
    historyYears: number;
    extraMeters: boolean;
    ratePerMin: number;
  }
> = {
  free: {
    webhooks: false,
    demoMeter: false,
    mqtt: false,
    sftp: false,
    meters: 1,
    historyYears: 1,
    extraMeters: false,
    ratePerMin: 120,
  },
  light: {
    webhooks: true,
    demoMeter: true,
    mqtt: false,
    sftp: false,
    meters: 5,
    historyYears: 1,
    extraMeters: true,
    ratePerMin: 300,
  },
  plus: {
    webhooks: true,
    demoMeter: true,
    mqtt: true,
    sftp: false,
    meters: 20,
    historyYears: 2,
    extraMeters: true,
    ratePerMin: 600,
  },
  pro: {
    webhooks: true,
    demoMeter: true,
    mqtt: true,
    sftp: true,
    meters: 100,
    historyYears: 3,
    extraMeters: true,
    ratePerMin: 1200,
  },
};

export const allScopes = [
  'meters:read',
  'meters:create',
  'consents:request',
  'data:read',
  'customers:read',
  'customers:write',
  'webhooks:manage',
] as const;
export type Scope = (typeof allScopes)[number];

export type MeterKind =
  'household' | 'business' | 'heatpump' | 'pv_consumption' | 'pv_feed_in' | 'gas' | 'demo';

export interface DemoToken {
  token: string;
  team: string;
  plan: Plan;
  scopes: Scope[];
  name: string;
}

export interface DemoCustomer {
  id: string;
  team: string;
  name: string;
  email: string;
  created_at: string;
}
export interface DemoSite {
  id: string;
  team: string;
  customer_id: string;
  name: string;
  address: string;
  created_at: string;
}

export interface DemoMeter {
  id: string;
  index: number;
  team: string;
  kind: MeterKind;
  metering_point: string;
  label: string;
  energy_direction: 'consumption' | 'feed_in';
  commodity: 'electricity' | 'gas';
  granularity: 'quarter_hour';
  site_id: string | null;
  registers: string[];
  is_demo: boolean;
  status: 'registered' | 'pending' | 'connected' | 'rejected' | 'expired' | 'revoked';
  /** Scale of the load shape, so meters of one kind differ. */
  scale: number;
  created_sec: number;
  /** A meter with data; a registered/pending meter has none until consent. */
  hasData: boolean;
}

const cast: {
  kind: MeterKind;
  label: string;
  status: DemoMeter['status'];
  customer: number;
  site: number;
}[] = [
  { kind: 'household', label: 'Wohnung Huber', status: 'connected', customer: 0, site: 0 },
  { kind: 'business', label: 'Bäckerei Gruber', status: 'connected', customer: 1, site: 1 },
  { kind: 'heatpump', label: 'Haus Berger – Wärmepumpe', status: 'connected', customer: 2, site: 2 },
  { kind: 'pv_consumption', label: 'Haus Wagner – Bezug', status: 'connected', customer: 3, site: 3 },
  // A PV house's feed-in meter follows its consumption meter: both net one load against one PV
  // (readings.ts: house).
  { kind: 'pv_feed_in', label: 'Haus Wagner – PV-Einspeisung', status: 'connected', customer: 3, site: 3 },
  { kind: 'gas', label: 'Haus Berger – Gas', status: 'connected', customer: 2, site: 2 },
  { kind: 'demo', label: 'Demo-Zähler', status: 'connected', customer: 4, site: 4 },
  {
    kind: 'household',
    label: 'Wohnung Pichler (Zustimmung ausständig)',
    status: 'pending',
    customer: 0,
    site: 5,
  },
  { kind: 'household', label: 'Büro Steiner (neu registriert)', status: 'registered', customer: 1, site: 6 },
];

const customerNames = [
  'Familie Huber',
  'Gruber KG',
  'Familie Berger',
  'Familie Wagner',
  'Demo',
  'Hofer & Söhne',
  'Praxis Dr. Lang',
  'Weingut Moser',
  'Tischlerei Koller',
  'Familie Leitner',
];
const siteNames = [
  'Hauptstraße 12, 1010 Wien',
  'Marktplatz 3, 3100 St. Pölten',
  'Gartenweg 7, 8010 Graz',
  'Sonnenhang 21, 4020 Linz',
  'Demoweg 1, 1030 Wien',
  'Lindengasse 5, 1070 Wien',
  'Ringstraße 44, 6020 Innsbruck',
];

/**
 * The registers a demo meter delivers: its total (`G.01`) alone. A grid residual (`P.01`) and the
 * community shares come only with membership of an energy community (AUSTRIA-2026.md §1), and no meter
 * of the demo service is a member: the demo's community lives in the profile (community/demo-community.ts).
 */
export function registersFor(kind: MeterKind): string[] {
  switch (kind) {
    case 'pv_feed_in':
      return ['1-1:2.9.0 G.01'];
    case 'gas':
      return ['7-1:1.9.0 G.01'];
    default:
      return ['1-1:1.9.0 G.01'];
  }
}

/** 33 characters, `AT` + 6-digit grid operator code + 25 characters. */
export function meteringPointFor(seed: number, index: number): string {
  const operators = ['001000', '002000', '003000', '008500'];
  const op = operators[hash(seed, index, 3) % operators.length]!;
  const tail =
    String(hash(seed, index, 5)).padStart(10, '0') + String(hash(seed, index, 6)).padStart(10, '0');
  return `AT${op}00000${tail.slice(0, 20)}`;
}

export interface Catalog {
  teams: string[];
  tokens: DemoToken[];
  customers: DemoCustomer[];
  sites: DemoSite[];
  meters: DemoMeter[];
}

export function buildCatalog(seed: number, meterCount: number, createdSec: number): Catalog {
  const team = 'team-' + hash(seed, 1).toString(36).slice(0, 6);
  const otherTeam = 'team-' + hash(seed, 2).toString(36).slice(0, 6);
  const tokens: DemoToken[] = plans.map((plan, i) => ({
    token: tokenFrom(`md_${plan}_`, seed, i),
    team,
    plan,
    scopes: [...allScopes],
    name: `${plan} token`,
  }));
  tokens.push({
    token: tokenFrom('md_ro_', seed, 9),
    team,
    plan: 'pro',
    scopes: ['meters:read', 'data:read'],
    name: 'read-only token',
  });
  tokens.push({
    token: tokenFrom('md_other_', seed, 10),
    team: otherTeam,
    plan: 'pro',
    scopes: [...allScopes],
    name: 'other team',
  });

  const createdIso = new Date(createdSec * 1000).toISOString().slice(0, 19) + 'Z';
  const extra = Math.max(0, meterCount - cast.length);
  const customerCount = customerNames.length + Math.ceil(extra / 6);
  const customers: DemoCustomer[] = [];
  for (let c = 0; c < customerCount; c++) {
    const name = customerNames[c] ?? `Kunde ${c + 1}`;
    customers.push({
      id: uuidFrom(seed, 100, c),
      team,
      name,
      email: `kunde${c + 1}@example.at`,
      created_at: createdIso,
    });
  }
  const sites: DemoSite[] = [];
  for (let s = 0; s < siteNames.length; s++) {
    const customerIndex = [0, 1, 2, 3, 4, 0, 1][s]!;
    sites.push({
      id: uuidFrom(seed, 200, s),
      team,
      customer_id: customers[customerIndex]!.id,
      name: siteNames[s]!,
      address: siteNames[s]!,
      created_at: createdIso,
    });
  }

  const meters: DemoMeter[] = [];
  const castCount = Math.min(cast.length, Math.max(meterCount, cast.length));
  for (let i = 0; i < castCount; i++) {
    const c = cast[i]!;
    meters.push(makeMeter(seed, i, team, c.kind, c.label, c.status, sites[c.site]!.id, createdSec));
  }
  const kinds: MeterKind[] = ['household', 'business', 'heatpump', 'household', 'household', 'business'];
  for (let j = 0; j < extra; j++) {
    const i = cast.length + j;
    const customerIndex = customerNames.length + Math.floor(j / 6);
    const customer = customers[customerIndex]!;
    const siteIndex = sites.length;
    sites.push({
      id: uuidFrom(seed, 200, siteIndex),
      team,
      customer_id: customer.id,
      name: `Standort ${j + 1}`,
      address: `Teststraße ${j + 1}, 1100 Wien`,
      created_at: createdIso,
    });
    const kind = kinds[j % kinds.length]!;
    const m = makeMeter(
      seed,
      i,
      team,
      kind,
      `${customer.name} – Zähler ${(j % 6) + 1}`,
      'connected',
      sites[siteIndex]!.id,
      createdSec,
    );
    m.registers = ['1-1:1.9.0 G.01'];
    meters.push(m);
  }
  // One meter of the other team, so isolation between teams can be tested.
  meters.push(makeMeter(seed, 9999, otherTeam, 'household', 'Fremdes Team', 'connected', null, createdSec));
  return { teams: [team, otherTeam], tokens, customers, sites, meters };
}

function makeMeter(
  seed: number,
  index: number,
  team: string,
  kind: MeterKind,
  label: string,
  status: DemoMeter['status'],
  siteId: string | null,
  createdSec: number,
): DemoMeter {
  return {
    id: uuidFrom(seed, 300, index),
    index,
    team,
    kind,
    metering_point: meteringPointFor(seed, index),
    label,
    energy_direction: kind === 'pv_feed_in' ? 'feed_in' : 'consumption',
    commodity: kind === 'gas' ? 'gas' : 'electricity',
    granularity: 'quarter_hour',
    site_id: siteId,
    registers: registersFor(kind),
    is_demo: kind === 'demo',
    status,
    scale: 0.7 + (hash(seed, index, 11) % 1000) / 1000,
    created_sec: createdSec,
    hasData: status === 'connected',
  };
}
