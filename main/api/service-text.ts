/**
 * Text that came from a service (error messages, validation complaints) before it is shown, printed or
 * stored: the rules module's `cleanText` (common/rules.ts) at the message cap, so a hostile or broken
 * service cannot repaint a terminal, fake instructions across lines, or fill the database with its prose.
 */
import { cleanText, TEXT_CAPS } from '../../common/rules';

export const SERVICE_TEXT_MAX_CHARS = TEXT_CAPS.message;

export function serviceText(text: string, maxChars: number = SERVICE_TEXT_MAX_CHARS): string {
  return cleanText(text, maxChars);
}
