/**
 * Enter (again) the token of an existing account profile: into the OS keychain, or, when the keychain
 * refuses, for this session only (the explicit choice, said plainly). The token is write-only.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { useApp, usePrefs } from '../store';
import { contractErrorOf, ErrorText } from './ErrorText';
import { Modal } from './Modal';

export function TokenDialog({ profile, onClose }: { profile: ProfileView; onClose: () => void }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [token, setToken] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const save = async (tokenStorage: 'keychain' | 'session') => {
    setBusy(true);
    setError(null);
    try {
      await unwrap(api().auth.setToken({ profileId: profile.id, token, tokenStorage }));
      setToken('');
      useApp.getState().profilesLoaded(await unwrap(api().profiles.list()));
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const ready = !busy && token.trim().length >= 8;
  return (
    <Modal title={`${t('enterToken')}: ${profile.name}`} testId="token-dialog" onClose={onClose}>
      <label>
        {t('token')}
        <input
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoFocus
        />
      </label>
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {contractErrorOf(error)?.code === 'keychain_unavailable' && (
        <div className="notice warn" data-testid="session-choice">
          <p className="small">{t('sessionOnlyExplain')}</p>
          <button onClick={() => void save('session')} disabled={!ready} data-testid="keep-for-session">
            {t('keepForSession')}
          </button>
        </div>
      )}
      <div className="modal-actions">
        <button onClick={onClose}>{t('cancel')}</button>
        <button className="primary" onClick={() => void save('keychain')} disabled={!ready}>
          {t('save')}
        </button>
      </div>
    </Modal>
  );
}

/** What the active profile's token state means for a person, with the button that fixes it. */
export function TokenBanner({ profile, onEnter }: { profile: ProfileView; onEnter: () => void }) {
  const { t } = useTranslation();
  if (profile.kind !== 'account' || profile.tokenState === 'keychain') return null;
  const key =
    profile.tokenState === 'missing'
      ? 'tokenMissing'
      : profile.tokenState === 'unreadable'
        ? 'tokenUnreadable'
        : 'tokenSession';
  return (
    <div
      className={profile.tokenState === 'session' ? 'banner notice' : 'banner notice warn'}
      role="status"
      data-testid="token-banner"
      data-token-state={profile.tokenState}
    >
      {t(key, { name: profile.name })}{' '}
      {profile.tokenState !== 'session' && (
        <button onClick={onEnter} data-testid="token-banner-enter">
          {t('enterToken')}
        </button>
      )}
    </div>
  );
}
