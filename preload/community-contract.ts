/**
 * The energy-community part of the IPC contract (issue 35; spread into `channels` in contract.ts): a
 * community is a named group of the profile's metering points (consumers and producers) with its kind,
 * its allocation key and its prices; the view computes the community's quarter-hours per member from the
 * stored registers (`G.01`, `G.02`, `G.03`, `P.01`), checks them, and answers "what if" another key,
 * another member or a battery on the same quarter-hours.
 */
import { z } from 'zod';
import { personName } from './person-name';
import { dateIssue } from '../common/rules';
import { channel } from './channel';
import { batteryInput } from './cost-contract';
import type { CarpetResult } from './contract';

const sec = z.number().int().min(0).max(32_503_680_000);
const communityId = z.string().regex(/^[a-z0-9-]{1,64}$/);
const meterId = z.string().min(1).max(200);
const day = z.string().superRefine((d, ctx) => {
  const why = dateIssue(d, Math.floor(Date.now() / 1000));
  if (why) ctx.addIssue({ code: 'custom', message: why });
});
const cents = z.number().min(-100).max(200);

/** A member: a metering point of the profile, its role, participation factor and the days it applies. */
export const communityMemberSchema = z
  .object({
    meterId,
    role: z.enum(['consumer', 'producer']),
    /** Teilnahmefaktor, 0–100 % (before 2024-04-08 implicitly 100 %). */
    factorPercent: z.number().min(0).max(100).default(100),
    /** The member's share of the generation under a static key, in percent. */
    staticSharePercent: z.number().min(0).max(100).nullable().default(null),
    /** First and last local day of this membership row (a factor change is a new row from the next day). */
    validFrom: day.nullable().default(null),
    validTo: day.nullable().default(null),
  })
  .strict();
export type CommunityMember = z.output<typeof communityMemberSchema>;

/**
 * Prices the money figures use, net ct/kWh: what consumers pay the community for `G.03`, what
 * producers get for what the community took, and what each would pay or get without it (the supplier's
 * energy price, the feed-in price), the network area's grid usage price (the reduction is a share of
 * it), its summer low price SNAP (the grid price a member pays without the community in the SNAP
 * window from 1 April 2026; community energy never carries SNAP; null: not counted) and the per-kWh
 * levies community energy does not carry.
 */
export const communitySettingsSchema = z
  .object({
    consumerPriceCents: cents.default(12),
    producerPriceCents: cents.default(10),
    supplierPriceCents: cents.default(20),
    feedInPriceCents: cents.default(6),
    gridEnergyCents: cents.default(8),
    snapGridEnergyCents: cents.nullable().default(null),
    leviesCents: cents.default(0.72),
    vatPercent: z.number().min(0).max(50).default(20),
  })
  .strict();
export type CommunitySettings = z.output<typeof communitySettingsSchema>;

export const communitySchema = z
  .object({
    id: communityId,
    name: personName(80),
    kind: z.enum(['local', 'regional', 'beg']),
    allocation: z.enum(['static', 'dynamic']),
    settings: communitySettingsSchema.default(communitySettingsSchema.parse({})),
    members: z.array(communityMemberSchema).min(1).max(2000),
  })
  .strict();
export type Community = z.output<typeof communitySchema>;
export type CommunityInput = z.input<typeof communitySchema>;

/** What the EDA report's own summary sheet says, per metering point and in total (kWh). */
export interface ReportSummary {
  members: {
    meteringPoint: string;
    role: 'consumer' | 'producer';
    consumptionKwh: number | null;
    allocatedKwh: number | null;
    selfCoverageKwh: number | null;
    generationKwh: number | null;
    surplusKwh: number | null;
    quality: string | null;
  }[];
  fromText: string | null;
  toText: string | null;
}

export interface CommunityListItem {
  id: string;
  name: string;
  kind: Community['kind'];
  allocation: Community['allocation'];
  consumers: number;
  producers: number;
  source: string;
  hasReportSummary: boolean;
}

/** The community's quantities over a span (kWh), as recorded or as an allocation computes them. */
export interface CommunityTotals {
  generationKwh: number;
  consumptionKwh: number;
  allocatedKwh: number;
  sharedKwh: number;
  surplusKwh: number;
  /** Shared ÷ consumption (null without consumption). */
  coverage: number | null;
}

export interface MemberFigures {
  meterId: string;
  label: string;
  meteringPoint: string;
  role: 'consumer' | 'producer';
  /** Consumers: G.01; producers: their generation G.01. */
  consumptionKwh: number;
  allocatedKwh: number;
  /** Consumers: G.03 (Eigendeckung); producers: what the community took (G.01 − P.01). */
  sharedKwh: number;
  /** Of `sharedKwh`, what a consumer took in the SNAP window (1 Apr–30 Sep, 10–16 h, from 2026). */
  sharedInSnapKwh: number;
  /** Producers: P.01 (surplus to the grid). */
  surplusKwh: number;
  coverage: number | null;
  /** Consumers: paid to the community; producers: received from it (net €, VAT apart). */
  communityEur: number;
  /** Against no community: consumers save, producers earn more (gross € for consumers, net for producers). */
  savingEur: number;
  /** The member's first and last day in the community (local days), where not open: its figures count those. */
  memberFrom: string | null;
  memberTo: string | null;
}

export interface MemberCheck {
  meterId: string;
  label: string;
  /** Quarter-hours the span holds for this member (its membership days), and those present per register. */
  expected: number;
  present: Record<string, number>;
  /** Local days with a register missing at least one quarter-hour (first 31) and how many in all. */
  daysLacking: string[];
  daysLackingCount: number;
  /**
   * Quarter-hours breaking G.03 ≤ G.02 or G.03 ≤ G.01 (0.5 Wh tolerance), or holding G.03 where G.01
   * and G.02 are 0 (`g03_without_use`), with the first and the local days (the first 31).
   */
  violations: {
    rule: 'g03_le_g02' | 'g03_le_g01' | 'g03_without_use';
    count: number;
    firstSec: number | null;
    days: string[];
  }[];
}

export interface CommunityView {
  id: string;
  name: string;
  kind: Community['kind'];
  allocation: Community['allocation'];
  /** The span counted: the one asked for, narrowed to the local days that hold the members' readings. */
  fromSec: number;
  toSec: number;
  clampedToData: boolean;
  /** Members whose meter is no longer in this profile (meter ids): not counted. */
  goneMembers: string[];
  /** What the stored registers say (null where the members carry no community registers). */
  recorded: CommunityTotals | null;
  /** The same quarter-hours allocated by the community's key and members (the model, for comparison). */
  modelled: CommunityTotals;
  /** Per calendar month (or day, for a span of at most 62 days), recorded where there is a record. */
  periods: ({ key: string } & CommunityTotals)[];
  periodUnit: 'day' | 'month';
  members: MemberFigures[];
  checks: MemberCheck[];
  /** The EDA report's summary beside the quarter-hours' sums, per member and in total, where it differs. */
  report: {
    rows: {
      meteringPoint: string;
      quantity: 'consumption' | 'allocated' | 'selfCoverage' | 'generation' | 'surplus';
      reportKwh: number;
      quarterHoursKwh: number;
      differs: boolean;
    }[];
    differences: number;
  } | null;
  /** The community surplus (to the grid) per quarter-hour, for a carpet. */
  surplusCarpet: CarpetResult;
}

export interface WhatIfScenario {
  label: string;
  totals: CommunityTotals;
  members: MemberFigures[];
  /** Battery scenarios: what it moved. */
  battery: { chargedKwh: number; dischargedKwh: number; fullCycles: number } | null;
}

export interface WhatIfResult {
  fromSec: number;
  toSec: number;
  scenarios: WhatIfScenario[];
}

const span = { fromSec: sec, toSec: sec };

/** Where a community opens: the report's span, its members' data, or (no data) the last year. */
export interface CommunitySpan {
  fromSec: number;
  toSec: number;
  kind: 'report' | 'data' | 'none';
}

export const communityChannels = {
  'community:list': channel<CommunityListItem[]>().input(z.object({}).strict()),
  'community:get': channel<Community>().input(z.object({ communityId }).strict()),
  'community:save': channel<Community>().input(z.object({ community: communitySchema }).strict()),
  'community:remove': channel<{ removed: boolean }>().input(z.object({ communityId }).strict()),
  /** The EDA portal's "Energie Report" XLSX: its members as imported meters, and the community. */
  'community:import': channel<{
    community: Community;
    meters: number;
    readings: number;
    /** In English (the CLI's words). */
    notes: string[];
    /** The same notes as codes with their values, for the UI's language (`eda_note_<code>`). */
    noteCodes: { code: string; params: Record<string, string | number> }[];
  }>().input(
    z
      .object({
        name: personName(80),
        kind: z.enum(['local', 'regional', 'beg']),
        fileName: z.string().min(1).max(255),
        dataBase64: z
          .string()
          .max(90_000_000)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'file data must be base64'),
      })
      .strict(),
  ),
  /**
   * The span a community opens on (issue 59): an EDA report's own span, else the last twelve complete
   * months its members' data covers (or the data's own span), never a year it has no data of.
   */
  'community:span': channel<CommunitySpan>().input(z.object({ communityId }).strict()),
  'community:view': channel<CommunityView>().input(z.object({ communityId, ...span }).strict()),
  'community:whatIf': channel<WhatIfResult>().input(
    z
      .object({
        communityId,
        ...span,
        /** Static shares by meter (percent); members without one share the rest equally. */
        staticShares: z.record(meterId, z.number().min(0).max(100)).default({}),
        /** Profile meters to add (e.g. a neighbour's PV) and members to leave out. */
        add: z
          .array(z.object({ meterId, role: z.enum(['consumer', 'producer']) }).strict())
          .max(20)
          .default([]),
        remove: z.array(meterId).max(2000).default([]),
        battery: batteryInput,
      })
      .strict(),
  ),
} as const;
