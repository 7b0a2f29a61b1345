/**
 * The customer report (issue 33): a meter, its site or its customer over a year or a month, in German
 * or English, with the consultant's name, logo and conclusions, sections switched on and off; saved as
 * PDF by the core (report:pdf) — the same file `meterdesk report` writes.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView, ReportResult } from '../../../preload/contract';
import { reportSections } from '../../../preload/contract-plain';
import { api, unwrap } from '../bridge';
import { fmtQuantity } from '../format';
import { usePrefs } from '../store';
import { ErrorText } from './ErrorText';
import { Modal } from './Modal';
import { useResult } from './analysis/useResult';
import { aheadRequest, noAhead, ReportAhead, type AheadChoice } from './ReportAhead';
import { LAST_12, PeriodPicker, periodSpan, useReportPeriods } from './ReportPeriod';

const CONSULTANT_KEY = 'meterdesk.report.consultant';

export function ReportDialog({ meter, onClose }: { meter: MeterView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const prefs = usePrefs();
  // The period the data chose by default (LAST_12: the last twelve complete months it covers, or its
  // own span): a report is about finished months the data reaches, never a year it has no data of.
  const [year, setYear] = useState(LAST_12);
  const [month, setMonth] = useState(0); // 0 = the whole year
  const [scope, setScope] = useState<'meter' | 'site' | 'customer'>('meter');
  const scopeId = scope === 'meter' ? meter.id : scope === 'site' ? meter.siteId! : meter.customerId!;
  const periods = useReportPeriods(scope, scopeId);
  const [lang, setLang] = useState<'de' | 'en'>(i18n.language === 'en' ? 'en' : 'de');
  const [sections, setSections] = useState<string[]>([...reportSections]);
  const [consultant, setConsultant] = useState(() => localStorage.getItem(CONSULTANT_KEY) ?? '');
  const [conclusions, setConclusions] = useState('');
  const [area, setArea] = useState('');
  const [persons, setPersons] = useState('');
  const [communityId, setCommunityId] = useState('');
  const [ahead, setAhead] = useState<AheadChoice>(noAhead);
  const [logo, setLogo] = useState<{ name: string; base64: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<ReportResult | null>(null);

  const save = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    localStorage.setItem(CONSULTANT_KEY, consultant);
    const { fromSec, toSec, label } = periodSpan(year, month, periods?.last12 ?? null, prefs.timeZone);
    const id = scopeId;
    try {
      setDone(
        await unwrap(
          api().report.pdf({
            scope: { kind: scope, id },
            fromSec,
            toSec,
            periodLabel: label,
            lang,
            sections: sections as (typeof reportSections)[number][],
            consultant: consultant.trim() || null,
            logoPngBase64: logo?.base64 ?? null,
            conclusions: conclusions.trim() || null,
            areaM2: Number(area) > 0 ? Number(area) : null,
            persons: Number(persons) > 0 ? Math.round(Number(persons)) : null,
            communityId: communityId || null,
            billAhead: aheadRequest(ahead),
          }),
        ),
      );
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('report_title')} testId="report-dialog" onClose={onClose} wide>
      <div className="form-grid">
        <label htmlFor="report-scope">{t('report_scope')}</label>
        <ScopeSelect meter={meter} scope={scope} onChange={setScope} />
        <label htmlFor="report-year">{t('report_period')}</label>
        <PeriodPicker periods={periods} year={year} month={month} onYear={setYear} onMonth={setMonth} />
        <label htmlFor="report-lang">{t('report_language')}</label>
        <select id="report-lang" value={lang} onChange={(e) => setLang(e.target.value as 'de' | 'en')}>
          <option value="de">Deutsch</option>
          <option value="en">English</option>
        </select>
        <label htmlFor="report-consultant">{t('report_consultant')}</label>
        <input
          id="report-consultant"
          value={consultant}
          maxLength={200}
          onChange={(e) => setConsultant(e.target.value)}
          data-testid="report-consultant"
        />
        <LogoInput onLogo={setLogo} onError={setError} />
        <Indicators area={area} persons={persons} onArea={setArea} onPersons={setPersons} />
        <CommunitySelect value={communityId} onChange={setCommunityId} />
        <ReportAhead value={ahead} onChange={setAhead} />
        <label htmlFor="report-conclusions">{t('report_conclusions')}</label>
        <textarea
          id="report-conclusions"
          rows={4}
          maxLength={4000}
          value={conclusions}
          onChange={(e) => setConclusions(e.target.value)}
          data-testid="report-conclusions"
        />
      </div>
      <SectionsPicker sections={sections} onChange={setSections} />
      {busy && <ReportProgress />}
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {done && (
        <p className="ok" role="status" data-testid="report-done">
          {t('report_done', { path: done.path, pages: done.pages, meters: done.meters })}
        </p>
      )}
      <div className="modal-actions">
        <button onClick={onClose}>{t('close')}</button>
        <button
          className="primary"
          onClick={() => void save()}
          disabled={busy || sections.length === 0 || !periods || periods.months.length === 0}
          data-testid="report-save"
        >
          {t('report_save')}
        </button>
      </div>
    </Modal>
  );
}

type Scope = 'meter' | 'site' | 'customer';

/** The consultant's logo: a PNG of at most 2 MB, read as base64 (the core checks it again). */
function LogoInput(props: {
  onLogo: (logo: { name: string; base64: string } | null) => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor="report-logo">{t('report_logo')}</label>
      <input
        id="report-logo"
        type="file"
        accept="image/png"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return props.onLogo(null);
          if (file.size > 2 * 1024 * 1024) return props.onError(new Error(t('report_logoTooLarge')));
          void base64Of(file).then((base64) => props.onLogo({ name: file.name, base64 }));
        }}
      />
    </>
  );
}

/** The floor area and the persons, for kWh per m² and per person (empty: left out). */
function Indicators(props: {
  area: string;
  persons: string;
  onArea: (v: string) => void;
  onPersons: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor="report-area">{t('report_indicators')}</label>
      <span>
        <input
          id="report-area"
          type="number"
          min={0}
          placeholder="m²"
          value={props.area}
          onChange={(e) => props.onArea(e.target.value)}
          style={{ width: '7em' }}
        />{' '}
        <input
          aria-label={t('report_persons')}
          type="number"
          min={0}
          placeholder={t('report_persons')}
          value={props.persons}
          onChange={(e) => props.onPersons(e.target.value)}
          // Wide enough for "Personen" beside the number field's spinner (issue 64: "Personer").
          style={{ width: '9em' }}
        />
      </span>
    </>
  );
}

/** While a report is made: meters done of all, then the layout; and a button that stops it. */
function ReportProgress() {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [p, setP] = useState<{ phase: 'meters' | 'layout'; done: number; of: number } | null>(null);
  useEffect(() => api().on('report:progress', setP), []);
  const n = (v: number) => fmtQuantity(v, 'count', prefs);
  return (
    <p className="small" role="status" data-testid="report-progress">
      {p === null
        ? t('report_busy')
        : p.phase === 'meters'
          ? t('report_progressMeters', { done: n(p.done), of: n(p.of) })
          : t('report_progressLayout', { of: n(p.of) })}{' '}
      <button onClick={() => void api().report.cancel()} data-testid="report-cancel">
        {t('cancel')}
      </button>
    </p>
  );
}

/** What the report covers: the meter, its site or its customer. */
function ScopeSelect(props: { meter: MeterView; scope: Scope; onChange: (s: Scope) => void }) {
  const { t } = useTranslation();
  const { meter, scope } = props;
  const setScope = props.onChange;
  return (
    <select
      id="report-scope"
      value={scope}
      onChange={(e) => setScope(e.target.value as 'meter' | 'site' | 'customer')}
      data-testid="report-scope"
    >
      <option value="meter">
        {t('report_scopeMeter')}: {meter.label ?? meter.meteringPoint}
      </option>
      {meter.siteId && (
        <option value="site">
          {t('report_scopeSite')}: {meter.siteName ?? meter.siteId}
        </option>
      )}
      {meter.customerId && (
        <option value="customer">
          {t('report_scopeCustomer')}: {meter.customerName ?? meter.customerId}
        </option>
      )}
    </select>
  );
}

/** The sections switched on, in the report's order. */
function SectionsPicker(props: { sections: string[]; onChange: (f: (x: string[]) => string[]) => void }) {
  const { t } = useTranslation();
  const { sections } = props;
  const setSections = props.onChange;
  return (
    <fieldset className="small">
      <legend>{t('report_sections')}</legend>
      {reportSections.map((s) => (
        <label key={s} className="inline">
          <input
            type="checkbox"
            checked={sections.includes(s)}
            onChange={(e) =>
              setSections((x) =>
                e.target.checked
                  ? reportSections.filter((k) => k === s || x.includes(k))
                  : x.filter((k) => k !== s),
              )
            }
            data-testid={`report-section-${s}`}
          />{' '}
          {t(`report_section_${s}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** A picked file's bytes as base64 (the logo travels over IPC as text; main checks it is a PNG). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]!);
  return btoa(bin);
}

/** An energy community of the profile whose page the report gains (shown only when there is one). */
function CommunitySelect(props: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const communities = useResult(() => api().community.list(), []);
  if ((communities.data ?? []).length === 0) return null;
  return (
    <>
      <label htmlFor="report-community">{t('report_community')}</label>
      <select
        id="report-community"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid="report-community"
      >
        <option value="">{t('report_communityNone')}</option>
        {(communities.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </>
  );
}
