/**
 * The app shell: header (profile, connect, language, theme), meter list, meter detail, status bar.
 * Subscribes to main's events (sync progress, readings changed, profile changed).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type Theme } from '../store';
import { ConnectDialog } from './ConnectDialog';
import { RegisterDialog } from './RegisterDialog';
import { ProfilesDialog } from './ProfilesDialog';
import { SettingsDialog } from './SettingsDialog';
import { PortfolioPanel } from './PortfolioPanel';
import { CommunityPanel } from './community/CommunityPanel';
import { MeterDetail } from './MeterDetail';
import { MeterList } from './MeterList';
import { StatusBar } from './StatusBar';
import { TokenBanner, TokenDialog } from './TokenDialog';
import { ImportDialog } from './import/ImportDialog';
import { useMainEvents } from './app-events';
import { PlaceNotice } from './PlaceNotice';

export function App() {
  const { t, i18n } = useTranslation();
  const profiles = useApp((s) => s.profiles);
  const language = useApp((s) => s.language);
  const meterNotice = useApp((s) => s.meterNotice);
  const [connectOpen, setConnectOpen] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [importIncoming, setImportIncoming] = useState<{ files: File[]; n: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const importFiles = (files: File[]) => {
    setImportOpen(true);
    if (files.length > 0) setImportIncoming((x) => ({ files, n: (x?.n ?? 0) + 1 }));
  };
  const [fatal, setFatal] = useState<string | null>(null);
  const [update, setUpdate] = useState<{
    state: string;
    version: string | null;
    message: string | null;
  } | null>(null);
  const active = profiles.find((p) => p.isActive);

  useEffect(() => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [language, i18n]);

  useMainEvents(setFatal, () => setImportOpen(true));

  if (fatal) {
    return (
      <main className="fatal" role="alert">
        <h1>Meterdesk</h1>
        <p>{fatal}</p>
      </main>
    );
  }
  return (
    <div
      className={
        active && active.kind === 'account' && active.tokenState !== 'keychain' ? 'app with-banner' : 'app'
      }
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.relatedTarget === null) setDragging(false);
      }}
      onDrop={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(false);
        importFiles([...e.dataTransfer.files]);
      }}
    >
      {dragging && (
        <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
          {t('import_dropOverlay')}
        </div>
      )}
      <a className="skip-link" href="#detail">
        {t('skipToChart')}
      </a>
      <AppHeader
        onConnect={() => setConnectOpen(true)}
        onRegister={() => setRegisterOpen(true)}
        onDialog={setDialog}
        onImport={() => setImportOpen(true)}
      />
      {active && <TokenBanner profile={active} onEnter={() => setDialog('token')} />}
      <div className="body">
        <MeterList />
        <main id="detail" tabIndex={-1}>
          <MeterDetail />
        </main>
      </div>
      {update && (
        <div className="update-notice" role="status" data-testid="update-notice">
          {t(update.state === 'downloaded' ? 'updateDownloaded' : 'updateAvailable', {
            version: update.version ?? '',
          })}
          <button onClick={() => setUpdate(null)} aria-label={t('close')}>
            ×
          </button>
        </div>
      )}
      {meterNotice && (
        <div className="update-notice" role="status" data-testid="meter-notice">
          {meterNotice}{' '}
          <button onClick={() => useApp.getState().meterNoticeShown(null)} aria-label={t('close')}>
            ×
          </button>
        </div>
      )}
      <PlaceNotice />
      <StatusBar />
      {connectOpen && <ConnectDialog onClose={() => setConnectOpen(false)} />}
      {registerOpen && <RegisterDialog onClose={() => setRegisterOpen(false)} />}
      {dialog === 'profiles' && <ProfilesDialog onClose={() => setDialog(null)} />}
      {dialog === 'settings' && <SettingsDialog onClose={() => setDialog(null)} />}
      {dialog === 'portfolio' && <PortfolioPanel onClose={() => setDialog(null)} />}
      {dialog === 'communities' && <CommunityPanel onClose={() => setDialog(null)} />}
      {dialog === 'token' && active && <TokenDialog profile={active} onClose={() => setDialog(null)} />}
      {importOpen && (
        <ImportDialog
          incoming={importIncoming}
          onClose={() => {
            setImportOpen(false);
            setImportIncoming(null);
          }}
        />
      )}
    </div>
  );
}

type DialogName = 'profiles' | 'settings' | 'portfolio' | 'communities' | 'token';

/** The header: profile, connect, register, portfolio, communities, import; the rest behind "More". */
function AppHeader(props: {
  onConnect: () => void;
  onRegister: () => void;
  onDialog: (d: DialogName) => void;
  onImport: () => void;
}) {
  const { t } = useTranslation();
  const profiles = useApp((s) => s.profiles);
  const language = useApp((s) => s.language);
  const theme = useApp((s) => s.theme);
  const [moreOpen, setMoreOpen] = useState(false);
  const active = profiles.find((p) => p.isActive);
  return (
    <header className="app-head">
      <h1>{t('appTitle')}</h1>
      <label className="profile">
        <span className="sr-only">{t('profile')}</span>
        <select
          value={active?.id ?? ''}
          onChange={(e) => void useApp.getState().profileSwitched(e.target.value)}
          data-testid="profile-select"
          aria-label={t('profile')}
        >
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.plan ? ` (${p.plan})` : ''}
            </option>
          ))}
        </select>
      </label>
      <button onClick={props.onConnect} data-testid="connect-account">
        {t('connectAccount')}
      </button>
      {/* A profile without an account registers nothing: it is an import workspace. */}
      {active?.kind !== 'local' && active?.kind !== 'team' && (
        <button onClick={props.onRegister} data-testid="register-meter">
          {t('registerMeter')}
        </button>
      )}
      <button onClick={() => props.onDialog('portfolio')} data-testid="open-portfolio">
        {t('portfolio')}
      </button>
      <button onClick={() => props.onDialog('communities')} data-testid="open-communities">
        {t('communities')}
      </button>
      <button onClick={props.onImport} data-testid="open-import" title="Ctrl+I">
        {t('import_commit')}
      </button>
      {active?.kind === 'demo' && (
        <span className="demo-badge" title={t('demoBanner')}>
          {t('demoBadge')}
        </span>
      )}
      <span className="spacer" />
      {/* Secondary controls: in the header on wide windows, behind "More" on narrow ones. */}
      <button
        className="head-more"
        aria-expanded={moreOpen}
        aria-controls="head-secondary"
        onClick={() => setMoreOpen(!moreOpen)}
        data-testid="head-more"
      >
        ⋯ {t('more')}
      </button>
      <div
        id="head-secondary"
        className={moreOpen ? 'head-secondary open' : 'head-secondary'}
        onKeyDown={(e) => e.key === 'Escape' && setMoreOpen(false)}
      >
        <button
          onClick={() => (props.onDialog('profiles'), setMoreOpen(false))}
          data-testid="manage-profiles"
        >
          {t('profiles')}
        </button>
        <button onClick={() => (props.onDialog('settings'), setMoreOpen(false))} data-testid="open-settings">
          {t('settings')}
        </button>
        <label>
          <span className="sr-only">{t('language')}</span>
          <select
            aria-label={t('language')}
            value={language}
            onChange={(e) => useApp.getState().languageChanged(e.target.value as 'de' | 'en')}
            data-testid="language-select"
          >
            <option value="de">Deutsch</option>
            <option value="en">English</option>
          </select>
        </label>
        <label>
          <span className="sr-only">{t('theme')}</span>
          <select
            aria-label={t('theme')}
            value={theme}
            onChange={(e) => useApp.getState().themeChanged(e.target.value as Theme)}
            data-testid="theme-select"
          >
            <option value="system">{t('theme_system')}</option>
            <option value="light">{t('theme_light')}</option>
            <option value="dark">{t('theme_dark')}</option>
          </select>
        </label>
      </div>
    </header>
  );
}
