/**
 * Profiles: switch, rename, remove. Removing deletes the token from the keychain and, only after an
 * explicit confirmation, the profile's local data.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import type { BackupManifest, ProfileView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtQuantity } from '../format';
import { useApp, usePrefs } from '../store';
import { ErrorText } from './ErrorText';
import { TeamProfileForm, TeamStoreLine } from './TeamProfileForm';
import { TokenDialog } from './TokenDialog';

export function ProfilesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const profiles = useApp((s) => s.profiles);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<{ id: string; deleteData: boolean } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tokenFor, setTokenFor] = useState<string | null>(null);
  const [localName, setLocalName] = useState('');
  const prefs = usePrefs();
  const refresh = async () => useApp.getState().profilesLoaded(await unwrap(api().profiles.list()));
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      await refresh();
    } catch (e) {
      setError(e);
    }
  };
  return (
    <Modal title={t('profiles')} testId="profiles-dialog" onClose={onClose}>
      <ul className="profile-list">
        {profiles.map((p) => (
          <ProfileRow
            key={p.id}
            p={p}
            editing={editing}
            onEditing={setEditing}
            onRemove={() => setRemoving({ id: p.id, deleteData: false })}
            onToken={() => setTokenFor(p.id)}
            act={act}
          />
        ))}
      </ul>
      {removing && (
        <ConfirmRemove
          removing={removing}
          name={profiles.find((p) => p.id === removing.id)?.name ?? ''}
          onChange={setRemoving}
          act={act}
        />
      )}
      <form
        className="local-profile"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const p = await unwrap(api().profiles.addLocal({ name: localName }));
            setLocalName('');
            await useApp.getState().profileSwitched(p.id);
          });
        }}
      >
        <label>
          {t('addLocalProfile')}
          <input
            value={localName}
            maxLength={80}
            placeholder={t('localProfileName')}
            onChange={(e) => setLocalName(e.target.value)}
            data-testid="local-profile-name"
          />
        </label>
        <button type="submit" disabled={localName.trim() === ''} data-testid="add-local-profile">
          {t('add')}
        </button>
        <p className="hint">{t('localProfileHint')}</p>
      </form>
      <TeamProfileForm onAdded={(p) => act(() => useApp.getState().profileSwitched(p.id))} />
      <BackupSection act={act} />
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {tokenFor && profiles.some((p) => p.id === tokenFor) && (
        <TokenDialog profile={profiles.find((p) => p.id === tokenFor)!} onClose={() => setTokenFor(null)} />
      )}
      <div className="modal-actions">
        <button onClick={onClose}>{t('close')}</button>
      </div>
    </Modal>
  );
}

/** One profile in the list: its name (or the rename form), what it is, and its actions. */
function ProfileRow(props: {
  p: ProfileView;
  editing: { id: string; name: string } | null;
  onEditing: (e: { id: string; name: string } | null) => void;
  onRemove: () => void;
  onToken: () => void;
  act: (fn: () => Promise<unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { p, editing, onEditing, onRemove, onToken, act } = props;
  return (
    <li data-testid="profile-row">
      {editing?.id === p.id ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => unwrap(api().profiles.rename({ profileId: p.id, name: editing.name }))).then(() =>
              onEditing(null),
            );
          }}
        >
          <input
            aria-label={t('profileName')}
            value={editing.name}
            onChange={(e) => onEditing({ id: p.id, name: e.target.value })}
            autoFocus
          />
          <button type="submit">{t('save')}</button>
        </form>
      ) : (
        <span>
          <strong>{p.name}</strong>{' '}
          {p.kind === 'team' ? (
            <TeamStoreLine p={p} />
          ) : (
            <span className="muted small">
              {p.kind === 'demo'
                ? t('demoBanner')
                : p.kind === 'local'
                  ? t('localProfile')
                  : `${p.team} · ${p.plan ?? t('planUnknown')}`}
            </span>
          )}
          {p.isActive && <span className="small"> · {t('active')}</span>}
          {p.kind === 'account' && p.tokenState !== 'keychain' && (
            <span className="small warn" data-testid="profile-token-state">
              {' '}
              · {t(`tokenState_${p.tokenState}`)}
            </span>
          )}
        </span>
      )}
      <span className="row-actions">
        {!p.isActive && (
          <button onClick={() => void act(() => useApp.getState().profileSwitched(p.id))}>
            {t('switchTo')}
          </button>
        )}
        {p.isActive && p.kind === 'team' && (
          <button
            onClick={() => void act(() => useApp.getState().profileSwitched(p.id, true))}
            data-testid="team-reload"
          >
            {t('teamReload')}
          </button>
        )}
        {p.kind === 'account' && (
          <button onClick={onToken} data-testid="profile-token">
            {t('enterToken')}
          </button>
        )}
        {p.kind !== 'demo' && (
          <button onClick={() => onEditing({ id: p.id, name: p.name })}>{t('rename')}</button>
        )}
        {p.kind !== 'demo' && (
          <button onClick={onRemove} data-testid="profile-remove">
            {t('remove')}
          </button>
        )}
      </span>
    </li>
  );
}

/**
 * A profile as one file and back: the active profile saved as a backup, a backup restored as a new
 * profile (never over one). Each says what the file holds, in numbers.
 */
function BackupSection({ act }: { act: (fn: () => Promise<unknown>) => Promise<void> }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [done, setDone] = useState<string | null>(null);
  const holds = (m: BackupManifest) =>
    t('backupHolds', {
      meters: fmtQuantity(m.meters, 'count', prefs),
      readings: fmtQuantity(m.readings, 'count', prefs),
      notes: fmtQuantity(m.notes, 'count', prefs),
      tariffs: fmtQuantity(m.tariffs, 'count', prefs),
      communities: fmtQuantity(m.communities, 'count', prefs),
      imports: fmtQuantity(m.imports, 'count', prefs),
    });
  return (
    <section className="profile-backup" data-testid="profile-backup">
      <h3>{t('backupTitle')}</h3>
      <p className="hint">{t('backupHint')}</p>
      <button
        data-testid="backup-profile"
        onClick={() =>
          void act(async () => {
            setDone(null);
            const r = await unwrap(api().profiles.backup());
            setDone(`${t('backupSaved', { path: r.path })} ${holds(r.manifest)}`);
          })
        }
      >
        {t('backupSave')}
      </button>{' '}
      <button
        data-testid="restore-profile"
        onClick={() =>
          void act(async () => {
            setDone(null);
            const r = await unwrap(api().profiles.restore({}));
            const account = r.manifest.account
              ? ` ${t('backupAccount', { team: r.manifest.account.team })}`
              : '';
            setDone(`${t('backupRestored', { name: r.profile.name })} ${holds(r.manifest)}${account}`);
          })
        }
      >
        {t('backupRestore')}
      </button>
      {done && (
        <p role="status" className="small notice" data-testid="backup-done">
          {done}
        </p>
      )}
    </section>
  );
}

/** The removal's confirmation: the token always goes; the local data only when ticked. */
function ConfirmRemove(props: {
  removing: { id: string; deleteData: boolean };
  name: string;
  onChange: (r: { id: string; deleteData: boolean } | null) => void;
  act: (fn: () => Promise<unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { removing, name, onChange, act } = props;
  return (
    <div className="confirm" role="alertdialog" aria-labelledby="confirm-remove">
      <p id="confirm-remove">{t('confirmRemove', { name })}</p>
      <label className="inline">
        <input
          type="checkbox"
          checked={removing.deleteData}
          onChange={(e) => onChange({ ...removing, deleteData: e.target.checked })}
        />{' '}
        {t('deleteLocalData')}
      </label>
      <div className="modal-actions">
        <button onClick={() => onChange(null)}>{t('cancel')}</button>
        <button
          className="primary"
          data-testid="confirm-remove"
          onClick={() =>
            void act(async () => {
              await unwrap(
                api().profiles.remove({ profileId: removing.id, deleteLocalData: removing.deleteData }),
              );
              onChange(null);
              await useApp.getState().metersRequested();
            })
          }
        >
          {t('remove')}
        </button>
      </div>
    </div>
  );
}
