/**
 * One HTTP exchange with the service over Node's own client (node:http, node:https): the request, the
 * answer's status and headers, and its body read through the door (doors/json-bytes.ts: bounded as it
 * arrives, after decompression). fetch's web streams cost ≈ 0.25 µs of CPU per reading of a first sync,
 * a seventh of it (issue 46); the exchange here does what the transport asked of fetch and no more:
 * no redirects followed (transport.ts follows same-origin ones), connections kept alive, gzip, deflate
 * and br accepted, the request aborted by its signal (a timeout or a cancel) with the signal's reason.
 */
import http from 'node:http';
import https from 'node:https';
import { readBodyBounded } from '../doors/json-bytes';

export interface Answer {
  status: number;
  ok: boolean;
  /** A header's value (names in any case), or null. */
  header(name: string): string | null;
  body: Buffer;
}

export interface ExchangeInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

// Connections kept open between requests, as fetch keeps them: a sync asks the same host hundreds of times.
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** Sends one request and reads its answer whole (at most `maxBytes` after decompression). */
export function exchangeOnce(url: URL, init: ExchangeInit, maxBytes: number): Promise<Answer> {
  const { signal } = init;
  return new Promise<Answer>((resolve, reject) => {
    // A timeout or a cancel rejects with the signal's reason (a TimeoutError, or the caller's).
    const fail = (err: unknown) => reject(signal.aborted ? signal.reason : err);
    if (signal.aborted) return fail(signal.reason);
    const client = url.protocol === 'https:' ? https : http;
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const req = client.request(
      url,
      {
        method: init.method,
        agent: agents[url.protocol as keyof typeof agents],
        signal,
        headers: {
          ...init.headers,
          'accept-encoding': 'gzip, deflate, br',
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const headers = res.headers;
        readBodyBounded(res, maxBytes).then(
          (bytes) =>
            resolve({
              status,
              ok: status >= 200 && status < 300,
              header: (name) => headerText(headers[name.toLowerCase()]),
              body: bytes,
            }),
          fail,
        );
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const headerText = (v: string | string[] | undefined): string | null =>
  v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
