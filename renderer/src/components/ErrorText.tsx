/**
 * An error as a person reads it: worded by its code (and reason) in the chosen language, with the
 * core's English sentence and the service's own words only under "Details". Errors that carry no code
 * (a bridge that is missing, a browser failure) show their message.
 */
import { useTranslation } from 'react-i18next';
import type { ContractError } from '../../../preload/contract';
import { ContractCallError } from '../bridge';
import { fmtDateTime, type FormatPrefs } from '../format';

export function contractErrorOf(err: unknown): ContractError | null {
  if (err instanceof ContractCallError) return err.error;
  if (err && typeof err === 'object' && 'code' in err && 'message' in err) return err as ContractError;
  return null;
}

/** A reason's values as words: a direction or commodity code in the UI's language, the rest as given. */
/** Parameters that are words of the core (a direction, a commodity, a kind of thing): said in the UI's language. */
const WORD_PARAMS = new Set(['want', 'commodity', 'kind', 'storedInterval', 'fileInterval']);

function wordsOf(params: Record<string, string | number> | undefined, t: (key: string) => string) {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {}))
    out[k] = WORD_PARAMS.has(k) ? t(`err_word_${String(v)}`) : v;
  return out;
}

/** The worded error and its details (the core's and the service's text), for messages built in code. */
export function errorText(
  err: unknown,
  t: (key: string, o?: Record<string, unknown>) => string,
  prefs: FormatPrefs,
): { text: string; details: string | null } {
  const e = contractErrorOf(err);
  if (!e) return { text: err instanceof Error ? err.message : String(err), details: null };
  const until = e.retryAtSec !== undefined ? fmtDateTime(e.retryAtSec, prefs) : '';
  const base = t(`err_${e.code}`, { until, defaultValue: t('err_internal') });
  // The reason's words in the UI's language, with its values (a tariff's name, a cap) in them.
  const reason = e.reason ? t(`err_reason_${e.reason}`, { ...wordsOf(e.params, t), defaultValue: '' }) : '';
  const details = [e.message, e.serviceText ? `${t('serviceSaid')}: ${e.serviceText}` : '']
    .filter(Boolean)
    .join('\n');
  return { text: reason ? `${base} ${reason}` : base, details: details || null };
}

export function ErrorText({ error, prefs, testId }: { error: unknown; prefs: FormatPrefs; testId?: string }) {
  const { t } = useTranslation();
  const { text, details } = errorText(error, t, prefs);
  return (
    <div className="error" role="alert" data-testid={testId} data-code={contractErrorOf(error)?.code}>
      <span>{text}</span>
      {details && (
        <details className="error-details">
          <summary>{t('details')}</summary>
          <pre>{details}</pre>
        </details>
      )}
    </div>
  );
}
