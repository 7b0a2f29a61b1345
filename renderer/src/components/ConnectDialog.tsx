/**
 * "Connect your account": team base URL (as shown on the token page) and token. The token field is
 * write-only: it goes to the OS keychain and is never read back. Saving is all or nothing: the profile
 * is created together with its token. When the keychain cannot be used, the dialog says what to do and
 * offers the explicit choice to keep the token for this session only.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import { api, unwrap } from '../bridge';
import { usePrefs, useApp } from '../store';
import { contractErrorOf, ErrorText } from './ErrorText';

export function ConnectDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [name, setName] = useState('');
  const [teamUrl, setTeamUrl] = useState('');
  const [token, setToken] = useState('');
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const keychainRefused = contractErrorOf(error)?.code === 'keychain_unavailable';

  const test = async () => {
    setBusy(true);
    setError(null);
    setOk(null);
    try {
      const r = await unwrap(api().profiles.testConnection({ teamUrl: teamUrl.trim(), token: token.trim() }));
      setOk(t('connectionOk', { team: r.team, plan: r.plan ?? t('planUnknown'), count: r.meterCount }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const save = async (tokenStorage: 'keychain' | 'session') => {
    setBusy(true);
    setError(null);
    try {
      const p = await unwrap(
        api().profiles.add({
          name: name.trim() || t('defaultProfileName'),
          teamUrl: teamUrl.trim(),
          token,
          tokenStorage,
        }),
      );
      setToken('');
      await useApp.getState().profileSwitched(p.id);
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const ready = !busy && teamUrl.trim().length > 0 && token.trim().length >= 8;
  return (
    <Modal title={t('connectTitle')} testId="connect-dialog" onClose={onClose}>
      <p className="small muted">{t('connectHelp')}</p>
      <label>
        {t('profileName')}
        <input value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </label>
      <label>
        {t('teamUrl')}
        <input
          value={teamUrl}
          onChange={(e) => setTeamUrl(e.target.value)}
          placeholder="https://…/api/v1/teams/…"
          inputMode="url"
          data-testid="connect-team-url"
        />
      </label>
      <label>
        {t('token')}
        <input
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          data-testid="connect-token"
        />
      </label>
      {ok && (
        <p className="notice" role="status" data-testid="connect-message">
          {ok}
        </p>
      )}
      {error !== null && <ErrorText error={error} prefs={prefs} testId="connect-error" />}
      {keychainRefused && (
        <div className="notice warn" data-testid="session-choice">
          <p className="small">{t('sessionOnlyExplain')}</p>
          <button onClick={() => void save('session')} disabled={!ready} data-testid="keep-for-session">
            {t('keepForSession')}
          </button>
        </div>
      )}
      <div className="modal-actions">
        <button onClick={onClose}>{t('cancel')}</button>
        <button onClick={() => void test()} disabled={!ready}>
          {t('testConnection')}
        </button>
        <button
          className="primary"
          onClick={() => void save('keychain')}
          disabled={!ready}
          data-testid="connect-save"
        >
          {t('save')}
        </button>
      </div>
    </Modal>
  );
}
