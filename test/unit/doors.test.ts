// The doors (main/doors/, issue 41 item 3): every byte from outside is counted while it is read and
// refused past its cap (a pipe or /dev/zero has no size to trust), a logo is a PNG of sane size, and
// text a person types reaches no file with escape or bidi characters. Each case fails without its rule.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { bytesOfBase64, readFileBounded } from '../../main/doors/file-bytes';
import { checkedLogo } from '../../main/doors/png';
import { MAX_PUSH_BYTES, parsePushMessage } from '../../main/push/mqtt-push';
import { personLine, personNotes } from '../../main/doors/person-text';
import { readEdaReport } from '../../main/community/eda-report';
import { edaReport } from '../fixtures/eda/make-eda-report';

/** A PNG's signature and header chunk for a given size (enough for the door; no pixels). */
const pngHeader = (w: number, h: number) => {
  const b = Buffer.alloc(33);
  Buffer.from('89504e470d0a1a0a', 'hex').copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12);
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return new Uint8Array(b);
};

describe('doors', () => {
  it('reads a file within its cap byte for byte, and refuses /dev/zero after the cap, not at its end', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-doors-'));
    const file = join(dir, 'a.csv');
    writeFileSync(file, 'x'.repeat(3000));
    expect(readFileBounded(file, 3000, 'The file').toString()).toBe('x'.repeat(3000));
    expect(() => readFileBounded(file, 2999, 'The file')).toThrow(/larger than 3 KB/);
    // stat says 0 bytes for /dev/zero; it never ends. Counted while read, it stops at the cap.
    const heap = process.memoryUsage().rss;
    expect(() => readFileBounded('/dev/zero', 8 * 1024 * 1024, '--prices /dev/zero')).toThrow(
      /--prices \/dev\/zero is larger than 8 MB/,
    );
    expect(process.memoryUsage().rss - heap).toBeLessThan(200 * 1024 * 1024);
    expect(() => readFileBounded(join(dir, 'missing.csv'), 10, 'missing.csv')).toThrow(
      /missing\.csv: ENOENT/,
    );
  });

  it('refuses base64 past its cap before decoding it', () => {
    expect(bytesOfBase64(Buffer.from('hello').toString('base64'), 5, 'The logo')).toEqual(
      new Uint8Array(Buffer.from('hello')),
    );
    expect(() => bytesOfBase64('A'.repeat(4000), 1000, 'The logo')).toThrow(/The logo is larger than 1 KB/);
  });

  it('a logo is a PNG of at most 4 000 × 4 000 pixels', () => {
    expect(checkedLogo(pngHeader(300, 100))).toHaveLength(33);
    expect(() => checkedLogo(pngHeader(30_000, 30_000))).toThrow(/30000 × 30000 pixels/);
    expect(() => checkedLogo(new Uint8Array(Buffer.from('GIF89a……………………………………………')))).toThrow(
      /must be a PNG/,
    );
  });

  it("a person's text loses escape and bidi characters; notes keep their lines", () => {
    expect(personLine('Ing. Maria \u202eFDP.exe\u202c Huber')).toBe('Ing. Maria FDP.exe Huber');
    expect(personLine('\u001b[31mRot\u001b[0m')).toBe('Rot');
    expect(personLine('x'.repeat(30_000))).toHaveLength(200);
    expect(personLine('   ')).toBeNull();
    expect(personNotes('Erstens:\r\n\u001b]8;;http://x\u0007Zweitens\n\n\n\nDrittens')).toBe(
      'Erstens:\nZweitens\n\nDrittens',
    );
  });

  it('an EDA report: a metering point like a formula or with escape characters is left out and said; names are cleaned', async () => {
    const wb = XLSX.read(edaReport());
    const sheet = wb.Sheets['Energiedaten']!;
    // Row 1 holds the metering points, row 2 the names (make-eda-report.ts): spoil two columns.
    sheet[XLSX.utils.encode_cell({ r: 0, c: 1 })] = { t: 's', v: '=HYPERLINK("http://x","AT0010000")' };
    sheet[XLSX.utils.encode_cell({ r: 1, c: 3 })] = { t: 's', v: `\u202e${'N'.repeat(30_000)}` };
    const bytes = new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const r = await readEdaReport(bytes, Date.parse('2026-11-20T12:00:00Z') / 1000);
    expect(r.members.some((m) => m.meteringPoint.startsWith('='))).toBe(false);
    expect(r.notes).toContainEqual({ code: 'mp_refused', params: { column: 2 } });
    for (const m of r.members) {
      expect(m.name ?? '').not.toMatch(/\u202e/);
      expect((m.name ?? '').length).toBeLessThanOrEqual(200);
    }
  });

  it('an MQTT payload passes the JSON door: past 1 MB or a bracket bomb refused before the parse', () => {
    const topic = 'energiedaten/AT0010000000000000001000000000001/1-1:1.9.0 G.01';
    const prefix = 'energiedaten';
    const ok = parsePushMessage(topic, prefix, Buffer.from(JSON.stringify({ val: 250, ts: 1_767_222_000 })));
    expect(ok.readings).toHaveLength(1);
    // 1 MB and one byte of spaces around a valid payload: refused by size, not parsed.
    const padded = Buffer.concat([Buffer.alloc(MAX_PUSH_BYTES, 0x20), Buffer.from('{"val":1,"ts":1}')]);
    expect(() => parsePushMessage(topic, prefix, padded)).toThrow(/refused: more than 1024 KB/);
    // 40 000 nested arrays in 80 KB: within the bytes, refused by shape.
    const bomb = Buffer.from('['.repeat(40_000) + ']'.repeat(40_000));
    expect(() => parsePushMessage(topic, prefix, bomb)).toThrow(/more than 20000 objects and arrays/);
  });
});
