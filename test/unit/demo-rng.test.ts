import { describe, expect, it } from 'vitest';
import { rand, rand4, rand5 } from '../../main/demo/rng';

describe('demo randomness', () => {
  it('gives the same values from the fixed-arity forms as from rand, for negative and large keys too', () => {
    const keys = [0, 1, 7, 20, 2024, 20_412, -3, 2 ** 31 + 5, 4_294_967_297, 123_456_789_012];
    let n = 0;
    for (const a of keys)
      for (const b of keys)
        for (const c of [0, 5, -1, 2 ** 33]) {
          expect(rand4(a, b, c, 21)).toBe(rand(a, b, c, 21));
          expect(rand5(a, b, c, 21, 20)).toBe(rand(a, b, c, 21, 20));
          n++;
        }
    expect(n).toBe(400);
    expect(rand4(1, 2, 3, 4)).not.toBe(rand5(1, 2, 3, 4, 0));
    expect(rand4(1, 2, 3, 4)).toBeGreaterThanOrEqual(0);
    expect(rand4(1, 2, 3, 4)).toBeLessThan(1);
  });
});
