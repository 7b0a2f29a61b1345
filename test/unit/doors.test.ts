// The doors (main/doors/, issue 41 item 3): every byte from outside is counted while it is read and
// refused past its cap (a pipe or /dev/zero has no size to trust), a logo is a PNG of sane size, and
// text a person types reaches no file with escape or bidi characters. Each case fails without its rule.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { bytesOfBase64, readFileBounded } from '../../main/doors/file-bytes';
import { checkedLogo } from '../../main/doors/png';
import { MAX_PUSH_BYTES, parsePushMessage } from '../../main/push/mqtt-push';
import { personLine, personNotes } from '../../main/doors/person-text';
import { readEdaReport } from '../../main/community/eda-report';
import { edaReport } from '../fixtures/eda/make-eda-report';

/** CRC-32 of PNG chunks (ISO 3309), written out here: the door does not share it. */
const crc32 = (bytes: Buffer) => {
  let c = ~0;
  for (const x of bytes) {
    c ^= x;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};
/**
 * A PNG of `w` × `h` RGBA pixels whose header says `w` × `h` (or `said`), its image data `rows`
 * filter-0 rows of zeros, deflated.
 */
const png = (w: number, h: number, o: { said?: [number, number]; rows?: number } = {}) => {
  const [sw, sh] = o.said ?? [w, h];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(sw, 0);
  ihdr.writeUInt32BE(sh, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((o.rows ?? h) * (1 + w * 4));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
};
/** A PNG's signature and header chunk only (no pixels). */
const pngHeader = (w: number, h: number) => png(1, 1, { said: [w, h] }).subarray(0, 33);

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

  it('a logo is a PNG of at most 4 000 × 4 000 pixels whose data is the size its header says', () => {
    const good = png(300, 100);
    expect(checkedLogo(good)).toBe(good);
    expect(() => checkedLogo(pngHeader(30_000, 30_000))).toThrow(/30000 × 30000 pixels/);
    expect(() => checkedLogo(new Uint8Array(Buffer.from('GIF89a……………………………………………')))).toThrow(
      /must be a PNG/,
    );
    // A header alone, or data that stops short: not a whole image.
    expect(() => checkedLogo(pngHeader(300, 100))).toThrow(/not a whole PNG image/);
    expect(() => checkedLogo(png(300, 100, { rows: 50 }))).toThrow(/does not fill its size/);
    // Issue 61: a header of 100 × 100 over data of 2 000 × 2 000 pixels (16 MB inflated from ~16 KB):
    // refused while inflating, without the 16 MB.
    const bomb = png(2000, 2000, { said: [100, 100] });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const rss = process.memoryUsage().rss;
    expect(() => checkedLogo(bomb)).toThrow(/more image data than its size says/);
    expect(process.memoryUsage().rss - rss).toBeLessThan(12 * 1024 * 1024);
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
