/**
 * The browser harness — a development and test tool, not a way to run Meterdesk for real: the real
 * core + handlers in Node, the built renderer over http, and a `window.meterdesk` bridge over a
 * loopback WebSocket. The page is served only at the URL the harness prints, which carries a random
 * page key (as Jupyter does): another local process that does not know it gets no page and so no
 * ticket. Each page load carries a ticket (single use, valid for a minute) that opens one bridge
 * connection, from the page's Origin; `bridge.js` itself holds no secret. The run token of the test
 * hooks is written to `<dataDir>/harness-token` (mode 0600) and never served. Same renderer code, same
 * handlers, same validation as the Electron app.
 *
 *   npm run harness -- --port 5180 [--data-dir DIR] [--export-dir DIR] [--demo-years Y] [--demo-clock ISO]
 *                      [--demo-meters N] [--demo-mqtt-port P] [--demo-auto-approve SEC]
 *
 * Prints `Meterdesk harness ready at http://127.0.0.1:PORT/` once it serves, then where exports go.
 * Exports land in --export-dir, by default ~/Downloads/Meterdesk (or ~/Meterdesk-exports without a
 * Downloads folder): a place a person finds, not a hidden temporary folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { WebSocketServer } from 'ws';
import { dispatch } from '../../main/dispatch';
import { createHandlers } from '../../main/handlers';
import { createServices } from '../../main/services';
import { createSecretStore } from '../../main/secrets/keychain';
import { insideFolder } from '../../main/export/file-names';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface HarnessOptions {
  port: number;
  dataDir?: string;
  demoYears?: number;
  demoClock?: string;
  demoMeters?: number;
  exportDir?: string;
  sessionOnlySecrets?: boolean;
  demoMqttPort?: number;
  demoAutoApproveSec?: number;
}

/** Where exports go without --export-dir: the person's Downloads folder, or a folder in their home. */
export function defaultExportDir(home = homedir()): string {
  return existsSync(join(home, 'Downloads'))
    ? join(home, 'Downloads', 'Meterdesk')
    : join(home, 'Meterdesk-exports');
}

/**
 * The page's bridge script. The built harness (dist/bench/harness.mjs) carries it prebuilt beside
 * itself, as the app carries its preload; from source (tsx) it is bundled from bridge-client.ts here.
 */
async function bridgeScript(): Promise<string> {
  const prebuilt = fileURLToPath(new URL('./bridge.js', import.meta.url));
  if (import.meta.url.endsWith('.mjs') && existsSync(prebuilt)) return readFileSync(prebuilt, 'utf8');
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [join(root, 'test/harness/bridge-client.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
  });
  return out.outputFiles[0]!.text;
}

export async function startHarness(o: HarnessOptions) {
  const rendererDir = join(root, 'dist/renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      'The renderer is not built. Run "npm run build:renderer" first (npm run harness does it for you).',
    );
  }
  // The run token guards the test hooks; it is written, readable by this user only, to the data
  // folder (tests read it there), and never served. The page's bridge gets a ticket per page load.
  const token = randomBytes(24).toString('base64url');
  // The page key: only who has the printed URL gets the page, and with it a bridge ticket.
  const pageKey = randomBytes(24).toString('base64url');
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'meterdesk-harness-'));
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'harness-token'), token, { mode: 0o600 });
  const exportDir = o.exportDir ?? defaultExportDir();
  const secrets = createSecretStore();
  if (o.sessionOnlySecrets) secrets.useSessionOnly(true);
  const services = createServices({
    dataDir,
    shell: 'harness',
    version: (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version,
    demo: {
      years: o.demoYears ?? 1,
      clock: o.demoClock,
      meters: o.demoMeters,
      mqttPort: o.demoMqttPort,
      autoApproveSec: o.demoAutoApproveSec,
    },
    secrets,
    warmAnalysis: true, // as the app: the analysis thread starts with the profile
    // Test hook instead of a save dialog: exports land in --export-dir under the suggested name.
    chooseExportPath: async (suggested) => {
      const { mkdirSync } = await import('node:fs');
      mkdirSync(exportDir, { recursive: true });
      return insideFolder(exportDir, suggested);
    },
    // Test hook instead of an open dialog: the newest backup in --export-dir.
    chooseBackupFile: async () => {
      const { existsSync, readdirSync, statSync } = await import('node:fs');
      const { join } = await import('node:path');
      if (!existsSync(exportDir)) return null;
      const files = readdirSync(exportDir, { withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.meterdesk-backup'))
        .map((e) => join(exportDir, e.name))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
      return files[0] ?? null;
    },
  });
  const handlers = createHandlers(services);
  // A sync that fails says why on stderr (the page words it for a person; a test report needs the text).
  services.on((event, payload) => {
    if (event === 'sync:statusChanged' && (payload as { state: string }).state === 'error') {
      const s = services.syncStatus();
      console.error(
        `Meterdesk harness: sync failed: ${JSON.stringify(s.lastError)}; meters: ${JSON.stringify(s.meterErrors)}`,
      );
    }
  });

  const bridgeJs = await bridgeScript();
  const indexTemplate = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  /** Tickets handed out with page loads: each opens one bridge connection, within a minute. */
  const tickets = new Map<string, number>();
  const pageHtml = () => {
    const now = Date.now();
    for (const [t, expires] of tickets) if (expires < now) tickets.delete(t);
    const ticket = randomBytes(24).toString('base64url');
    tickets.set(ticket, now + 60_000);
    return indexTemplate.replace(
      '<script',
      `<meta name="meterdesk-bridge-ticket" content="${ticket}" />\n    <script src="./__harness/bridge.js"></script>\n    <script`,
    );
  };

  const server = createServer();
  const app = Fastify({ logger: false, serverFactory: (handler) => server.on('request', handler) });
  const sendIndex = (
    req: { query: unknown },
    reply: {
      code(n: number): { type(t: string): { send(b: string): unknown } };
      type(t: string): { send(b: string): unknown };
      header(k: string, v: string): unknown;
    },
  ) => {
    reply.header('cache-control', 'no-store');
    if ((req.query as { key?: string }).key !== pageKey)
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('Open the URL the Meterdesk harness printed when it started (it carries the page key).');
    return reply.type('text/html; charset=utf-8').send(pageHtml());
  };
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.get('/__harness/bridge.js', async (_req, reply) =>
    reply.header('cache-control', 'no-store').type('text/javascript').send(bridgeJs),
  );
  // Test hook (needs the run token): how to reach the embedded demo service, e.g. its portal and clock.
  app.get<{ Querystring: { token?: string } }>('/__harness/demo', async (req, reply) => {
    if (req.query.token !== token) return reply.code(403).send({ error: 'forbidden' });
    return (await services.startDemo()).info;
  });
  await app.register(fastifyStatic, { root: rendererDir, prefix: '/', index: false, wildcard: true });

  let origin = '';
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 96 * 1024 * 1024 /* a 64 MB import file, base64 */,
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const ticket = url.searchParams.get('ticket') ?? '';
    const okTicket = url.pathname === '/__harness/ws' && (tickets.get(ticket) ?? 0) >= Date.now();
    const okOrigin = req.headers.origin === origin;
    if (okTicket) tickets.delete(ticket); // single use, whatever the outcome
    if (!okTicket || !okOrigin) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  });
  wss.on('connection', (ws) => {
    const off = services.on((event, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event, payload }));
    });
    ws.on('close', off);
    // A frame over maxPayload (or not WebSocket at all) is an 'error' on this socket: ws closes it
    // (1009 / 1002); unhandled, it ended the harness (issue 61).
    ws.on('error', (err) =>
      process.stderr.write(`harness bridge: ${err.message}; the connection is closed\n`),
    );
    ws.on('message', (data) => {
      let msg: { id?: unknown; channel?: unknown; input?: unknown } | null;
      try {
        msg = JSON.parse(String(data)) as typeof msg;
      } catch {
        return;
      }
      // `null`, a number or an array is no request (JSON.parse('null') ended the harness).
      if (typeof msg !== 'object' || msg === null || typeof msg.id !== 'number') return;
      void dispatch(handlers, msg.channel, msg.input).then((result) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: msg!.id, result }));
      });
    });
  });

  await app.listen({ host: '127.0.0.1', port: o.port });
  const port = (server.address() as { port: number }).port;
  origin = `http://127.0.0.1:${port}`;
  // The profile opens at once; its sync starts once the page has its meter list (services.ts). On a
  // first run the demo profile syncs in the background and the page shows progress meanwhile.
  void services.active().catch(() => undefined);
  services.startupSync();
  services.startScheduler();
  return {
    /** The page, with its key: the only URL that serves it. */
    url: `${origin}/?key=${pageKey}`,
    origin,
    port,
    token,
    dataDir,
    exportDir,
    services,
    async stop() {
      for (const c of wss.clients) c.terminate();
      wss.close();
      await app.close();
      await services.close();
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5180' },
      'data-dir': { type: 'string' },
      'demo-years': { type: 'string' },
      'demo-clock': { type: 'string' },
      'demo-meters': { type: 'string' },
      'export-dir': { type: 'string' },
      'session-only-secrets': { type: 'boolean' },
      'demo-mqtt-port': { type: 'string' },
      'demo-auto-approve': { type: 'string' },
    },
  });
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const h = await startHarness({
    port: Number(values.port),
    dataDir: values['data-dir'] ? resolve(values['data-dir']) : undefined,
    demoYears: values['demo-years'] ? Number(values['demo-years']) : undefined,
    demoClock: values['demo-clock'],
    demoMeters: values['demo-meters'] ? Number(values['demo-meters']) : undefined,
    exportDir: values['export-dir'] ? resolve(values['export-dir']) : undefined,
    sessionOnlySecrets: values['session-only-secrets'],
    demoMqttPort: num(values['demo-mqtt-port']),
    demoAutoApproveSec: num(values['demo-auto-approve']),
  });
  process.stdout.write(`Meterdesk harness ready at ${h.url}\n`);
  process.stdout.write(`Exports go to ${h.exportDir}\n`);
  const stop = () => void h.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`harness failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
