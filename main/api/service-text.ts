/**
 * Text that came from a service (error messages, validation complaints) before it is shown, printed or
 * stored: terminal escape sequences and other control characters are removed, whitespace is folded
 * and the result is cut to `maxChars`, so a hostile or broken service cannot repaint a terminal, fake
 * instructions across lines, or fill the database with its prose.
 */
export const SERVICE_TEXT_MAX_CHARS = 300;

// ESC sequences (CSI, OSC, two-character), then any other C0/C1 control and bidi override characters.
// Control characters are what these patterns exist to match.
/* eslint-disable no-control-regex */
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-_])/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

export function serviceText(text: string, maxChars = SERVICE_TEXT_MAX_CHARS): string {
  const clean = text.replace(ANSI, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return clean.length <= maxChars ? clean : `${clean.slice(0, maxChars - 1)}…`;
}
