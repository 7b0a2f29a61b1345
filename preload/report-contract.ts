/**
 * The customer report's part of the IPC contract (spread into `channels` in contract.ts): the periods
 * a report can be made of (from the data), the report itself, and its cancel.
 */
import { z } from 'zod';
import { channel } from './channel';
import { reportSections, type ReportResult } from './results-contract';

const sec = z.number().int().min(0).max(32_503_680_000);
const id = z.string().min(1).max(200);
const none = z.object({}).strict();
const scope = z.object({ kind: z.enum(['meter', 'site', 'customer']), id }).strict();

/**
 * What a report can cover (issue 59): the last twelve complete months the scope's data covers (or
 * the data's own span when it covers no whole month), and the days with data of each calendar month,
 * so a picker offers periods with data and says how much of a chosen one the data covers.
 */
export interface ReportPeriods {
  last12: { fromSec: number; toSec: number; kind: 'months' | 'span' | 'none'; months: number };
  /** `YYYY-MM` with the local days that hold a reading of any of the scope's meters. */
  months: { month: string; days: number }[];
}

export const reportChannels = {
  /** The periods with data of a meter, site or customer (the report dialog's picker). */
  'report:periods': channel<ReportPeriods>().input(z.object({ scope }).strict()),
  /** Stops the report being made (its thread ends; nothing is written): `cancelled` true if one ran. */
  'report:cancel': channel<{ cancelled: boolean }>().input(none),
  /**
   * The customer report (PDF) of a meter, site or customer over a period, saved where the person
   * chooses; the same file `meterdesk report` writes. Progress: `report:progress`.
   */
  'report:pdf': channel<ReportResult>().input(
    z
      .object({
        scope,
        fromSec: sec,
        toSec: sec,
        periodLabel: z.string().min(1).max(40),
        lang: z.enum(['de', 'en']),
        sections: z.array(z.enum(reportSections)).min(1).max(reportSections.length),
        consultant: z.string().max(200).nullable(),
        logoPngBase64: z.string().max(2_800_000).nullable(),
        conclusions: z.string().max(4000).nullable(),
        areaM2: z.number().positive().max(1e7).nullable(),
        persons: z.number().int().positive().max(1e6).nullable(),
        /** An energy community of the profile: the report gains its section. */
        communityId: z
          .string()
          .regex(/^[a-z0-9-]{1,64}$/)
          .nullable()
          .default(null),
        /** The bill ahead under this tariff for each consumption meter (as `analysis:billAhead`). */
        billAhead: z
          .object({
            tariffId: z.string().regex(/^[a-z0-9-]{1,64}$/),
            billingStart: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/),
            payment: z
              .object({ eur: z.number().min(0).max(100_000), perYear: z.number().int().min(1).max(12) })
              .strict()
              .nullable()
              .default(null),
          })
          .strict()
          .nullable()
          .default(null),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec && v.toSec - v.fromSec <= 3 * 366 * 86_400, {
        message: 'the period must be positive and at most 3 years',
      }),
  ),
} as const;
