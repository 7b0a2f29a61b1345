/**
 * The door for text a person types that ends up in a file (a consultant's name, a report's
 * conclusions and period label, names of series, communities and members): the input rules of
 * common/rules.ts — no escape sequences, no control or bidi characters (a right-to-left override
 * turns "Rechnung.pdf" around in a PDF viewer), a cap — applied in the model that every surface
 * (app, CLI) passes, so no door can skip them.
 */
import { cleanText, TEXT_CAPS } from '../../common/rules';

/** One line: a name, a label. Empty after cleaning is null. */
export function personLine(
  text: string | null | undefined,
  maxChars: number = TEXT_CAPS.label,
): string | null {
  if (text == null) return null;
  return cleanText(text, maxChars) || null;
}

/** Several lines (conclusions): each line cleaned, line breaks kept, blank runs folded, capped. */
export function personNotes(
  text: string | null | undefined,
  maxChars: number = TEXT_CAPS.note,
): string | null {
  if (text == null) return null;
  const lines = text
    .slice(0, maxChars * 4)
    .split(/\r\n|\r|\n/)
    .map((l) => cleanText(l, maxChars));
  const joined = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!joined) return null;
  return joined.length <= maxChars ? joined : `${joined.slice(0, maxChars - 1)}…`;
}
