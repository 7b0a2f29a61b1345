// One text rule for every name (issue 61): the contract cleans a name a person gives — profile,
// community, tariff, meter, customer or site, a bill line's label — before any handler sees it. A
// right-to-left override, an escape sequence and control characters go; a name too long is refused,
// not cut. The expected text is written out here, not computed by the rule.
import { describe, expect, it } from 'vitest';
import { channels } from '../../preload/contract';
import { billPartKey, billSchema } from '../../preload/bill-contract';
import { personLabel } from '../../preload/person-name';

const hostile = '\u202eFDP.exe\u202c \u001b[31mHuber\u001b[0m\u0007\u200f GmbH';
const clean = 'FDP.exe Huber GmbH';

describe('a name at the contract', () => {
  it('is cleaned on every channel that takes one', () => {
    const cases: [keyof typeof channels, Record<string, unknown>, (out: never) => unknown][] = [
      ['profiles:addLocal', { name: hostile }, (o: { name: string }) => o.name],
      ['profiles:rename', { profileId: 'kunde', name: hostile }, (o: { name: string }) => o.name],
      ['profiles:restore', { name: hostile }, (o: { name: string }) => o.name],
      ['meters:rename', { meterId: 'm', label: hostile }, (o: { label: string }) => o.label],
      ['places:rename', { kind: 'site', id: 's', name: hostile }, (o: { name: string }) => o.name],
    ];
    for (const [channel, input, pick] of cases) {
      const out = channels[channel].input.parse(input) as never;
      expect(pick(out), channel).toBe(clean);
    }
  });

  it('refuses a name that is nothing but control characters, or too long', () => {
    expect(channels['profiles:addLocal'].input.safeParse({ name: '\u202e\u202c\u0007' }).success).toBe(false);
    expect(channels['profiles:addLocal'].input.safeParse({ name: 'x'.repeat(81) }).success).toBe(false);
    expect(channels['profiles:addLocal'].input.safeParse({ name: 'x'.repeat(30_000) }).success).toBe(false);
    expect(channels['profiles:addLocal'].input.safeParse({ name: 'x'.repeat(80) }).success).toBe(true);
  });

  it('cleans a bill line’s label (the CLI’s --bill file and the dialog pass the same schema)', () => {
    const key = billPartKey.options[0]!;
    const bill = billSchema.parse({ kwh: 100, totalEur: 30, parts: [{ key, label: hostile, eur: 1 }] });
    expect(bill.parts[0]!.label).toBe(clean);
    expect(personLabel(80).parse('   ')).toBe('');
  });
});
