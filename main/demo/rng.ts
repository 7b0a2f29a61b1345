/**
 * Stateless deterministic randomness: every value is a pure function of (seed, keys), so the demo
 * service can generate any reading of any day on demand, in any order, and give byte-identical answers
 * for the same seed.
 */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

const HASH_START = 0x9e3779b9;
/** One key folded into the hash. */
function step(h: number, k: number): number {
  return mix(h ^ mix((k | 0) + 0x632be5ab + Math.floor(k / 4294967296)));
}

/** A 32-bit hash of integer keys. */
export function hash(...keys: number[]): number {
  let h = HASH_START;
  for (const k of keys) h = step(h, k);
  return h;
}

/** Uniform in [0, 1) from integer keys. */
export function rand(...keys: number[]): number {
  return hash(...keys) / 4294967296;
}

/**
 * `rand` of exactly four or five keys, without the array of a rest parameter: the demo's load shapes
 * ask several per reading, millions of times in a sync. Same values as `rand` (pinned by a test).
 */
export function rand4(a: number, b: number, c: number, d: number): number {
  return step(step(step(step(HASH_START, a), b), c), d) / 4294967296;
}
export function rand5(a: number, b: number, c: number, d: number, e: number): number {
  return step(step(step(step(step(HASH_START, a), b), c), d), e) / 4294967296;
}

/** A stable UUID (v4 layout) from integer keys. */
export function uuidFrom(...keys: number[]): string {
  const hex = [0, 1, 2, 3]
    .map((i) =>
      hash(...keys, i)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A short stable token-like string. */
export function tokenFrom(prefix: string, ...keys: number[]): string {
  return (
    prefix +
    [0, 1, 2, 3, 4]
      .map((i) =>
        hash(...keys, 77, i)
          .toString(36)
          .padStart(7, '0'),
      )
      .join('')
  );
}
