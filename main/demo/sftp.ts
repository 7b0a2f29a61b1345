/**
 * Read-only SFTP delivery of the demo service (plan Pro): per-team credentials and a virtual tree
 * `/readings/<metering_point>/<YYYY-MM-DD>.csv` (first delivery of a day) and `<YYYY-MM-DD>.rN.csv`
 * (later deliveries of revised or late-filled readings of that day). Files are generated on demand.
 */
import { timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Ssh2 from 'ssh2';
import type { DemoMeter } from './catalog';
import type { DemoState } from './state';
import { hash } from './rng';
import { dayKey, dayNumberOfKey, isoWithOffset } from '../time/local-days';

/**
 * ssh2, loaded when an SFTP server starts (`npm run demo-service`, tests), never with the app: the
 * app's own demo has no SFTP server, and its package carries no ssh2 (a devDependency).
 */
let ssh2: typeof Ssh2 | null = null;
const lib = () => (ssh2 ??= createRequire(import.meta.url)('ssh2') as typeof Ssh2);

export const SFTP_HEADER = 'timestamp;timestamp_end;obis_code;value;unit;quality;updated_at';

export interface SftpServer {
  port: number;
  credentials(team: string): { host: string; port: number; username: string; password: string };
  close(): Promise<void>;
}

/** Names of the files of one meter at the service clock, with the delivery day each carries. */
export function sftpFiles(
  state: DemoState,
  meter: DemoMeter,
): { name: string; deliveryDay: number; day: number }[] {
  const out: { name: string; deliveryDay: number; day: number }[] = [];
  if (!meter.hasData) return out;
  const r = state.readings;
  const lastDelivery = r.lastDeliveryDay(state.nowSec);
  const first = Math.max(r.opts.dataStartDay, lastDelivery - 400);
  for (let day = first; day < lastDelivery; day++) {
    out.push({ name: `${dayKey(day)}.csv`, deliveryDay: day + 1, day });
    const fixes = [...new Set(r.dayEvents(meter, day).map((e) => e.fixDay))]
      .filter((d) => d <= lastDelivery && d !== day + 1)
      .sort((a, b) => a - b);
    fixes.forEach((d, i) => out.push({ name: `${dayKey(day)}.r${i + 1}.csv`, deliveryDay: d, day }));
  }
  return out;
}

export function sftpFileContent(
  state: DemoState,
  meter: DemoMeter,
  day: number,
  deliveryDay: number,
): string {
  const rows = state.readings.batch(meter, deliveryDay, day).filter((x) => x.day === day);
  const lines = [SFTP_HEADER];
  for (const x of rows) {
    lines.push(
      [
        isoWithOffset(x.startSec, state.tz),
        isoWithOffset(x.endSec, state.tz),
        x.register,
        String(x.value),
        'kWh',
        String(x.quality),
        isoWithOffset(x.updatedSec, state.tz),
      ].join(';'),
    );
  }
  return lines.join('\n') + '\n';
}

/**
 * An Ed25519 host key, made at each start: ≈ 2 ms (a 2048-bit RSA key took ≈ 100 ms of every start of
 * the app's demo profile). ssh2 makes about one key in 256 that it cannot read back itself ("Malformed
 * OpenSSH private key": its key generation strips a leading zero byte of the public key,
 * mscdex/ssh2#1390, #1513), which failed the demo's start and so its first sync: such a key is made again.
 */
export function demoHostKey(): string {
  const { utils } = lib();
  for (let attempt = 0; ; attempt++) {
    const key = utils.generateKeyPairSync('ed25519').private;
    if (!(utils.parseKey(key) instanceof Error)) return key;
    if (attempt >= 20) throw new Error('Could not make an SFTP host key that ssh2 reads.');
  }
}

/** The read-only tree of one team's files on an SFTP session: listing, stat, open and read; no writes. */
function serveTree(sftp: Ssh2.SFTPWrapper, state: DemoState, team: string): void {
  const { STATUS_CODE, OPEN_MODE } = lib().utils.sftp;
  const handles = new Map<
    number,
    { kind: 'file'; data: Buffer } | { kind: 'dir'; entries: string[]; isDirs: boolean; done: boolean }
  >();
  let nextHandle = 1;
  const meters = () => state.teamMeters(team).filter((m) => m.hasData);
  const dirAttrs = { mode: 0o40555, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 };
  const fileAttrs = (size: number) => ({ mode: 0o100444, uid: 0, gid: 0, size, atime: 0, mtime: 0 });
  const resolve = (path: string) => {
    const parts = path.replace(/\/+$/, '').split('/').filter(Boolean);
    if (parts.length === 0) return { kind: 'root' as const };
    if (parts[0] !== 'readings') return null;
    if (parts.length === 1) return { kind: 'readings' as const };
    const meter = meters().find((m) => m.metering_point === parts[1]);
    if (!meter) return null;
    if (parts.length === 2) return { kind: 'meter' as const, meter };
    const file = sftpFiles(state, meter).find((f) => f.name === parts[2]);
    if (!file || parts.length > 3) return null;
    return { kind: 'file' as const, meter, file };
  };
  const newHandle = (v: Parameters<typeof handles.set>[1]) => {
    const h = nextHandle++;
    handles.set(h, v);
    const b = Buffer.alloc(4);
    b.writeUInt32BE(h);
    return b;
  };
  const getHandle = (b: Buffer) => (b.length === 4 ? handles.get(b.readUInt32BE(0)) : undefined);

  sftp.on('REALPATH', (reqid, path) => {
    const norm =
      '/' +
      path
        .split('/')
        .filter((p) => p && p !== '.')
        .join('/');
    sftp.name(reqid, [{ filename: norm, longname: norm, attrs: dirAttrs }]);
  });
  const stat = (reqid: number, path: string) => {
    const r = resolve(path);
    if (!r) return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
    if (r.kind !== 'file') return sftp.attrs(reqid, dirAttrs);
    return sftp.attrs(
      reqid,
      fileAttrs(Buffer.byteLength(sftpFileContent(state, r.meter, r.file.day, r.file.deliveryDay))),
    );
  };
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('OPENDIR', (reqid, path) => {
    const r = resolve(path);
    if (!r || r.kind === 'file') return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
    const entries =
      r.kind === 'root'
        ? ['readings']
        : r.kind === 'readings'
          ? meters().map((m) => m.metering_point)
          : sftpFiles(state, r.meter).map((f) => f.name);
    return sftp.handle(reqid, newHandle({ kind: 'dir', entries, isDirs: r.kind !== 'meter', done: false }));
  });
  sftp.on('READDIR', (reqid, handle) => {
    const h = getHandle(handle);
    if (!h || h.kind !== 'dir') return sftp.status(reqid, STATUS_CODE.FAILURE);
    if (h.done) return sftp.status(reqid, STATUS_CODE.EOF);
    h.done = true;
    return sftp.name(
      reqid,
      h.entries.map((e) => ({
        filename: e,
        longname: `${h.isDirs ? 'dr-xr-xr-x' : '-r--r--r--'} 1 0 0 0 Jan 1 00:00 ${e}`,
        attrs: h.isDirs ? dirAttrs : fileAttrs(0),
      })),
    );
  });
  sftp.on('OPEN', (reqid, filename, flags) => {
    if (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC))
      return sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED);
    const r = resolve(filename);
    if (!r || r.kind !== 'file') return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
    return sftp.handle(
      reqid,
      newHandle({
        kind: 'file',
        data: Buffer.from(sftpFileContent(state, r.meter, r.file.day, r.file.deliveryDay)),
      }),
    );
  });
  sftp.on('READ', (reqid, handle, offset, length) => {
    const h = getHandle(handle);
    if (!h || h.kind !== 'file') return sftp.status(reqid, STATUS_CODE.FAILURE);
    if (offset >= h.data.length) return sftp.status(reqid, STATUS_CODE.EOF);
    return sftp.data(reqid, h.data.subarray(offset, Math.min(h.data.length, offset + length)));
  });
  sftp.on('FSTAT', (reqid, handle) => {
    const h = getHandle(handle);
    if (!h) return sftp.status(reqid, STATUS_CODE.FAILURE);
    return sftp.attrs(reqid, h.kind === 'file' ? fileAttrs(h.data.length) : dirAttrs);
  });
  sftp.on('CLOSE', (reqid, handle) => {
    if (handle.length === 4) handles.delete(handle.readUInt32BE(0));
    sftp.status(reqid, STATUS_CODE.OK);
  });
  for (const op of [
    'WRITE',
    'REMOVE',
    'RMDIR',
    'MKDIR',
    'RENAME',
    'SETSTAT',
    'FSETSTAT',
    'SYMLINK',
  ] as const) {
    sftp.on(op as 'WRITE', (reqid: number) => sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED));
  }
}

export async function startSftpServer(state: DemoState, host: string, port: number): Promise<SftpServer> {
  const { Server } = lib();
  const privateKey = demoHostKey();
  const passwordFor = (team: string) =>
    'sf_' + hash(state.opts.seed, 5151, ...[...team].map((c) => c.charCodeAt(0))).toString(36);
  const same = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  const server = new Server({ hostKeys: [privateKey] }, (client) => {
    let team: string | null = null;
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      const t = state.catalog.teams.find((x) => x === ctx.username);
      if (ctx.method === 'password' && t && same(ctx.password, passwordFor(t))) {
        team = t;
        ctx.accept();
      } else ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => serveTree(acceptSftp(), state, team!));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as { port: number }).port;
  return {
    port: actualPort,
    credentials: (t: string) => ({ host, port: actualPort, username: t, password: passwordFor(t) }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export { dayNumberOfKey };
