/**
 * Mutable state of one demo service instance: the clock, meters registered at run time, consents,
 * webhooks, history requests, fault injection and rate-limit windows. Readings themselves are not
 * state: they are computed from the seed and the clock (see readings.ts).
 */
import {
  buildCatalog,
  planFeatures,
  type Catalog,
  type DemoCustomer,
  type DemoMeter,
  type DemoSite,
  type DemoToken,
} from './catalog';
import type { Generation } from './generations';
import { DemoReadings } from './readings';
import { uuidFrom } from './rng';
import { dayNumberOf, dayStartSec } from '../time/local-days';

export interface DemoOptions {
  seed: number;
  meters: number;
  years: number;
  /** ISO timestamp of the service clock at start. */
  clock?: string;
  tz?: string;
  /** Rate limit per minute for every token, overriding the plan's. */
  ratePerMin?: number;
  /** Page size of the cursor feed. */
  feedPageSize?: number;
  /** Base of the webhook retry backoff in ms (1 s like the real service; tests make it small). */
  webhookBackoffMs?: number;
  /** The contract generation the service speaks (generations.ts); default `ours`. */
  contract?: Generation;
  /**
   * The simulated customer approves a consent request this many seconds (real time) after it was
   * made, so the flow can be finished in the demo; 0 = only through the portal link. Default 20.
   */
  autoApproveSec?: number;
}

export interface Consent {
  id: string;
  meterId: string;
  state: 'requested' | 'approved' | 'rejected' | 'expired' | 'withdrawn' | 'superseded';
  requestedSec: number;
  /** Real time of the request (ms), for the simulated customer's approval (autoApproveSec). */
  requestedAtMs: number;
  expiresSec: number;
  customerEmail: string | null;
}

export interface Webhook {
  id: string;
  team: string;
  url: string;
  secret: string;
  createdSec: number;
}

export interface HistoryRequest {
  id: string;
  meterId: string;
  fromSec: number;
  createdSec: number;
}

export type FaultKind = 'status429' | 'status500' | 'status503' | 'slow' | 'reset' | 'truncate';
export interface Fault {
  kind: FaultKind;
  /** How many matching requests it affects. */
  remaining: number;
  /** For 429: 'seconds' or 'date' form of Retry-After. */
  retryAfter?: 'seconds' | 'date';
  retryAfterSec?: number;
  delayMs?: number;
  /** Only requests whose path contains this string. */
  pathContains?: string;
}

export interface DeliveryListener {
  (deliveryDay: number): void | Promise<void>;
}

export class DemoState {
  readonly catalog: Catalog;
  readonly readings: DemoReadings;
  readonly tz: string;
  nowSec: number;
  readonly initialDay: number;
  readonly consents = new Map<string, Consent>();
  readonly webhooks = new Map<string, Webhook>();
  readonly historyRequests: HistoryRequest[] = [];
  faults: Fault[] = [];
  /** Bumping this invalidates every cursor issued before (the "expired cursor" fault). */
  cursorEpoch = 1;
  /** The contract generation the service speaks (generations.ts). */
  readonly generation: Generation;
  /** When true the cursor-sync endpoint does not exist (404): a service that offers window reads only. */
  feedDisabled = false;
  ratePerMinOverride: number | null;
  readonly windows = new Map<string, { startSec: number; count: number }>();
  readonly feedPageSize: number;
  readonly webhookBackoffMs: number;
  readonly autoApproveSec: number;
  private readonly listeners: DeliveryListener[] = [];
  private counter = 0;

  constructor(readonly opts: DemoOptions) {
    this.tz = opts.tz ?? 'Europe/Vienna';
    this.generation = opts.contract ?? 'ours';
    const clockMs = opts.clock ? Date.parse(opts.clock) : Date.now();
    if (!Number.isFinite(clockMs))
      throw new Error(`--clock must be an ISO 8601 timestamp, got "${opts.clock}"`);
    this.nowSec = Math.floor(clockMs / 1000);
    this.initialDay = dayNumberOf(this.nowSec, this.tz);
    const historyDays = Math.max(1, Math.round(opts.years * 365));
    this.catalog = buildCatalog(
      opts.seed,
      opts.meters,
      dayStartSec(this.initialDay - historyDays - 1, this.tz),
    );
    this.readings = new DemoReadings({
      seed: opts.seed,
      tz: this.tz,
      dataStartDay: this.initialDay - historyDays,
      spikeDay: this.initialDay - 20,
      plantDay: this.initialDay - 10,
    });
    this.ratePerMinOverride = opts.ratePerMin ?? null;
    this.feedPageSize = opts.feedPageSize ?? 10_000;
    this.webhookBackoffMs = opts.webhookBackoffMs ?? 1000;
    this.autoApproveSec = opts.autoApproveSec ?? 20;
  }

  /** Approves a consent as the customer would in the grid operator's portal. */
  approve(c: Consent): void {
    c.state = 'approved';
    const m = this.catalog.meters.find((x) => x.id === c.meterId);
    if (m) {
      m.status = 'connected';
      m.hasData = true;
    }
  }

  /** The simulated customer: approves requests older than `autoApproveSec` (real time). */
  approveDue(nowMs = Date.now()): void {
    if (this.autoApproveSec <= 0) return;
    for (const c of this.consents.values())
      if (c.state === 'requested' && nowMs - c.requestedAtMs >= this.autoApproveSec * 1000) this.approve(c);
  }

  /** Deterministic ids for things created at run time (same seed and calls → same ids). */
  nextId(): string {
    this.counter += 1;
    return uuidFrom(this.opts.seed, 900, this.counter);
  }

  tokenInfo(token: string): DemoToken | undefined {
    return this.catalog.tokens.find((t) => t.token === token);
  }

  teamMeters(team: string): DemoMeter[] {
    return this.catalog.meters.filter((m) => m.team === team);
  }

  /** Meters a token may see: its team's, without the demo meter on plans below Light. */
  visibleMeters(token: DemoToken): DemoMeter[] {
    this.expireConsents();
    return this.teamMeters(token.team).filter((m) => !m.is_demo || planFeatures[token.plan].demoMeter);
  }

  meterById(token: DemoToken, id: string): DemoMeter | undefined {
    return this.visibleMeters(token).find((m) => m.id === id);
  }

  customers(team: string): DemoCustomer[] {
    return this.catalog.customers.filter((c) => c.team === team);
  }

  sites(team: string): DemoSite[] {
    return this.catalog.sites.filter((s) => s.team === team);
  }

  latestDataSec(meter: DemoMeter): number | null {
    if (!meter.hasData) return null;
    const day = this.readings.lastDeliveredDay(this.nowSec);
    return dayStartSec(day + 1, this.tz);
  }

  /** First local day a token's plan may read (its history reach). */
  retentionStartDay(token: DemoToken): number {
    const today = dayNumberOf(this.nowSec, this.tz);
    return Math.max(this.readings.opts.dataStartDay, today - planFeatures[token.plan].historyYears * 365);
  }

  onDelivery(listener: DeliveryListener): void {
    this.listeners.push(listener);
  }

  /** Moves the clock forward; every delivery instant passed is announced to the push channels. */
  async advanceTo(targetSec: number): Promise<number[]> {
    if (targetSec < this.nowSec) throw new Error('The demo clock only moves forward.');
    const before = this.readings.lastDeliveryDay(this.nowSec);
    this.nowSec = targetSec;
    const after = this.readings.lastDeliveryDay(this.nowSec);
    const delivered: number[] = [];
    for (let day = before + 1; day <= after; day++) {
      delivered.push(day);
      for (const l of this.listeners) await l(day);
    }
    this.expireConsents();
    return delivered;
  }

  expireConsents(): void {
    for (const c of this.consents.values()) {
      if (c.state === 'requested' && c.expiresSec <= this.nowSec) {
        c.state = 'expired';
        const m = this.catalog.meters.find((x) => x.id === c.meterId);
        if (m && m.status === 'pending') m.status = 'expired';
      }
    }
  }

  rateLimit(token: DemoToken): number {
    return this.ratePerMinOverride ?? planFeatures[token.plan].ratePerMin;
  }
}

/** 10 business days (Mon–Fri) after `fromSec`. */
export function addBusinessDays(fromSec: number, days: number): number {
  let t = fromSec;
  let left = days;
  while (left > 0) {
    t += 86_400;
    const wd = new Date(t * 1000).getUTCDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return t;
}
