/**
 * One text rule for every name a person gives (issue 61: control and bidi characters were stored raw in
 * bill labels, community and profile names, and the PDF honoured a right-to-left override): the name is
 * cleaned at the contract, the one layer every IPC input passes — escape sequences, control and bidi
 * characters out, spaces folded (common/rules.ts `cleanText`) — and then held to its length. Too long is
 * refused, never cut silently.
 */
import { z } from 'zod';
import { cleanText } from '../common/rules';

/** Any text a person gives, cleaned; the caller holds it to its length (`max`). */
const cleaned = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((s) => cleanText(s, max * 4));

/** A required name of at most `max` characters, cleaned. */
export const personName = (max: number) => cleaned(max).pipe(z.string().min(1).max(max));

/** An optional label of at most `max` characters, cleaned (empty stays empty). */
export const personLabel = (max: number) => cleaned(max).pipe(z.string().max(max));
