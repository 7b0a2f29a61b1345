/**
 * "Connect your account": team base URL (as shown on the token page) and token. The token field is
 * write-only: it goes to the OS keychain through auth:setToken and is never read back.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import { api, unwrap } from '../bridge';
import { useApp } from '../store';

export function ConnectDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [teamUrl, setTeamUrl] = useState('');
  const [token, setToken] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const test = async () => {
    setBusy(true);
    try {
      const r = await unwrap(api().profiles.testConnection({ teamUrl, token }));
      setMessage({
        kind: 'ok',
        text: t('connectionOk', { team: r.team, plan: r.plan ?? t('planUnknown'), count: r.meterCount }),
      });
    } catch (err) {
      setMessage({ kind: 'error', text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    setBusy(true);
    try {
      const p = await unwrap(api().profiles.add({ name: name || 'Konto', teamUrl }));
      await unwrap(api().auth.setToken({ profileId: p.id, token }));
      setToken('');
      await useApp.getState().profileSwitched(p.id);
      onClose();
    } catch (err) {
      setMessage({ kind: 'error', text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
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
        />
      </label>
      <label>
        {t('token')}
        <input type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
      </label>
      {message && (
        <p
          className={message.kind === 'ok' ? 'notice' : 'error'}
          role={message.kind === 'ok' ? 'status' : 'alert'}
          data-testid="connect-message"
        >
          {message.text}
        </p>
      )}
      <div className="modal-actions">
        <button onClick={onClose}>{t('cancel')}</button>
        <button onClick={() => void test()} disabled={busy || !teamUrl || token.length < 8}>
          {t('testConnection')}
        </button>
        <button
          className="primary"
          onClick={() => void save()}
          disabled={busy || !teamUrl || token.length < 8}
        >
          {t('save')}
        </button>
      </div>
    </Modal>
  );
}
