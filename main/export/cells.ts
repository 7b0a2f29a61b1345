/**
 * Text cells for a spreadsheet. A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * is a formula to Excel (`=HYPERLINK(…)`, `=cmd|' /C calc'!A0`, `+cmd|x`): in the Excel profile such a
 * text from the service (a metering point, a register, a unit, a label, a customer's name) is written
 * with a leading apostrophe, which Excel shows as text and does not display (OWASP's rule for CSV
 * injection). Numbers are written as numbers and never touched; the ISO / RFC 4180 profile is for
 * programs and keeps text exactly as it is, quoted when it starts like a formula. Identifiers (metering
 * points, registers, units) that start so are refused at every door (common/rules.ts).
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export function excelText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
