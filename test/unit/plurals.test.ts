// "1 Viertelstunden" (issue 42, item 19): counted words say one quarter-hour in the singular, in both
// languages, through the dictionaries the app and the CLI share.
import { describe, expect, it } from 'vitest';
import { sayIn } from '../../common/i18n/words';

describe('counted quarter-hours', () => {
  it('one in the singular, more in the plural (de, en)', () => {
    const de = sayIn('de');
    const en = sayIn('en');
    for (const key of [
      'cost_incomplete',
      'cost_outside',
      'cost_partOutside',
      'import_doneKept',
      'eeg_checkOk',
      'peak_stillAbove',
    ]) {
      expect(de(key, { count: 1, kwh: '1 kWh' }), key).toMatch(/\b1 Viertelstunde\b(?!n)/);
      expect(de(key, { count: 3, kwh: '1 kWh' }), key).toMatch(/\b3 Viertelstunden\b/);
      expect(en(key, { count: 1, kwh: '1 kWh' }), key).toMatch(/\b1 quarter-hour\b(?!s)/);
      expect(en(key, { count: 3, kwh: '1 kWh' }), key).toMatch(/\b3 quarter-hours\b/);
    }
  });
});
