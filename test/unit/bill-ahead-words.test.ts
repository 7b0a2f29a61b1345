// The bill ahead's balance in words (issue 64): a refund is a refund, a payment a payment, and a range
// that crosses zero says both — never "more to pay (-15.97 to -0.44)". The sentences are written out.
import { describe, expect, it } from 'vitest';
import { balanceWords } from '../../main/cli/bill-ahead-command';

describe('the balance ahead', () => {
  it('says a payment, a refund, and a range across zero in words', () => {
    expect(balanceWords({ eur: -5.99, low: -15.97, high: -0.44 })).toBe(
      'about 5.99 EUR more to pay (between 0.44 and 15.97 EUR more to pay)',
    );
    expect(balanceWords({ eur: 12.5, low: 3, high: 20.25 })).toBe(
      'about 12.50 EUR back (between 3.00 and 20.25 EUR back)',
    );
    expect(balanceWords({ eur: 2, low: -4.5, high: 9 })).toBe(
      'about 2.00 EUR back (between 4.50 EUR more to pay and 9.00 EUR back)',
    );
  });
});
