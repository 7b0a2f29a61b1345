// Response normalisation across the real-world variants, and the helpers of the API client.
import { describe, expect, it } from 'vitest';
import { feedSchema, meterListSchema, windowSchema } from '../../main/api/schemas';
import { parseRetryAfter, splitTeamUrl } from '../../main/api/client';

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
    const f = feedSchema.parse({
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
    expect(f.readings[0]).toMatchObject({
      startSec: Date.parse('2024-12-31T23:00:00Z') / 1000,
      quality: 2,
      updatedSec: Date.parse('2025-01-02T05:00:00Z') / 1000,
      unit: 'kWh',
    });
    expect(f.readings[1]).toMatchObject({
      quality: 3,
      updatedSec: null,
      obisCode: '(unnamed)',
      endSec: f.readings[1]!.startSec + 900,
    });
    expect(f.nextCursor).toBeNull();
  });

  it('reads the data_window envelope and the documented meta form alike', () => {
    const a = windowSchema.parse({ object: 'data_window', data: [], is_truncated: true, next_cursor: 'abc' });
    const b = windowSchema.parse({
      data: [],
      meta: { is_truncated: true, next_cursor: 'abc', data_completeness: 1 },
    });
    expect(a).toMatchObject({ isTruncated: true, nextCursor: 'abc' });
    expect(b).toMatchObject({ isTruncated: true, nextCursor: 'abc', completeness: 1 });
  });

  it('rejects readings that are not readings', () => {
    expect(() => feedSchema.parse({ data: [{ timestamp: 'soon', value: 1 }] })).toThrow();
    expect(() =>
      feedSchema.parse({ data: [{ timestamp: '2025-01-01T00:00:00Z', value: 'lots' }] }),
    ).toThrow();
    expect(() =>
      feedSchema.parse({ data: [{ timestamp: '2025-01-01T00:00:00Z', value: 1, quality: 'great' }] }),
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

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('7')).toBe(7);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('garbage')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
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
