/**
 * An XLSX is a zip: a 1.4 MB file can unpack to a 400 MB sheet, which SheetJS would inflate and
 * parse into gigabytes. Before SheetJS sees the bytes, the zip is read with yauzl: its entries' sizes
 * as the directory states them (summed, capped), then every entry inflated as a stream that counts what
 * really comes out (yauzl refuses an entry larger than it claims), and each sheet's stated dimension.
 * Work and memory stay bounded by the caps, whatever the file says about itself.
 */
import yauzl from 'yauzl';
import { ImportError } from './types';

/** The most an XLSX may unpack to: three years of quarter-hours in six registers are ~40 MB of XML. */
export const MAX_UNZIPPED_BYTES = 80 * 1024 * 1024;
/** The most rows a sheet may have: ten years of quarter-hours (350 640) and room for headers. */
export const MAX_SHEET_ROWS = 400_000;
/** The most columns a sheet may have (the widest portal export has about 20). */
export const MAX_SHEET_COLUMNS = 1000;
const MAX_ENTRIES = 2000;

const tooBig = (what: string) =>
  new ImportError(
    'too_large',
    `This spreadsheet ${what}. A portal export of years of quarter-hours is far smaller: this is not one, or it is damaged. Choose the CSV export instead, or the file the portal gave you.`,
  );

/** Column letters (`AB`) → 1-based number. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Refuses an XLSX whose zip unpacks beyond the caps or whose sheets state too many rows or columns. */
export async function checkXlsx(bytes: Uint8Array): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, z) => (err ? reject(unreadable(err)) : resolve(z)),
    ),
  );
  let stated = 0;
  let count = 0;
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      if (++count > MAX_ENTRIES) return reject(tooBig(`holds more than ${MAX_ENTRIES} parts`));
      stated += e.uncompressedSize;
      if (stated > MAX_UNZIPPED_BYTES)
        return reject(tooBig(`unpacks to more than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB`));
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', (err: Error) => reject(unreadable(err)));
    zip.readEntry();
  }).finally(() => undefined);
  for (const e of entries) {
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(e.fileName);
    const head = await inflated(zip, e, isSheet ? 4096 : 0);
    if (!isSheet) continue;
    const ref = /<(?:\w+:)?dimension\s+ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/.exec(head);
    if (!ref) continue;
    const rows = Number(ref[4] ?? ref[2]);
    const cols = columnNumber(ref[3] ?? ref[1]!);
    if (rows > MAX_SHEET_ROWS) throw tooBig(`has a sheet of ${rows} rows (at most ${MAX_SHEET_ROWS})`);
    if (cols > MAX_SHEET_COLUMNS)
      throw tooBig(`has a sheet of ${cols} columns (at most ${MAX_SHEET_COLUMNS})`);
  }
  zip.close();
}

/** Inflates an entry to count its real size (yauzl stops it beyond its stated size); keeps its head. */
function inflated(zip: yauzl.ZipFile, e: yauzl.Entry, keep: number): Promise<string> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(e, (err, stream) => {
      if (err) return reject(unreadable(err));
      const head: Buffer[] = [];
      let kept = 0;
      stream.on('data', (c: Buffer) => {
        if (kept < keep) {
          head.push(c.subarray(0, keep - kept));
          kept += Math.min(c.length, keep - kept);
        }
      });
      stream.on('end', () => resolve(Buffer.concat(head).toString('utf8')));
      stream.on('error', (e2: Error) =>
        reject(
          /too many bytes/i.test(e2.message) ? tooBig('holds a part larger than it states') : unreadable(e2),
        ),
      );
    });
  });
}

function unreadable(err: Error): ImportError {
  return new ImportError(
    'unreadable',
    `The spreadsheet cannot be read (${err.message.slice(0, 200)}). Open it in Excel and save it again, or choose the CSV export.`,
  );
}
