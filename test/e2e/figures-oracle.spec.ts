// One result on every surface (issue 41, item 2), the screen's part: the meter view's figures as the
// built page renders them in Chromium (the harness, demo clock 20.11.2026 12:00 UTC), for every demo
// meter with data and four periods (the current month, a past month, the October DST day, the year),
// against an oracle that shares no code with the app: plain SQL on the harness's file, Luxon for local
// days, a filter, a sum and a maximum. The CLI's --json, the PDF and the CSV are held to the same
// oracle in test/integration/figures-differential.test.ts and cross-surface-random.test.ts.
import { DateTime } from 'luxon';
import { expect, harnessDb, test } from './fixtures';

const ZONE = 'Europe/Vienna';
const NOW = Date.parse('2026-11-20T12:00:00Z') / 1000;
const sec = (iso: string) => Math.floor(DateTime.fromISO(iso, { zone: ZONE }).toSeconds());

/** A de-AT number on screen ("1.234,5") as a number, with the step of its last digit. */
function deNumber(text: string): { value: number; step: number } {
  const m = /-?[\d.\u00a0\u202f ]*\d(?:,\d+)?/.exec(text);
  if (!m) throw new Error(`no number in "${text}"`);
  const t = m[0].replace(/[.\u00a0\u202f ]/g, '');
  const decimals = t.includes(',') ? t.split(',')[1]!.length : 0;
  return { value: Number(t.replace(',', '.')), step: 10 ** -decimals };
}

interface Point {
  start: number;
  end: number;
  value: number;
}

/** What the meter view must say for [reqFrom, reqTo), the simple way. */
function oracle(points: Point[], reqFrom: number, reqTo: number) {
  const step = points[0] ? points[0].end - points[0].start : 900;
  // "Now": the start of today, or the end of the latest reading if later; never after now.
  const todayStart = Math.floor(DateTime.fromSeconds(NOW, { zone: ZONE }).startOf('day').toSeconds());
  const lastEnd = points.length ? points[points.length - 1]!.end : 0;
  const horizon = Math.min(NOW, Math.max(todayStart, lastEnd));
  const from = Math.max(reqFrom, points[0]?.start ?? reqFrom);
  const to = Math.max(from, Math.min(reqTo, horizon));
  const inside = points.filter((p) => p.start >= from && p.start < to);
  let peak: Point | null = null;
  for (const p of inside) if (!peak || p.value > peak.value) peak = p;
  const expected = Math.round((to - from) / step);
  return {
    readings: inside.length,
    expected,
    kwh: inside.reduce((a, p) => a + p.value, 0),
    peakKw: peak ? (peak.value * 3600) / step : null,
    peakAt: peak ? DateTime.fromSeconds(peak.start, { zone: ZONE }).toFormat('dd.MM.yyyy, HH:mm') : null,
    completeness: expected > 0 ? (inside.length / expected) * 100 : null,
  };
}

const periods = [
  { name: 'the current month', preset: 'month', date: null, from: '2026-11-01', to: '2026-12-01' },
  { name: 'September', preset: 'month', date: '2026-09-15', from: '2026-09-01', to: '2026-10-01' },
  { name: 'the October DST day', preset: 'day', date: '2026-10-25', from: '2026-10-25', to: '2026-10-26' },
  // The year preset asks for the year up to a day past "now"; the frame clips it to now.
  { name: 'the year', preset: 'year', date: '2026-11-19', from: '2026-01-01', to: null },
] as const;

test('every demo meter’s figures on screen equal the oracle’s, in four periods', async ({
  app,
  page,
  harness,
}) => {
  test.setTimeout(180_000);
  await app.open();
  await app.waitForSynced();
  const db = harnessDb(harness);
  const meters = db
    .prepare(
      `SELECT DISTINCT m.id, coalesce(m.label, m.metering_point) AS label FROM meters m
         JOIN series s ON s.meter_id = m.id JOIN readings r ON r.series_id = s.id ORDER BY m.id`,
    )
    .all() as { id: string; label: string }[];
  expect(meters.length).toBeGreaterThan(3);
  const pointsOf = (meterId: string, obisCode: string) =>
    db
      .prepare(
        `SELECT r.start_sec AS start, r.end_sec AS end, r.value FROM readings r JOIN series s ON s.id = r.series_id
          WHERE s.meter_id = ? AND s.obis_code = ? ORDER BY r.start_sec`,
      )
      .all(meterId, obisCode) as Point[];
  let checked = 0;
  for (const m of meters) {
    await app.openMeter(m.label);
    for (const p of periods) {
      await page.getByTestId(`range-${p.preset}`).click();
      if (p.date) await page.locator('.toolbar input[type=date]').fill(p.date);
      const at = `${m.label} (${m.id}), ${p.name}`;
      await expect(async () => {
        // The chart names what it shows: meter, register and the requested span.
        // `${meterId} ${obisCode} ${fromSec} ${toSec} ${resolution}`; the OBIS code holds a space.
        const words = (await app.chart.getAttribute('data-series'))!.split(' ');
        const [meterId, fromSec, toSec] = [words[0], words.at(-3), words.at(-2)];
        const obisCode = words.slice(1, -3).join(' ');
        const reqTo = p.to === null ? Math.max(NOW, Number(toSec)) : sec(p.to);
        expect([meterId, Number(fromSec), Number(toSec)], `${at}: the span asked for`).toEqual([
          m.id,
          sec(p.from),
          reqTo,
        ]);
        const e = oracle(pointsOf(m.id, obisCode), sec(p.from), reqTo);
        const text = async (id: string) => (await page.getByTestId(id).textContent())!;
        const [received, expected] = (await text('figure-readings'))
          .split(/ von | of /)
          .map((t) => deNumber(t).value);
        expect([received, expected], `${at}: quarter-hours`).toEqual([e.readings, e.expected]);
        const total = deNumber(await text('figure-total'));
        expect(Math.abs(total.value - e.kwh), `${at}: total ${total.value} vs ${e.kwh}`).toBeLessThanOrEqual(
          total.step / 2 + 1e-9,
        );
        const peakText = await text('figure-peak');
        if (e.peakKw === null) expect(peakText, `${at}: no peak`).toMatch(/^–|^—/);
        else {
          const peak = deNumber(peakText);
          expect(
            Math.abs(peak.value - e.peakKw),
            `${at}: peak ${peakText} vs ${e.peakKw}`,
          ).toBeLessThanOrEqual(peak.step / 2 + 1e-9);
          expect(peakText, `${at}: the peak's time`).toContain(e.peakAt!);
        }
        const completeness = await text('figure-completeness');
        if (e.completeness !== null) {
          const c = deNumber(completeness);
          expect(
            Math.abs(c.value - e.completeness),
            `${at}: completeness ${completeness}`,
          ).toBeLessThanOrEqual(c.step / 2 + 1e-9);
        }
      }).toPass({ timeout: 15_000 });
      checked += 1;
    }
  }
  expect(checked).toBe(meters.length * periods.length);
  db.close();
});
