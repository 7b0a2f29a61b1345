/**
 * An error as a person reads it: worded by its code (and reason) in the chosen language, with the
 * core's English sentence and the service's own words only under "Details". Errors that carry no code
 * (a bridge that is missing, a browser failure) show their message.
 */
import { useTranslation } from 'react-i18next';
import type { ContractError } from '../../../preload/contract';
import { refusalWords } from '../../../common/i18n/words';
import { ContractCallError } from '../bridge';
import { fmtDateTime, type FormatPrefs } from '../format';

export function contractErrorOf(err: unknown): ContractError | null {
  if (err instanceof ContractCallError) return err.error;
  if (err && typeof err === 'object' && 'code' in err && 'message' in err) return err as ContractError;
  return null;
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
  return refusalWords(e, t, until);
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
