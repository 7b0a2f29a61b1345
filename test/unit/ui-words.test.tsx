// @vitest-environment happy-dom
// How the UI writes figures, times, registers and errors, checked against values computed here (issue
// 19: items 6, 9, 10, 13). Each of these was wrong or missing before.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MeterView, SyncStatus } from '../../preload/contract';
import { ContractCallError } from '../../renderer/src/bridge';
import { fmtDateTime, fmtQuantity, fmtTime, isRepeatedLocalTime } from '../../renderer/src/format';
import { de } from '../../common/i18n/de';
import { en } from '../../common/i18n/en';
import { registerLabel } from '../../renderer/src/registers';
import { meteringPointProblem, normalisedMeteringPoint } from '../../renderer/src/components/RegisterDialog';

const deAT = { locale: 'de-AT', timeZone: 'Europe/Vienna' };
const enGB = { locale: 'en-GB', timeZone: 'Europe/Vienna' };

beforeAll(async () => {
  const { initI18n } = await import('../../renderer/src/i18n');
  initI18n('de');
});
afterEach(cleanup);

describe('the repeated October hour (item 6)', () => {
  // 26 Oct 2025: 02:00 happens twice in Vienna, first in summer time (00:00 UTC), then in winter time.
  const cest = Date.parse('2025-10-26T00:00:00Z') / 1000;
  const cet = Date.parse('2025-10-26T01:00:00Z') / 1000;

  it('marks a local time of the repeated hour with its zone, and no other time', () => {
    expect(isRepeatedLocalTime(cest, 'Europe/Vienna')).toBe(true);
    expect(isRepeatedLocalTime(cet + 45 * 60, 'Europe/Vienna')).toBe(true);
    expect(isRepeatedLocalTime(cest - 900, 'Europe/Vienna')).toBe(false); // 01:45
    expect(isRepeatedLocalTime(cet + 3600, 'Europe/Vienna')).toBe(false); // 03:00
    expect(isRepeatedLocalTime(Date.parse('2025-03-30T01:00:00Z') / 1000, 'Europe/Vienna')).toBe(false);
    const a = fmtDateTime(cest, deAT);
    const b = fmtDateTime(cet, deAT);
    expect(a).not.toBe(b);
    expect(a).toMatch(/02:00 MESZ$/);
    expect(b).toMatch(/02:00 MEZ$/);
    expect(fmtTime(cest, enGB)).toBe('02:00 CEST');
    expect(fmtTime(cet, enGB)).toBe('02:00 CET');
    expect(fmtDateTime(cet + 3600, deAT)).not.toMatch(/MEZ|MESZ/);
  });
});

describe('one formatter with rules per unit (item 13)', () => {
  it('writes each kind of figure with the same decimals everywhere', () => {
    expect(fmtQuantity(0.06, 'kwh', deAT)).toBe('0,060 kWh');
    expect(fmtQuantity(162.429, 'kwhTotal', deAT)).toBe('162,4 kWh');
    expect(fmtQuantity(6040.84, 'kwhTotal', enGB)).toBe('6,040.8 kWh');
    expect(fmtQuantity(1.5, 'kw', deAT)).toBe('1,50 kW');
    expect(fmtQuantity(0.1234, 'percent', deAT).replace(/\s/g, ' ')).toBe('12,3 %');
    expect(fmtQuantity(null, 'kw', deAT)).toBe('–');
    expect(fmtQuantity(2, 'kw', deAT, false)).toBe('2,00');
  });

  it('names registers in plain language beside their code', () => {
    const t = (k: string) => (de as Record<string, string>)[k] ?? k;
    expect(registerLabel('1-1:1.9.0 G.01', t)).toBe('Verbrauch – gesamt (1-1:1.9.0 G.01)');
    expect(registerLabel('1-1:2.9.0 P.01', t)).toBe('Einspeisung – Überschuss ins Netz (1-1:2.9.0 P.01)');
    expect(registerLabel('1-1:1.9.0 P.01', t)).toBe('Verbrauch – Restnetzbezug (1-1:1.9.0 P.01)');
    // A gas meter has one register; a consumption point's G.02 and G.03 are two different things.
    expect(registerLabel('7-1:1.9.0 P.01', t)).toBe('Gas (7-1:1.9.0 P.01)');
    expect(registerLabel('1-1:1.9.0 G.02', t)).toBe(
      'Verbrauch – zugeteilter Anteil der Energiegemeinschaft (1-1:1.9.0 G.02)',
    );
    expect(registerLabel('1-1:1.9.0 G.03', t)).toBe(
      'Verbrauch – Eigendeckung aus der Energiegemeinschaft (1-1:1.9.0 G.03)',
    );
    // A consumer's community registers under the feed-in code: its share and its Eigendeckung (issue 42,
    // item 17), not "Einspeisung" twice.
    expect(registerLabel('1-1:2.9.0 G.02', t)).toBe(
      'Energiegemeinschaft – zugeteilter Anteil (1-1:2.9.0 G.02)',
    );
    expect(registerLabel('1-1:2.9.0 G.03', t)).toBe('Energiegemeinschaft – Eigendeckung (1-1:2.9.0 G.03)');
    expect(registerLabel('1-1:2.9.0 G.03R', t)).toBe(
      'Energiegemeinschaft – Eigendeckung erneuerbar (1-1:2.9.0 G.03R)',
    );
    expect(registerLabel('(unnamed)', t)).toBe('Register ohne Namen');
    expect(registerLabel('X-9:9.9.9', t)).toBe('X-9:9.9.9');
  });

  it('has every string in both languages, with plural forms where a count is shown', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
    expect(en.metersCount_one).toBe('1 meter');
    expect(de.metersCount_one).toBe('1 Zähler');
  });
});

describe('metering point numbers as pasted (item 10)', () => {
  it('leaves out the spaces a bill prints, and still explains what is wrong', () => {
    const printed = 'AT 001000 00000 000000000000000000 42';
    expect(normalisedMeteringPoint(printed)).toBe('AT0010000000000000000000000000042');
    expect(meteringPointProblem(printed)).toBeNull();
    expect(meteringPointProblem(' at0010000000000000000000000000042 ')).toBeNull();
    expect(meteringPointProblem('AT 0010')).toBe('length');
  });
});

describe('errors in the words of the chosen language (item 9)', () => {
  it('words a core error by its code, with the service text only under Details', async () => {
    const { ErrorText } = await import('../../renderer/src/components/ErrorText');
    const err = new ContractCallError({
      code: 'unauthenticated',
      message:
        'The service rejected the API token. Create a new token under Data → API Tokens and enter it again.',
      serviceText: 'Missing or invalid API token.',
    });
    render(<ErrorText error={err} prefs={deAT} testId="e" />);
    const el = screen.getByTestId('e');
    expect(el.querySelector('span')!.textContent).toBe(de.err_unauthenticated);
    expect(el.querySelector('details')!.textContent).toContain(
      'Der Dienst meldet: Missing or invalid API token.',
    );
    expect(el.querySelector('span')!.textContent).not.toMatch(/rejected/);
  });

  it('says until when a rate limit lasts, in local time', async () => {
    const { errorText } = await import('../../renderer/src/components/ErrorText');
    const { default: i18next } = await import('i18next');
    const until = Date.parse('2026-11-20T10:41:00Z') / 1000;
    const r = errorText(
      new ContractCallError({ code: 'rate_limited', message: 'Rate limited …', retryAtSec: until }),
      i18next.t.bind(i18next),
      deAT,
    );
    expect(r.text).toMatch(/bis 20\.11\.2026, 11:41/);
  });
});

describe('the status bar (items 13, 8)', () => {
  const status = (o: Partial<SyncStatus>): SyncStatus => ({
    state: 'idle',
    lastSyncSec: null,
    lastError: null,
    rateLimit: null,
    mqtt: 'off',
    warnings: [],
    meterErrors: [],
    ...o,
  });
  it('says how many requests are left and until when, not "Quota 1137/1200"', async () => {
    const { useApp } = await import('../../renderer/src/store');
    const { StatusBar } = await import('../../renderer/src/components/StatusBar');
    const reset = Date.parse('2026-11-20T10:41:00Z') / 1000;
    useApp.setState({
      sync: status({ rateLimit: { limit: 1200, remaining: 1137, resetSec: reset } }),
      progress: null,
    });
    render(<StatusBar />);
    expect(screen.getByTestId('quota').textContent).toBe('Noch 1137 von 1200 Anfragen bis 11:41');
  });

  it('words the last error by its code', async () => {
    const { useApp } = await import('../../renderer/src/store');
    const { StatusBar } = await import('../../renderer/src/components/StatusBar');
    useApp.setState({
      sync: status({
        state: 'error',
        lastError: {
          code: 'unauthenticated',
          message: 'No API token is stored for "K".',
          reason: 'no_token',
        },
      }),
      progress: null,
    });
    render(<StatusBar />);
    expect(screen.getByTestId('sync-error').textContent).toBe(
      `${de.err_unauthenticated} ${de.err_reason_no_token}`,
    );
  });
});

describe('a profile without a usable token (item 8)', () => {
  const meters: MeterView[] = [];
  it('says so and offers to enter it, instead of claiming the first sync is running', async () => {
    const { useApp } = await import('../../renderer/src/store');
    const { MeterList } = await import('../../renderer/src/components/MeterList');
    const { TokenBanner } = await import('../../renderer/src/components/TokenDialog');
    const profile = {
      id: 'k',
      name: 'Kunde',
      kind: 'account' as const,
      baseUrl: 'https://x',
      team: 't',
      plan: null,
      isActive: true,
      hasToken: false,
      tokenState: 'unreadable' as const,
    };
    useApp.setState({ meters, profiles: [profile] });
    let entered = 0;
    render(
      <>
        <TokenBanner profile={profile} onEnter={() => (entered += 1)} />
        <MeterList />
      </>,
    );
    expect(screen.getByTestId('token-banner').textContent).toContain(
      de.tokenUnreadable.replace('{{name}}', 'Kunde'),
    );
    expect(screen.getByTestId('no-meters').textContent).toBe(de.noMetersNoToken);
    await act(async () => fireEvent.click(screen.getByTestId('token-banner-enter')));
    expect(entered).toBe(1);
  });
});

describe("a sync's errors and its check's findings are codes, worded in the UI's language", () => {
  it('stored per meter as codes (an earlier build’s English kept under Details), shown in German', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openDatabase } = await import('../../main/db/open');
    const { createAccountStore } = await import('../../main/db/account-store');
    const { AppError, toContractError } = await import('../../main/errors');
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-syncwords-')), 'meterdesk.sqlite'));
    const account = createAccountStore(db);
    const meter = (id: string) => ({
      id,
      meteringPoint: `AT00100000000000000000000000000${id}`,
      label: `Zähler ${id}`,
      energyDirection: 'consumption',
      commodity: 'electricity',
      commodityStated: true,
      granularity: 'quarter_hour',
      status: 'connected',
      isDemo: false,
      siteId: null,
      latestDataSec: null,
      createdSec: null,
      consentState: null,
      consentExpiresSec: null,
      raw: {},
    });
    account.saveMeters([meter('01'), meter('02'), meter('03')] as never, 0);
    account.recordError(
      '01',
      toContractError(new AppError('conflict', 'A sync is already running.', { reason: 'sync_running' })),
    );
    const day = 1_793_487_600; // 1.11.2026 00:00 in Vienna
    account.recordWarning('02', [
      {
        kind: 'missing',
        fromSec: day,
        toSec: day + 86_400,
        serviceReadings: 96,
        localReadings: 90,
        fetched: 6,
        message: 'The service has 96 readings for 2026-11-01, the sync had brought 90; the check fetched 6.',
      },
      {
        kind: 'unchecked',
        fromSec: day + 2 * 86_400,
        toSec: day + 7 * 86_400,
        serviceReadings: null,
        localReadings: 400,
        fetched: 0,
        days: 5,
        maxRanges: 30,
        message: '5 incomplete days … were not checked against the service',
      },
    ]);
    // What an earlier build stored: its English sentence.
    db.prepare(
      "UPDATE sync_state SET last_error = 'The service answered with an error (500).' WHERE meter_id = '01'",
    ).run();
    db.prepare(
      "INSERT INTO sync_state (meter_id, cursor, last_sync_sec, last_warning) VALUES ('03', NULL, NULL, 'The service has 5 readings for 2026-10-01.')",
    ).run();
    const views = account.listMeterViews(day + 20 * 86_400);
    const v = (id: string) => views.find((x) => x.id === id)!;
    expect(v('01').syncError).toMatchObject({
      reason: 'earlier_sync_error',
      message: 'The service answered with an error (500).',
    });
    expect(v('02').syncWarning!.map((n) => n.kind)).toEqual(['missing', 'unchecked']);
    expect(v('03').syncWarning).toMatchObject([
      { kind: 'earlier', message: 'The service has 5 readings for 2026-10-01.' },
    ]);
    db.close();

    const { useApp } = await import('../../renderer/src/store');
    const { MeterList } = await import('../../renderer/src/components/MeterList');
    useApp.setState({ meters: views, locale: 'de-AT', timeZone: 'Europe/Vienna' });
    render(<MeterList />);
    const errorTitle = screen.getByTestId('meter-sync-error').getAttribute('title')!;
    expect(errorTitle).toBe(`${de.err_internal} ${de.err_reason_earlier_sync_error}`);
    const [found, earlier] = screen.getAllByTestId('meter-sync-warning').map((e) => e.getAttribute('title')!);
    expect(found).toBe(
      'Der Dienst hat 96 Messwerte für 01.11.2026, die Synchronisierung hatte 90 gebracht; die Prüfung hat 6 nachgeholt.\n' +
        '5 unvollständige Tage in 03.11.2026–07.11.2026 wurden nicht mit dem Dienst abgeglichen (eine Synchronisierung prüft höchstens 30 Bereiche, die neuesten zuerst).',
    );
    expect(found).not.toMatch(/\b(the|sync|service|readings)\b/);
    expect(earlier).toBe(
      de.syncNote_earlier.replace('{{text}}', 'The service has 5 readings for 2026-10-01.'),
    );
  });
});
