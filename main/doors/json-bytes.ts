/**
 * The door for JSON from outside — the service's pages and the MQTT broker's payloads: bytes counted
 * while they arrive, or bounded by the HTTP framing itself (an uncompressed body of a Content-Length
 * within the cap, which the client reads to exactly that length), and the JSON's shape bounded before it is
 * parsed, so neither a large answer nor a small text of a million brackets can take the process's
 * memory. `main/api/` and `main/push/` read through here; the lint bans `JSON.parse` and a response's
 * own `.json()`/`.text()` there.
 */

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

/** The body's bytes, refusing more than `maxBytes` (announced by Content-Length, or as it arrives). */
export async function readBodyBounded(res: Response, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new DoorRefusal('too_large', `more than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  const announced = Number(res.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return Buffer.alloc(0);
  const encoding = res.headers.get('content-encoding');
  if (
    res.headers.has('content-length') &&
    Number.isFinite(announced) &&
    (!encoding || encoding === 'identity')
  ) {
    // Framed by its Content-Length (at most the cap) and not compressed: the HTTP client reads exactly
    // that many bytes, so the body is bounded without counting it. Read in one go — the reader's loop
    // below cost ≈ 0.2 µs of CPU per reading of a first sync (issue 46). A compressed body (its length
    // says nothing of what it unpacks to) or one without a length is counted as it arrives.
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > maxBytes) throw tooLarge();
    return bytes;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

export interface JsonLimits {
  /** The most objects and arrays the text may hold. */
  containers: number;
  /** The most values (counted by commas) the text may hold. */
  values: number;
}

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
