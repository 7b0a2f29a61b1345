/**
 * The person's meters and places, part of the IPC contract (spread into `channels` in contract.ts):
 * imported meters are the person's (issue 31) — renamed, given a site and customer, merged (previewed
 * first, undone like an import), deleted — and the sites and customers listed, renamed and merged.
 */
import { z } from 'zod';
import { personName } from './person-name';
import { channel } from './channel';
import type { MergePreview, SiteView } from './results-contract';

const none = z.object({}).strict();
const id = z.string().min(1).max(200);

export const placesChannels = {
  /** Imported meters are the person's (issue 31): rename, site and customer, merge, delete. */
  'meters:rename': channel<{ renamed: string }>().input(
    z.object({ meterId: id, label: personName(200) }).strict(),
  ),
  /** What a meter supplies (its standard profile stays in the class), or null: by its yearly energy. */
  'meters:setUsage': channel<{ meterId: string; usageClass: string | null }>().input(
    z
      .object({ meterId: id, usageClass: z.enum(['household', 'business', 'agriculture']).nullable() })
      .strict(),
  ),
  'meters:setSite': channel<{ siteId: string; customerId: string | null }>().input(
    z.union([
      z.object({ meterId: id, siteId: id }).strict(),
      z
        .object({
          meterId: id,
          newSite: z.string().trim().min(1).max(200),
          customerId: id.optional(),
          newCustomer: z.string().trim().min(1).max(200).optional(),
        })
        .strict(),
    ]),
  ),
  /** What `meters:merge` would do with these meters, written nowhere (shown before it is confirmed). */
  'meters:mergePreview': channel<MergePreview>().input(
    z.object({ fromId: id, intoId: id, replace: z.boolean().default(false) }).strict(),
  ),
  /** Merges; logged as an import (`importId`) whose undo puts the merged meter back. */
  'meters:merge': channel<{ moved: number; conflictsKept: number; importId: number }>().input(
    z
      .object({
        fromId: id,
        intoId: id,
        replace: z.boolean().default(false),
        /**
         * The preview the person confirmed: the merge is refused when the meters changed since
         * (`merge_preview_changed`), never done on other data than was shown.
         */
        expected: z
          .object({
            offered: z.number().int().min(0),
            added: z.number().int().min(0),
            conflicts: z.number().int().min(0),
            replaced: z.number().int().min(0),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  /** Deletes an imported meter with all its readings; `confirm` must be true (the UI asks first). */
  'meters:delete': channel<{ readings: number }>().input(
    z.object({ meterId: id, confirm: z.literal(true) }).strict(),
  ),
  'sites:list': channel<SiteView[]>().input(none),
  /** Every customer (`own`: made by Meterdesk, so it can be renamed and merged). */
  'places:customers': channel<{ id: string; name: string; own: boolean }[]>().input(none),
  /** Renames one of the person's own customers or sites (issue 42, item 8). */
  'places:rename': channel<{ name: string }>().input(
    z.object({ kind: z.enum(['customer', 'site']), id, name: personName(200) }).strict(),
  ),
  /** Merges one of the person's own customers or sites into another: its meters or sites move. */
  'places:merge': channel<{ meters: number; sites: number }>().input(
    z.object({ kind: z.enum(['customer', 'site']), fromId: id, intoId: id }).strict(),
  ),
};
