/**
 * Register a meter and request consent: the metering point number is checked as you type (spaces, as
 * pasted from a bill, are left out); after the consent request a status view explains that the customer
 * approves in the grid operator's portal, polls the status, offers to send the request again or to
 * withdraw it while it is pending, and celebrates "connected" (the first sync then starts in main).
 */
import { customerShown } from '../../../common/imported-customer';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import type { ConsentStatus, SiteView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDate } from '../format';
import { useApp } from '../store';
import { ErrorText } from './ErrorText';

/** The number as the service wants it: spaces left out, capitals. */
export const normalisedMeteringPoint = (v: string) => v.replace(/\s+/g, '').toUpperCase();

export function meteringPointProblem(v: string): 'empty' | 'prefix' | 'operator' | 'chars' | 'length' | null {
  const s = normalisedMeteringPoint(v);
  if (!s) return 'empty';
  if (!'AT'.startsWith(s.slice(0, 2)) || (s.length >= 2 && !s.startsWith('AT'))) return 'prefix';
  if (!/^\d*$/.test(s.slice(2, 8))) return 'operator';
  if (!/^[0-9A-Z]*$/.test(s.slice(8))) return 'chars';
  if (s.length !== 33) return 'length';
  return null;
}

export function RegisterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useApp((s) => s.locale);
  const timeZone = useApp((s) => s.timeZone);
  const [mp, setMp] = useState('');
  const [direction, setDirection] = useState<'consumption' | 'feed_in'>('consumption');
  const [label, setLabel] = useState('');
  const [siteId, setSiteId] = useState('');
  const [email, setEmail] = useState('');
  const [sites, setSites] = useState<SiteView[]>([]);
  const [status, setStatus] = useState<ConsentStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const problem = meteringPointProblem(mp);

  const language = useApp((st) => st.language);
  useEffect(() => {
    void unwrap(api().sites.list()).then(
      (list) =>
        setSites(
          list.map((x) => ({ ...x, customerName: customerShown(x.customerId, x.customerName, language) })),
        ),
      () => undefined,
    );
  }, [language]);
  // Poll while the customer has not decided yet.
  useEffect(() => {
    if (!status || status.status !== 'pending') return;
    const timer = setInterval(() => {
      void unwrap(api().meters.refreshStatus({ meterId: status.meterId })).then(setStatus, (e: unknown) =>
        setError(e),
      );
    }, 2000);
    return () => clearInterval(timer);
  }, [status]);

  const run = async (fn: () => Promise<ConsentStatus>) => {
    setBusy(true);
    setError(null);
    try {
      setStatus(await fn());
      void useApp.getState().metersRequested();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const register = () =>
    run(() =>
      unwrap(
        api().meters.register({
          meteringPoint: normalisedMeteringPoint(mp),
          energyDirection: direction,
          label: label || undefined,
          siteId: siteId || undefined,
        }),
      ),
    );
  const requestConsent = () =>
    run(() =>
      unwrap(api().meters.requestConsent({ meterId: status!.meterId, customerEmail: email || undefined })),
    );
  const withdraw = () => run(() => unwrap(api().meters.withdrawConsent({ meterId: status!.meterId })));

  return (
    <Modal title={t('registerTitle')} testId="register-dialog" onClose={onClose}>
      {!status && (
        <MeterFields
          value={{ mp, direction, label, siteId }}
          sites={sites}
          onChange={(v) => {
            setMp(v.mp);
            setDirection(v.direction);
            setLabel(v.label);
            setSiteId(v.siteId);
          }}
        />
      )}
      {status && <ConsentState status={status} email={email} onEmail={setEmail} />}
      {error !== null && <ErrorText error={error} prefs={{ locale, timeZone }} testId="register-error" />}
      <div className="modal-actions">
        <button onClick={onClose}>{status ? t('close') : t('cancel')}</button>
        {status?.status === 'pending' && (
          <>
            <button disabled={busy} onClick={() => void withdraw()} data-testid="withdraw-consent">
              {t('withdrawConsent')}
            </button>
            <button disabled={busy} onClick={() => void requestConsent()} data-testid="resend-consent">
              {t('resendConsent')}
            </button>
          </>
        )}
        {!status && (
          <button
            className="primary"
            disabled={busy || problem !== null}
            onClick={() => void register()}
            data-testid="register-submit"
          >
            {t('registerAction')}
          </button>
        )}
        {status && ['registered', 'rejected', 'expired'].includes(status.status) && (
          <button
            className="primary"
            disabled={busy}
            onClick={() => void requestConsent()}
            data-testid="request-consent"
          >
            {t('requestConsent')}
          </button>
        )}
      </div>
    </Modal>
  );
}

interface MeterFieldsValue {
  mp: string;
  direction: 'consumption' | 'feed_in';
  label: string;
  siteId: string;
}

/** The meter's number (checked as typed), its direction, label and site. */
function MeterFields(props: {
  value: MeterFieldsValue;
  sites: SiteView[];
  onChange: (v: MeterFieldsValue) => void;
}) {
  const { t } = useTranslation();
  const { mp, direction, label, siteId } = props.value;
  const { sites } = props;
  const set = (part: Partial<MeterFieldsValue>) => props.onChange({ ...props.value, ...part });
  const problem = meteringPointProblem(mp);
  return (
    <>
      <label>
        {t('meteringPoint')}
        <input
          value={mp}
          onChange={(e) => set({ mp: e.target.value })}
          autoFocus
          maxLength={40}
          className="mono"
          aria-invalid={problem !== null && problem !== 'empty'}
          aria-describedby="mp-hint"
          placeholder="AT0010000000000000000000000000000"
          data-testid="mp-input"
        />
      </label>
      <span
        id="mp-hint"
        className={`small ${problem && problem !== 'empty' ? 'error' : 'muted'}`}
        data-testid="mp-hint"
      >
        {problem ? t(`mp_${problem}`, { count: normalisedMeteringPoint(mp).length }) : t('mp_ok')}
      </span>
      <label>
        {t('filterDirection')}
        <select
          value={direction}
          onChange={(e) => set({ direction: e.target.value as MeterFieldsValue['direction'] })}
        >
          <option value="consumption">{t('direction_consumption')}</option>
          <option value="feed_in">{t('direction_feed_in')}</option>
        </select>
      </label>
      <label>
        {t('label')}
        <input value={label} onChange={(e) => set({ label: e.target.value })} maxLength={200} />
      </label>
      <label>
        {t('site')}
        <select value={siteId} onChange={(e) => set({ siteId: e.target.value })}>
          <option value="">—</option>
          {sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.customerName ? `${s.customerName} · ` : ''}
              {s.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** Where the consent stands, what comes next, and the customer's e-mail where it can be (re)sent. */
function ConsentState(props: { status: ConsentStatus; email: string; onEmail: (email: string) => void }) {
  const { t } = useTranslation();
  const locale = useApp((s) => s.locale);
  const timeZone = useApp((s) => s.timeZone);
  const { status, email } = props;
  const setEmail = props.onEmail;
  return (
    <div className="consent-status" data-testid="consent-status" data-status={status.status}>
      {status.status === 'registered' && <p>{t('consentNext')}</p>}
      {status.status === 'pending' && (
        <>
          <p>
            {t('consentPending', {
              date: status.consentExpiresSec ? fmtDate(status.consentExpiresSec, { locale, timeZone }) : '–',
            })}
          </p>
          <p className="small muted">{t('consentPendingActions')}</p>
        </>
      )}
      {status.status === 'connected' && (
        <p className="celebrate" role="status">
          🎉 {t('consentConnected')}
        </p>
      )}
      {['rejected', 'expired', 'revoked'].includes(status.status) && (
        <p className="error">{t(`statusHint_${status.status}`)}</p>
      )}
      {(status.status === 'registered' || status.status === 'rejected' || status.status === 'expired') && (
        <label>
          {t('customerEmail')}
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
      )}
    </div>
  );
}
