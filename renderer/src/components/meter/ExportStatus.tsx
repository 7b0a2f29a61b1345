/**
 * What an export said: the path and rows written, or the error with its details. One box for the
 * meter's CSV export and the analysis views' CSV and PNG exports.
 */
import { useTranslation } from 'react-i18next';

export interface ExportMessage {
  text: string;
  details?: string | null;
  error?: boolean;
}

export function ExportStatus(props: { message: ExportMessage | null; testId: string; small?: boolean }) {
  const { t } = useTranslation();
  const m = props.message;
  if (!m) return null;
  const cls = `${m.error ? 'notice error' : 'notice'}${props.small ? ' small' : ''}`;
  return (
    <div className={cls} role="status" data-testid={props.testId}>
      {m.text}
      {m.details && (
        <details className="error-details">
          <summary>{t('details')}</summary>
          <pre>{m.details}</pre>
        </details>
      )}
    </div>
  );
}
