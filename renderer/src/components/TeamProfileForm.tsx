/**
 * A team profile added in the app (issue 63): where the team's PostgreSQL server is, its user and
 * password. The server is asked first; the password goes into the OS keychain (or, when the keychain
 * refuses and the person chooses so, this session's memory), never into a file. Nothing is kept when
 * the server or the keychain refuses, and the refusal says why.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDateTime } from '../format';
import { usePrefs } from '../store';
import { contractErrorOf, ErrorText } from './ErrorText';

type Ssl = 'disable' | 'require' | 'verify-full';
const LOCAL = new Set(['127.0.0.1', 'localhost', '::1']);

export function TeamProfileForm({ onAdded }: { onAdded: (p: ProfileView) => Promise<void> }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [f, setF] = useState({ name: '', host: '', port: '5432', database: '', user: '', password: '' });
  // TLS checked by default; off offered, and chosen by default for this computer only.
  const [ssl, setSsl] = useState<Ssl | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const mode: Ssl = ssl ?? (LOCAL.has(f.host.trim()) ? 'disable' : 'verify-full');
  const port = Number(f.port);
  const ready =
    !busy &&
    [f.name, f.host, f.database, f.user, f.password].every((v) => v.trim() !== '') &&
    Number.isInteger(port) &&
    port >= 1 &&
    port <= 65535;
  const add = async (passwordStorage: 'keychain' | 'session') => {
    setBusy(true);
    setError(null);
    try {
      const p = await unwrap(
        api().profiles.addTeam({
          name: f.name,
          host: f.host.trim(),
          port,
          database: f.database.trim(),
          user: f.user.trim(),
          ssl: mode,
          password: f.password,
          passwordStorage,
        }),
      );
      setF({ name: '', host: '', port: '5432', database: '', user: '', password: '' });
      setSsl(null);
      await onAdded(p);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof typeof f, label: string, extra: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input
        value={f[key]}
        onChange={(e) => setF({ ...f, [key]: e.target.value })}
        data-testid={`team-${key}`}
        {...extra}
      />
    </label>
  );
  // Folded by default: most people never add one, and the dialog stays within a small window.
  return (
    <details className="team-profile" data-testid="team-profile-section">
      <summary>{t('addTeamProfile')}</summary>
      <form
        data-testid="team-profile-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void add('keychain');
        }}
      >
        <p className="hint">{t('teamProfileHint')}</p>
        {field('name', t('teamName'), { maxLength: 80 })}
        {field('host', t('teamHost'), { maxLength: 253, placeholder: 'db.example.at' })}
        {field('port', t('teamPort'), { inputMode: 'numeric', maxLength: 5 })}
        {field('database', t('teamDatabase'), { maxLength: 63 })}
        {field('user', t('teamUser'), { maxLength: 63 })}
        {field('password', t('teamPassword'), { type: 'password', autoComplete: 'off', maxLength: 500 })}
        <label>
          {t('teamSsl')}
          <select value={mode} onChange={(e) => setSsl(e.target.value as Ssl)} data-testid="team-ssl">
            {(['verify-full', 'require', 'disable'] as const).map((m) => (
              <option key={m} value={m}>
                {t(`teamSsl_${m}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!ready} data-testid="add-team-profile">
          {t('add')}
        </button>
        {busy && (
          <p className="muted small" role="status" data-testid="team-adding">
            {t('teamAdding')}
          </p>
        )}
        {error !== null && <ErrorText error={error} prefs={prefs} />}
        {contractErrorOf(error)?.code === 'keychain_unavailable' && (
          <div className="notice warn" data-testid="team-session-choice">
            <p className="small">{t('sessionOnlyExplain')}</p>
            <button type="button" onClick={() => void add('session')} disabled={!ready}>
              {t('keepForSession')}
            </button>
          </div>
        )}
      </form>
    </details>
  );
}

/** A team profile's line in the list: its server, the copy the app reads, and why no newer one. */
export function TeamStoreLine({ p }: { p: ProfileView }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const s = p.teamStore;
  if (!s) return null;
  const copy =
    s.copiedSec === null ? t('teamCopyNotYet') : t('teamCopyOf', { time: fmtDateTime(s.copiedSec, prefs) });
  return (
    <span className="muted small" data-testid="team-store">
      {t('teamProfile')} · {s.server} · {copy}
      {s.problem && s.copiedSec !== null && (
        <span className="warn" data-testid="team-copy-problem">
          {' '}
          · {t('teamCopyStale', { time: fmtDateTime(s.copiedSec, prefs) })}{' '}
          <ErrorText error={s.problem} prefs={prefs} />
        </span>
      )}
    </span>
  );
}
