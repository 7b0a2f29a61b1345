/**
 * What an EDA report's import tells the person, as codes with their values (issue 41: messages are
 * codes): the app words them in German or English (`eda_note_<code>`), the CLI and `--json` print
 * `edaNoteText`, the English wording.
 */
export type EdaNote =
  | { code: 'mp_refused'; params: { column: number } }
  | { code: 'direction_unknown'; params: { column: number; meteringPoint: string; direction: string } }
  | { code: 'second_column'; params: { column: number; meteringPoint: string; obis: string } }
  | { code: 'metercodes_unknown'; params: { codes: string } }
  | { code: 'utc_grid'; params: Record<string, never> }
  | { code: 'no_summary'; params: Record<string, never> }
  | { code: 'no_values'; params: { meteringPoint: string } }
  | { code: 'key_assumed'; params: Record<string, never> }
  | { code: 'kept'; params: { count: number } }
  | { code: 'rule_broken'; params: { label: string; count: number; rule: string; firstSec: number } }
  | { code: 'g03_without_use'; params: { label: string; count: number; days: string } }
  | {
      code: 'summary_differs';
      params: {
        figures: number;
        meteringPoint: string;
        quantity: string;
        reportKwh: number;
        quarterHoursKwh: number;
      };
    };

/** Every note's code (the UI has words for each in German and English: messages-codes.test). */
export const edaNoteCodes = [
  'mp_refused',
  'direction_unknown',
  'second_column',
  'metercodes_unknown',
  'utc_grid',
  'no_summary',
  'no_values',
  'key_assumed',
  'kept',
  'rule_broken',
  'g03_without_use',
  'summary_differs',
] as const satisfies readonly EdaNote['code'][];

const LOCAL = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** An instant as Austrian local time (the notes' words; the UI formats `firstSec` its own way). */
const localTime = (sec: number) => LOCAL.format(new Date(sec * 1000));

/** The English wording of a note (CLI, logs, the contract's `notes`). */
export function edaNoteText(n: EdaNote): string {
  switch (n.code) {
    case 'mp_refused':
      return `Column ${n.params.column}: its metering point is not one (a formula, control characters or too long); left out.`;
    case 'direction_unknown':
      return `Column ${n.params.column} (${n.params.meteringPoint}) has the energy direction "${n.params.direction}"; left out.`;
    case 'second_column':
      return `${n.params.meteringPoint}: a second column of ${n.params.obis} (column ${n.params.column}) is left out.`;
    case 'metercodes_unknown':
      return `Metercodes not read: ${n.params.codes}.`;
    case 'utc_grid':
      return "The report's times are read as a fixed UTC+1 grid (the portal writes 96 rows on the March change day), not Austrian wall-clock time.";
    case 'no_summary':
      return 'The report has no summary sheet: only the quarter-hours are compared.';
    case 'no_values':
      return `${n.params.meteringPoint}: no values in the report; not added.`;
    case 'key_assumed':
      return 'The report names neither participation factors nor the key: 100 % and the dynamic key are assumed; change them in the community.';
    case 'kept':
      return `${n.params.count} quarter-hours already stored with another value were kept (as every import does).`;
    case 'rule_broken':
      return `${n.params.label}: ${n.params.count} quarter-hour(s) break ${n.params.rule} (first ${localTime(n.params.firstSec)}).`;
    case 'g03_without_use':
      return `${n.params.label}: ${n.params.count} quarter-hour(s) hold Eigendeckung (G.03) where consumption and allocation (G.01, G.02) are 0, on ${n.params.days}.`;
    case 'summary_differs':
      return `The report's summary differs from its own quarter-hours in ${n.params.figures} figure(s): ${n.params.meteringPoint} ${n.params.quantity}, the summary ${n.params.reportKwh} kWh, the quarter-hours ${n.params.quarterHoursKwh} kWh.`;
  }
}
