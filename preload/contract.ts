/**
 * The IPC contract: the single list of channels between the renderer and main.
 *
 * Policy: every channel is `domain:verb`, has a zod schema for its input (validated in main before any
 * handler runs) and a result type. Events are `domain:happened` with a zod payload schema. This module
 * is pure: no Electron, no Node APIs, so the renderer, the preload, main and the browser harness all
 * import it. Later work adds channels here, never around it.
 */
import { z } from 'zod';
import { personLabel } from './person-name';
import * as plain from './contract-plain';
import { channel } from './channel';
import { communityChannels } from './community-contract';
import { reportChannels } from './report-contract';
import { profileChannels } from './profile-contract';
import { costChannels } from './cost-contract';
import { aheadChannels } from './ahead-contract';
import { importChannels, importEvents } from './import-contract';
import { placesChannels } from './places-contract';
import {
  type AppInfo,
  type BaseLoadResult,
  type CarpetResult,
  type CompareResult,
  type ConsentStatus,
  type DurationResult,
  type ExportResult,
  type HealthResult,
  type MeterView,
  type NoteView,
  type PeaksResult,
  type PortfolioResult,
  type ProfilesResult,
  type PvResult,
  type QualityBreakdown,
  type SeriesView,
  type SyncStatus,
} from './results-contract';

export * from './community-contract';
export * from './report-contract';
export * from './profile-contract';
export * from './cost-contract';
export * from './ahead-contract';
export * from './import-contract';
export * from './places-contract';
export * from './results-contract';
export * from './errors-contract';

/** Unix seconds as an integer. */
const sec = z.number().int().min(0).max(32_503_680_000);
const id = z.string().min(1).max(200);

export const exportProfiles = ['excel-at', 'iso'] as const;
export type ExportProfile = (typeof exportProfiles)[number];

// ---------- channels ----------

const none = z.object({}).strict();
const analysisScope = z.object({
  meterId: id,
  obisCode: z.string().min(1).max(64),
  fromSec: sec,
  toSec: sec,
});

export const channels = {
  'app:info': channel<AppInfo>().input(none),
  'app:storage': channel<{
    dataDir: string;
    bytes: number;
    nextSyncSec: number | null;
    syncIntervalMin: number;
    /** The active profile's delivery delay: days after a day's end until it is owed (analysis/horizon.ts). */
    deliveryDelayDays: number;
  }>().input(none),
  /**
   * When a day counts as owed in the active profile even if no meter of the account has it yet: this
   * many days after its end (1: at the end of the next day, the default).
   */
  'settings:setDeliveryDelay': channel<{ deliveryDelayDays: number }>().input(
    z.object({ deliveryDelayDays: z.number().int().min(0).max(7) }).strict(),
  ),
  /** How often to sync besides the daily delivery window and "sync now"; 0 = only those. */
  'settings:setSyncInterval': channel<{ syncIntervalMin: number; nextSyncSec: number | null }>().input(
    z
      .object({
        syncIntervalMin: z.union([
          z.literal(0),
          z.literal(15),
          z.literal(60),
          z.literal(360),
          z.literal(1440),
        ]),
      })
      .strict(),
  ),
  ...profileChannels,
  'meters:list': channel<MeterView[]>().input(none),
  'meters:register': channel<ConsentStatus>().input(
    z
      .object({
        // Pasted numbers come with spaces (as printed on bills): they are left out.
        meteringPoint: z
          .string()
          .max(100)
          .transform((v) => v.replace(/\s+/g, '').toUpperCase())
          .pipe(
            z
              .string()
              .regex(
                /^AT\d{6}[0-9A-Z]{25}$/,
                'a metering point number has 33 characters: AT, a 6-digit grid operator code and 25 letters or digits',
              ),
          ),
        energyDirection: z.enum(['consumption', 'feed_in']),
        label: personLabel(200).optional(),
        siteId: id.optional(),
      })
      .strict(),
  ),
  'meters:requestConsent': channel<ConsentStatus>().input(
    z.object({ meterId: id, customerEmail: z.string().email().max(200).optional() }).strict(),
  ),
  'meters:refreshStatus': channel<ConsentStatus>().input(z.object({ meterId: id }).strict()),
  /** Withdraws a pending consent request; the meter stays registered. (Sending it again: requestConsent.) */
  'meters:withdrawConsent': channel<ConsentStatus>().input(z.object({ meterId: id }).strict()),
  ...placesChannels,
  'readings:series': channel<SeriesView>().input(
    z
      .object({
        meterId: id,
        obisCode: z.string().min(1).max(64),
        fromSec: sec,
        toSec: sec,
        /** Above this many quarter-hours the series is returned per local day. */
        maxPoints: z.number().int().min(10).max(500_000).default(5000),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec, { message: 'toSec must be after fromSec' }),
  ),
  'quality:breakdown': channel<QualityBreakdown>().input(
    z
      .object({
        meterId: id,
        obisCode: z.string().min(1).max(64),
        fromSec: sec,
        toSec: sec,
        /** false: totals and the revision count only (the chart's figures); days, months, gap days and
         * revisions come back empty. */
        detail: z.boolean().default(true),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec && v.toSec - v.fromSec <= 4 * 366 * 86_400, {
        message: 'the range must be positive and at most 4 years',
      }),
  ),
  'analysis:peaks': channel<PeaksResult>().input(
    analysisScope.extend({ topN: z.number().int().min(1).max(100).default(10) }).strict(),
  ),
  'analysis:baseLoad': channel<BaseLoadResult>().input(analysisScope.strict()),
  'analysis:duration': channel<DurationResult>().input(
    analysisScope.extend({ thresholdKw: z.number().min(0).max(100_000).nullable().default(null) }).strict(),
  ),
  'analysis:carpet': channel<CarpetResult>().input(analysisScope.strict()),
  'analysis:profiles': channel<ProfilesResult>().input(analysisScope.strict()),
  'analysis:compare': channel<CompareResult>().input(
    analysisScope.extend({ shift: z.enum(['week', 'month', 'year']) }).strict(),
  ),
  'analysis:health': channel<HealthResult>().input(analysisScope.strict()),
  'analysis:pv': channel<PvResult>().input(z.object({ siteId: id, fromSec: sec, toSec: sec }).strict()),
  'analysis:portfolio': channel<PortfolioResult>().input(z.object({ customerId: id.nullable() }).strict()),
  'analysis:exportCsv': channel<ExportResult>().input(
    z
      .object({
        kind: z.enum([
          'peaks',
          'baseLoad',
          'duration',
          'carpet',
          'profiles',
          'compare',
          'health',
          'portfolio',
          'pv',
          'cost',
          'battery',
          'peakShaving',
          'slp',
        ]),
        params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
        profile: z.enum(exportProfiles),
      })
      .strict(),
  ),
  'export:png': channel<ExportResult>().input(
    z
      .object({
        suggestedName: z.string().regex(/^[\w.-]{1,120}\.png$/),
        dataUrl: z.string().startsWith('data:image/png;base64,').max(30_000_000),
      })
      .strict(),
  ),
  /**
   * A register's calendar year as the load profile E-Control's Tarifkalkulator and PV/battery design
   * tools import (35 040 values, decimal comma), saved where the person chooses.
   */
  'export:loadProfile': channel<ExportResult>().input(
    z
      .object({
        meterId: id,
        obisCode: z.string().min(1).max(64),
        year: z.number().int().min(2000).max(2100),
      })
      .strict(),
  ),
  'notes:list': channel<NoteView[]>().input(
    z.object({ meterId: id, fromSec: sec.optional(), toSec: sec.optional() }).strict(),
  ),
  'notes:add': channel<NoteView>().input(
    z
      .object({
        meterId: id,
        fromSec: sec.nullable(),
        toSec: sec.nullable(),
        text: z.string().trim().min(1).max(500),
      })
      .strict()
      .refine(
        (v) => (v.fromSec === null) === (v.toSec === null) && (v.fromSec === null || v.toSec! > v.fromSec),
        {
          message: 'a note is on the whole meter, or on a span whose end is after its start',
        },
      ),
  ),
  'notes:edit': channel<NoteView>().input(
    z
      .object({
        id: z.number().int().positive(),
        version: z.number().int().positive(),
        text: z.string().trim().min(1).max(500),
      })
      .strict(),
  ),
  'notes:remove': channel<{ removed: boolean }>().input(
    z.object({ id: z.number().int().positive(), version: z.number().int().positive().optional() }).strict(),
  ),
  'sync:status': channel<SyncStatus>().input(none),
  'sync:now': channel<{ started: boolean }>().input(none),
  'sync:cancel': channel<{ cancelled: boolean }>().input(none),
  'sync:backfill': channel<{ readings: number; revisions: number; pages: number }>().input(
    z
      .object({ meterId: id, fromSec: sec, toSec: sec })
      .strict()
      .refine((v) => v.toSec > v.fromSec, { message: 'toSec must be after fromSec' }),
  ),
  'export:csv': channel<ExportResult>().input(
    z
      .object({
        meterIds: z.array(id).min(1).max(1000),
        obisCodes: z.array(z.string().min(1).max(64)).min(1).max(20),
        fromSec: sec,
        toSec: sec,
        profile: z.enum(exportProfiles),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec && v.toSec - v.fromSec <= 10 * 366 * 86_400, {
        message: 'the range must be positive and at most 10 years',
      }),
  ),
  ...importChannels,
  ...costChannels,
  ...aheadChannels,
  ...communityChannels,
  ...reportChannels,
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = NonNullable<Channels[C]['output']>;
/** The channel names (from contract-plain.ts, which the preload imports without zod). */
export const channelNames: readonly ChannelName[] = plain.channelNames;

// ---------- results and errors ----------
// ---------- events ----------

export const events = {
  'sync:progress': z.object({
    meterId: z.string().nullable(),
    meterIndex: z.number().int(),
    meterCount: z.number().int(),
    pages: z.number().int(),
    readings: z.number().int(),
    revisions: z.number().int(),
    etaSec: z.number().nullable(),
    done: z.boolean(),
  }),
  'sync:statusChanged': z.object({ state: z.enum(['idle', 'syncing', 'error', 'offline']) }),
  'readings:changed': z.object({ meterIds: z.array(z.string()) }),
  'profiles:changed': z.object({ activeProfileId: z.string() }),
  'app:updateStatus': z.object({
    state: z.enum(['off', 'checking', 'none', 'available', 'downloaded', 'error']),
    version: z.string().nullable(),
    message: z.string().nullable(),
  }),
  'export:progress': z.object({ rows: z.number().int(), totalRows: z.number().int(), done: z.boolean() }),
  /** A workbook being made: its registers read, its sheets, the file written (`write` 1 of 1: done). */
  'workbook:progress': z.object({
    phase: z.enum(['read', 'sheets', 'write']),
    done: z.number().int(),
    of: z.number().int(),
  }),
  /** A report being made: meters done of all, then the pages being laid out. */
  'report:progress': z.object({
    phase: z.enum(['meters', 'layout']),
    done: z.number().int(),
    of: z.number().int(),
  }),
  /** The watch list evaluated after a write found something new or ended something (issue 45). */
  'watch:changed': z.object({ added: z.number().int(), cleared: z.number().int() }),
  /** A team's server holds newer readings than the open team profile's copy (issue 63): how many meters. */
  'team:changed': z.object({ profileId: z.string(), meters: z.number().int() }),
  /** A command from the application menu for the renderer (e.g. File → Import). */
  'app:command': z.object({ command: z.enum(['import']) }),
  ...importEvents,
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
export const eventNames: readonly EventName[] = plain.eventNames;
export { EVENT_CHANNEL, IMPORT_MAX_BYTES } from './contract-plain';

// contract-plain.ts lists exactly these channels and events: compiling fails where the lists differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const plainChannelsMatch: Same<plain.ChannelName, ChannelName> = true;
const plainEventsMatch: Same<plain.EventName, EventName> = true;
void plainChannelsMatch;
void plainEventsMatch;
