// Messages are codes (issue 41, item 5): a refusal of the core carries a reason and its values, and
// the UI words it in its own language — the English sentence stays under "Details". Real refusals of
// the core (a gas tariff for an electricity meter, peak shaving on gas, a logo of 30 000 × 30 000
// pixels, a file past its cap) pass through the contract's error shape and are rendered in German
// and English; every reason has words in both.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorReasons } from '../../preload/contract';
import { toContractError } from '../../main/errors';
import { createCostService } from '../../main/cost/cost-service';
import { EXAMPLE_TARIFFS } from '../../main/cost/examples';
import { openDatabase } from '../../main/db/open';
import { checkedLogo } from '../../main/doors/png';
import { bytesOfBase64 } from '../../main/doors/file-bytes';
import { systemClock } from '../../main/time/clock';
import { createTariffStore } from '../../main/db/tariff-store';
import { addNote } from '../../main/db/notes';
import { damaged } from '../../main/db/open';
import { createProfileRegistry, DEMO_PROFILE_ID } from '../../main/profiles/registry';
import { errorText } from '../../renderer/src/components/ErrorText';
import { de } from '../../common/i18n/de';
import { en } from '../../common/i18n/en';
import { communityDe } from '../../common/i18n/community-de';
import { communityEn } from '../../common/i18n/community-en';
import { edaNoteCodes } from '../../main/community/eda-notes';
import { noteCodes } from '../../main/import/notes';
import { importDe } from '../../common/i18n/import-de';
import { importEn } from '../../common/i18n/import-en';

const prefs = { locale: 'de-AT', timeZone: 'Europe/Vienna' } as Parameters<typeof errorText>[2];
/** i18next's interpolation, plainly: {{key}} replaced by its value. */
const tOf =
  (words: Record<string, string>) =>
  (key: string, o?: Record<string, unknown>): string =>
    (words[key] ?? String(o?.defaultValue ?? key)).replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
      String(o?.[k]),
    );

const caught = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return toContractError(err);
  }
  throw new Error('no refusal');
};

let refusals: ReturnType<typeof caught>[];
beforeAll(() => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-codes-')), 'meterdesk.sqlite'));
  db.prepare(
    `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
     VALUES ('g', 'AT0010000000000000000000000000099', 'Gas', 'consumption', 'gas', 'quarter_hour', 'connected', NULL, '{}', 0)`,
  ).run();
  const svc = createCostService(db, 'Europe/Vienna', systemClock);
  for (const t of EXAMPLE_TARIFFS.filter((x) => x.energy.type !== 'spot')) svc.store.save(t, 1);
  const q = { meterId: 'g', obisCode: '7-1:1.9.0 P.01', fromSec: 1_750_000_000, toSec: 1_752_000_000 };
  const big = Buffer.alloc(33);
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(big, 0);
  big.writeUInt32BE(30_000, 16);
  big.writeUInt32BE(30_000, 20);
  refusals = [
    caught(() => svc.cost({ ...q, tariffIds: ['beispiel-fixpreis'], shiftPercent: 0 })),
    caught(() => svc.peakShaving({ ...q, capKw: 5, battery: null, tariffId: null })),
    caught(() => checkedLogo(new Uint8Array(big))),
    caught(() => bytesOfBase64('A'.repeat(8 * 1024 * 1024), 2 * 1024 * 1024, 'Das Logo')),
  ];
});

describe('messages are codes', () => {
  it('every reason has words in German and in English', () => {
    for (const r of errorReasons) {
      expect((de as Record<string, string>)[`err_reason_${r}`], r).toBeTruthy();
      expect((en as Record<string, string>)[`err_reason_${r}`], r).toBeTruthy();
    }
  });

  it('every reason names the same values in German and in English', () => {
    const values = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const r of errorReasons) {
      const key = `err_reason_${r}`;
      expect(values((de as Record<string, string>)[key]!), r).toEqual(
        values((en as Record<string, string>)[key]!),
      );
    }
  });

  it('refusals of the stores (an unknown tariff, an empty note) are worded in German, kinds included', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-codes-')), 'meterdesk.sqlite'));
    const tariff = caught(() => createTariffStore(db).get('weg'));
    const note = caught(() => addNote(db, { meterId: 'x', fromSec: null, toSec: null, text: '  ' }, 1));
    expect([tariff.reason, note.reason]).toEqual(['unknown_in_profile', 'note_text_missing']);
    const [t, n] = [tariff, note].map((r) => errorText(r, tOf(de), prefs).text);
    expect(t).toContain('Tarif „weg“ gibt es in diesem Profil nicht');
    expect(n).toContain('Eine Notiz braucht einen Text.');
    for (const g of [t, n]) expect(g).not.toMatch(/\b(is|this|the|tariff|note)\b/);
  });

  it('the profile and its database refuse in German too: damaged file, the demo profile, a profile without account', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-codes-profiles-'));
    const demo = caught(() => createProfileRegistry(dir).remove(DEMO_PROFILE_ID, false));
    const broken = toContractError(damaged('/daten/meterdesk.sqlite', 'row 12 missing from index'));
    expect([demo.reason, broken.reason]).toEqual(['demo_profile_fixed', 'db_damaged']);
    const [d, b] = [demo, broken].map((r) => errorText(r, tOf(de), prefs));
    expect(d!.text).toContain('Das Demo-Profil ist eingebaut');
    expect(b!.text).toContain('Die Datenbank /daten/meterdesk.sqlite ist beschädigt.');
    // The core's English (with SQLite's words) stays under Details.
    expect(b!.details).toContain('row 12 missing from index');
    for (const g of [d!, b!]) expect(g.text).not.toMatch(/\b(is|the|cannot|damaged)\b/);
  });

  it('every import note has words in German and in English, with the same values', () => {
    const values = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const words = (w: Record<string, string>, c: string) => w[`importNote_${c}`];
    for (const c of noteCodes) {
      const deWords = words(importDe as Record<string, string>, c);
      const enWords = words(importEn as Record<string, string>, c);
      expect(deWords, c).toBeTruthy();
      expect(enWords, c).toBeTruthy();
      expect(values(deWords!), c).toEqual(values(enWords!));
    }
  });

  it('every EDA import note has words in German and in English, with the same values', () => {
    for (const c of edaNoteCodes) {
      const deWords = (communityDe as Record<string, string>)[`eda_note_${c}`];
      const enWords = (communityEn as Record<string, string>)[`eda_note_${c}`];
      expect(deWords, c).toBeTruthy();
      expect(enWords, c).toBeTruthy();
      const values = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(values(deWords!), c).toEqual(values(enWords!));
    }
  });

  it("the core's refusals carry a reason and are shown in the UI's language, the English under Details", () => {
    expect(refusals.map((r) => r.reason)).toEqual([
      'tariff_commodity',
      'peak_shaving_electricity',
      'logo_png',
      'too_large',
    ]);
    const german = refusals.map((r) => errorText(r, tOf(de), prefs));
    expect(german[0]!.text).toBe(
      `${de.err_invalid_input} „Beispiel: Fixpreis“ passt nicht: Das ist ein Zähler für Gas; einen Tarif dafür wählen.`,
    );
    expect(german[1]!.text).toContain('das ist ein Gaszähler');
    expect(german[3]!.text).toContain('größer als 2 MB');
    for (const g of german) {
      // No English sentence of the core in the text a person reads; no placeholder left unfilled.
      expect(g.text).not.toMatch(/\b(is|this|the|must|Choose)\b/);
      expect(g.text).not.toContain('{{');
      expect(g.details).toMatch(/[A-Za-z]/); // the core's English stays available under Details
    }
    const english = refusals.map((r) => errorText(r, tOf(en), prefs));
    expect(english[0]!.text).toContain('this is a gas meter');
  });
});
