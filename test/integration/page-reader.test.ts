// The page reader (main/api/page-reader.ts) against the general way (JSON.parse and the zod schemas): on
// the pages every contract generation of the demo service sends over HTTP, on the variants the service
// is known to use, and on thousands of mutated pages, whatever the page reader accepts must read to
// exactly what the general way reads; what it cannot read it leaves (null) to the general way.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../main/api/client';
import { pageFromBytes } from '../../main/api/pages';
import { pageSchema, type ApiPage } from '../../main/api/schemas';
import { generations } from '../../main/demo/generations';
import { demo } from './helpers';

/** The general way: JSON.parse and the page schema; null when it refuses the page. */
function general(bytes: Buffer): ApiPage | null {
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = pageSchema.safeParse(body ?? {});
  return parsed.success ? parsed.data : null;
}

/** Checks one page: what the page reader reads, the general way reads the same. Returns whether it read it. */
function agree(bytes: Buffer): boolean {
  const fast = pageFromBytes(bytes);
  if (fast === null) return false;
  const slow = general(bytes);
  if (slow === null) throw new Error(`the page reader took a page the general way refuses: ${bytes}`);
  // Each reading as an object: the two ways' columns may differ in room and in their registers' order.
  const rows = (p: ApiPage) => ({ ...p, readings: p.readings.rows() });
  expect(rows(fast)).toStrictEqual(rows(slow));
  return true;
}

const page = (readings: string[], extra = '"next_cursor":"c2","has_more":true') =>
  Buffer.from(`{"unit":"kWh","data":[${readings.join(',')}],${extra}}`);
const R1 =
  '{"timestamp":"2026-03-29T00:00:00+01:00","timestamp_end":"2026-03-29T00:15:00+01:00","value":0.123,"quality":1,"obis_code":"1-1:1.8.0","updated_at":"2026-03-30T06:00:00Z"}';
const R2 =
  '{"timestamp":"2026-03-29T00:00:00+01:00","timestamp_end":"2026-03-29T00:15:00+01:00","value":1.5,"quality":2,"obis_code":"1-1:2.8.0","updated_at":null}';
const R3 = '{"timestamp":"2026-03-29T00:15:00Z","value":0,"quality":3,"obis_code":"1-1:1.8.0"}';

describe('reading pages from their bytes', () => {
  it.each(generations)(
    'reads the %s generation’s pages exactly as the general way does',
    async (contract) => {
      const svc = await demo({ years: 0.1, contract });
      try {
        const api = createApiClient({
          baseUrl: svc.info.base_url,
          team: svc.info.team,
          token: svc.info.tokens.pro,
        });
        const meters = await api.listMeters();
        let pages = 0;
        let fast = 0;
        let readings = 0;
        for (const m of meters) {
          for (const query of [
            'limit=700',
            'from=2026-11-01T00:00:00Z&to=2026-11-05T00:00:00Z&order=asc&limit=700',
          ]) {
            const res = await fetch(`${svc.info.base_url}/api/v1/smart-meters/${m.id}/data?${query}`, {
              headers: { authorization: `Bearer ${svc.info.tokens.pro}` },
            });
            if (res.status !== 200) continue;
            const bytes = Buffer.from(await res.arrayBuffer());
            pages++;
            const slow = general(bytes);
            expect(slow).not.toBeNull();
            readings += slow!.readings.length;
            if (agree(bytes)) fast++;
          }
        }
        expect(pages).toBeGreaterThan(3);
        expect(readings).toBeGreaterThan(1000);
        // Our own and the spec's pages are all in the reader's subset; the current generation's pages
        // with quality names and gas without a register go the general way.
        if (contract !== 'current') expect(fast).toBe(pages);
        else expect(fast).toBeLessThan(pages);
      } finally {
        await svc.stop();
      }
    },
    60_000,
  );

  it('reads the known envelopes and reading shapes, and leaves what it does not take', () => {
    expect(agree(page([R1, R2, R3]))).toBe(true);
    expect(agree(page([]))).toBe(true);
    expect(agree(page([R1], '"next_cursor":null'))).toBe(true);
    expect(agree(Buffer.from(`{"object":"data_window","data":[${R1}],"is_truncated":false}`))).toBe(true);
    expect(
      agree(
        Buffer.from(
          `{"data":[${R3}],"meta":{"total_records":1,"data_completeness":0.5,"quality_breakdown":{"measured":0,"estimated":0,"unreliable":1}}}`,
        ),
      ),
    ).toBe(true);
    expect(agree(Buffer.from(` \n{ "data" : [ ${R3} ] , "unit" : "Wh" } \n`))).toBe(true);
    // A unit on the reading wins over the page's.
    expect(agree(page([R1.replace('"quality"', '"unit":"Wh","quality"'), R3]))).toBe(true);
    // The page's other fields in any JSON, as the general way reads them.
    expect(agree(page([R3], '"next_cursor":"c\\u0032","has_more":true,"note":{"a":[1,"x\\"y"]}'))).toBe(true);
    // Numbers in every JSON form.
    for (const v of [
      '-0',
      '1e3',
      '1.5E-2',
      '123456789012345678',
      '0.1000000000000000055511151231257827',
      '2.5e-308',
    ])
      expect(agree(page([R3.replace('"value":0', `"value":${v}`)]))).toBe(true);
    expect(agree(page([R3.replace('"quality":3', '"quality":3.0')]))).toBe(true);
    // Timestamps in the service's two forms, and `updated_at` null.
    expect(agree(page([R3.replace('2026-03-29T00:15:00Z', '2026-03-29T01:15:00+01:00')]))).toBe(true);

    // Left to the general way: quality in words, data_quality, no register, escapes, non-ASCII text,
    // a repeated field, a value as text, a reading that is not an object, text that is not JSON.
    const left = [
      page([R3.replace('"quality":3', '"quality":"unreliable"')]),
      page([R3.replace('"quality":3', '"data_quality":3')]),
      page([R3.replace(',"obis_code":"1-1:1.8.0"', '')]),
      page([R3.replace('1-1:1.8.0', '1-1:1.8.\\u0030')]),
      page([R3.replace('1-1:1.8.0', '1-1:1.8.0é')]),
      page([R3.replace('"value":0', '"value":0,"value":1')]),
      page([R3.replace('"value":0', '"value":"0.5"')]),
      page(['1']),
      page([R3]).subarray(0, 60),
      Buffer.from(`\ufeff${page([R3])}`),
      page([R3.replace('"quality":3', '"quality":4')]),
      page([R3.replace('"value":0', '"value":1e400')]),
      page([R3.replace('2026-03-29T00:15:00Z', '2026-02-30T00:15:00Z')]),
      // A field it does not know, a timestamp in another form, a register the schemas refuse.
      page([R3.replace('"obis_code"', '"note":"Zählerwechsel","obis_code"')]),
      page([R3.replace('2026-03-29T00:15:00Z', '2026-03-29T00:15:00.000Z')]),
      page([R3.replace('1-1:1.8.0', '=1-1:1.8.0')]),
      Buffer.from(`{"data":[${R3}],"data":[]}`),
    ];
    for (const bytes of left) expect(pageFromBytes(bytes), String(bytes)).toBeNull();
  });

  it('on 5 000 mutated pages, never reads anything the general way reads differently or refuses', () => {
    // A small generator with a seed: the same pages on every run.
    let seed = 20261123;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pieces = [
      '{',
      '}',
      '[',
      ']',
      '"',
      ',',
      ':',
      ' ',
      '\\',
      '0',
      '1',
      '9',
      '.',
      '-',
      'e',
      'E',
      '+',
      'null',
      'true',
      'é',
      '\n',
      '"value":',
      '"quality":2',
      '"x":1',
    ];
    const fields = [
      '"value":1,',
      '"value":-2.5,',
      '"quality":2,',
      '"obis_code":"a",',
      '"unit":"Wh",',
      '"updated_at":null,',
      '"timestamp_end":"2026-03-29T01:00:00Z",',
      '"x":[1,{"y":"\\""}],',
      '"data":[],',
    ];
    const base = page([R1, R2, R3]).toString('utf8');
    let read = 0;
    for (let k = 0; k < 5000; k++) {
      let text = base;
      for (let m = 0, n = 1 + rnd(3); m < n; m++) {
        const at = rnd(text.length);
        const kind = rnd(5);
        const piece = pieces[rnd(pieces.length)]!;
        // Somewhere at random, or just after a `:` (a value's start) or a `{` (an object's first field).
        const after = (c: string) => {
          const i = text.indexOf(c, at);
          return i < 0 ? at : i + 1;
        };
        if (kind === 0) text = text.slice(0, at) + piece + text.slice(at + 1);
        else if (kind === 1) text = text.slice(0, at) + text.slice(at + 1 + rnd(4));
        else if (kind === 2) text = text.slice(0, at) + piece + text.slice(at);
        else if (kind === 3) {
          const i = after(':');
          text = text.slice(0, i) + piece + text.slice(i);
        } else {
          const i = after('{');
          text = text.slice(0, i) + fields[rnd(fields.length)]! + text.slice(i);
        }
      }
      if (agree(Buffer.from(text))) read++;
    }
    // Many mutations still leave a readable page (a digit for a digit, a known field added where it
    // was missing): the comparison is not empty. (A field it does not know leaves the page.)
    expect(read).toBeGreaterThan(100);
  });
});
