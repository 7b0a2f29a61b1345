// A misbehaving service for tests: an HTTP proxy in front of the real demo service that lets a test
// rewrite any answer (status, headers, body) or answer by itself, and counts the requests it saw.
// Everything the test does not rewrite is the demo service's real answer.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DemoService } from '../../main/demo/service';

export interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body as JSON (undefined when it is not JSON). */
  json: unknown;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** A string, bytes, or a value sent as JSON. */
  body?: string | Buffer | unknown;
}

/**
 * What to answer: `undefined` forwards the real answer unchanged. `upstream` is fetched lazily, so an
 * answer that does not need it never reaches the demo service.
 */
export type Rewrite = (
  req: { method: string; path: string; url: URL; n: number },
  upstream: () => Promise<Upstream>,
) => Promise<Answer | undefined> | Answer | undefined;

export interface HostileService {
  baseUrl: string;
  /** Requests seen, in order (method and path with query). */
  requests: string[];
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function hostileService(svc: DemoService, rewrite: Rewrite): Promise<HostileService> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      const body = await readBody(req);
      let fetched: Promise<Upstream> | null = null;
      const upstream = () =>
        (fetched ??= (async () => {
          const r = await fetch(svc.info.base_url + url.pathname + url.search, {
            method: req.method,
            headers: Object.fromEntries(
              Object.entries(req.headers).filter(([k]) => k !== 'host' && typeof req.headers[k] === 'string'),
            ) as Record<string, string>,
            body: body.length > 0 ? new Uint8Array(body) : undefined,
            redirect: 'manual',
          });
          const bytes = Buffer.from(await r.arrayBuffer());
          let json: unknown = undefined;
          try {
            json = JSON.parse(bytes.toString('utf8'));
          } catch {
            // not JSON
          }
          const headers: Record<string, string> = {};
          r.headers.forEach((v, k) => {
            if (
              k !== 'content-length' &&
              k !== 'content-encoding' &&
              k !== 'transfer-encoding' &&
              k !== 'connection'
            )
              headers[k] = v;
          });
          return { status: r.status, headers, body: bytes, json };
        })());
      try {
        const answer = await rewrite(
          { method: req.method ?? 'GET', path: url.pathname, url, n: requests.length },
          upstream,
        );
        const up = answer === undefined ? await upstream() : null;
        const status = up?.status ?? answer?.status ?? 200;
        const headers = up?.headers ?? answer?.headers ?? { 'content-type': 'application/json' };
        const raw = up ? up.body : answer?.body;
        const bytes =
          raw === undefined
            ? Buffer.alloc(0)
            : Buffer.isBuffer(raw)
              ? raw
              : typeof raw === 'string'
                ? Buffer.from(raw)
                : Buffer.from(JSON.stringify(raw));
        res.writeHead(status, { ...headers, 'content-length': String(bytes.length) });
        res.end(bytes);
      } catch (err) {
        res.writeHead(599, { 'content-type': 'text/plain' });
        res.end(`hostile-service rewrite failed: ${(err as Error).message}`);
      }
    })();
  });
  // Node closes an idle kept-alive connection after 5 s; a client that spent that long on a huge
  // answer (60 MB, scanned before parsing) and then reused the connection raced the close and saw
  // ECONNRESET — seen under the whole suite, where the tests' clients (maxRetries: 0) do not retry.
  // The hostile service is about what it sends, not about idle connections: they stay a minute.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
