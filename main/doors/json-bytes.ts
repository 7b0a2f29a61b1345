/**
 * The door for JSON from outside — the service's pages and the MQTT broker's payloads: bytes counted
 * while they arrive (never trusted from Content-Length), and the JSON's shape bounded before it is
 * parsed, so neither a large answer nor a small text of a million brackets can take the process's
 * memory. `main/api/` and `main/push/` read through here; the lint bans `JSON.parse` and a response's
 * own `.json()`/`.text()` there.
 */

import type { IncomingMessage } from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** Refused bytes or shape, said as a phrase the caller puts into its own message. */
export class DoorRefusal extends Error {
  constructor(
    readonly kind: 'too_large' | 'too_complex' | 'not_json',
    phrase: string,
  ) {
    super(phrase);
    this.name = 'DoorRefusal';
  }
}

/**
 * The body's bytes, decompressed as its Content-Encoding says (gzip, deflate, br), refusing more than
 * `maxBytes`: at once when a Content-Length over it is announced, else counted as the bytes arrive,
 * after decompression (a 200 KB gzip body may unpack to 100 MB). An answer that ends before its end
 * (the connection closed, a broken compression) is an error, never a shorter body.
 */
export function readBodyBounded(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
    const unpack =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? createGunzip()
        : encoding === 'deflate'
          ? createInflate()
          : encoding === 'br'
            ? createBrotliDecompress()
            : null;
    const stop = (err: Error) => {
      if (settled) return;
      settled = true;
      unpack?.destroy();
      res.destroy();
      reject(err);
    };
    const announced = Number(res.headers['content-length']);
    if (res.headers['content-length'] !== undefined && announced > maxBytes) return stop(tooLarge(maxBytes));
    const chunks: Buffer[] = [];
    let total = 0;
    const source = unpack ? res.pipe(unpack) : res;
    source.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) stop(tooLarge(maxBytes));
      else chunks.push(chunk);
    });
    source.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    });
    source.on('error', stop);
    res.on('error', stop);
    res.on('close', () => {
      if (!res.complete) stop(new Error('the answer ended before its end'));
    });
  });
}

const tooLarge = (maxBytes: number) =>
  new DoorRefusal('too_large', `more than ${Math.round(maxBytes / 1024 / 1024)} MB`);

export interface JsonLimits {
  /** The most objects and arrays the text may hold. */
  containers: number;
  /** The most values (counted by commas) the text may hold. */
  values: number;
}

/**
 * The shapes of the JSON files a person points Meterdesk at (issue 61: 29 MB of `[{},…]` took 22 s and
 * 1 GB before a price file was refused): three years of quarter-hourly aWATTar prices are ~105 000
 * objects of four values; a tariff or a bill file a few hundred values.
 */
export const PRICE_JSON_LIMITS: JsonLimits = { containers: 250_000, values: 1_500_000 };
export const SMALL_JSON_LIMITS: JsonLimits = { containers: 20_000, values: 200_000 };

/** What makes a JSON text too big to parse (as a phrase), or null. */
export function jsonShapeIssue(text: string, limits: JsonLimits): string | null {
  const braces = countOf(text, '{', limits.containers);
  if (braces + countOf(text, '[', limits.containers - braces) > limits.containers)
    return `more than ${limits.containers} objects and arrays`;
  if (countOf(text, ',', limits.values) > limits.values) return `more than ${limits.values} values`;
  return null;
}

/**
 * How often `ch` occurs in `text`, counted up to `max` + 1 (then it stops). `String#indexOf` finds the
 * next one natively: a 1.5 MB page of 10 000 readings takes ≈ 0.6 ms, where a `charCodeAt` loop over
 * every character took 4–7 ms, as long as `JSON.parse` itself (issue 46: 17 % of the sync's CPU).
 */
function countOf(text: string, ch: string, max: number): number {
  let n = 0;
  for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) if (++n > max) return n;
  return n;
}

/**
 * The value of a JSON text within its limits: `too_large` past `maxBytes`, `too_complex` past the
 * shape's limits (checked before parsing), `not_json` for text that is not JSON. Empty text is
 * `undefined`.
 */
export function parseJsonBounded(bytes: Buffer, maxBytes: number, limits: JsonLimits): unknown {
  if (bytes.length > maxBytes)
    throw new DoorRefusal('too_large', `more than ${Math.round(maxBytes / 1024)} KB`);
  const text = bytes.toString('utf8');
  if (text.length === 0) return undefined;
  const shape = jsonShapeIssue(text, limits);
  if (shape) throw new DoorRefusal('too_complex', shape);
  try {
    return JSON.parse(text);
  } catch {
    throw new DoorRefusal('not_json', 'not JSON');
  }
}
