/**
 * A server in front of the local service that behaves like a strict public one: it counts every request, answers
 * 429 with `Retry-After` past `ratePerSecond` (over any rolling second), drops every `dropEvery`-th connection without
 * an answer, and can add a delay. Everything else is forwarded byte for byte.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';

export interface ProxyOptions {
  ratePerSecond?: number;
  retryAfterSeconds?: number;
  dropEvery?: number;
  delayMs?: number;
  /** Answers the request itself instead of forwarding it (tests of echoed secrets). */
  intercept?: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => boolean;
}

export interface UnreliableProxy {
  url: string;
  /** Requests received (dropped and refused ones included). */
  requests: number;
  tooMany: number;
  dropped: number;
  /** Each request's method and path, in arrival order. */
  log: string[];
  /** Resolves once no request is open (each received one answered, or its client gone). */
  settled(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

export async function startUnreliableProxy(target: string, options: ProxyOptions = {}): Promise<UnreliableProxy> {
  const arrivals: number[] = [];
  const state = { requests: 0, tooMany: 0, dropped: 0, log: [] as string[] };
  let open = 0;
  let waiting: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    open++;
    res.once('close', () => {
      if (--open > 0) return;
      for (const resolve of waiting) resolve();
      waiting = [];
    });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.requests++;
      state.log.push(`${req.method} ${req.url}`);
      const now = performance.now();
      while (arrivals.length && now - arrivals[0] >= 1000) arrivals.shift();
      if (options.dropEvery && state.requests % options.dropEvery === 0) {
        state.dropped++;
        req.socket.destroy();
        return;
      }
      if (options.ratePerSecond && arrivals.length >= options.ratePerSecond) {
        state.tooMany++;
        res.writeHead(429, { 'Content-Type': 'application/problem+json', 'Retry-After': String(options.retryAfterSeconds ?? 1) });
        res.end(JSON.stringify({ title: 'Too Many Requests', status: 429 }));
        return;
      }
      arrivals.push(now);
      const body = Buffer.concat(chunks);
      if (options.intercept?.(req, body.toString('utf8'), res)) return;
      setTimeout(() => forward(target, req, body, res), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get tooMany() {
      return state.tooMany;
    },
    get dropped() {
      return state.dropped;
    },
    get log() {
      return state.log;
    },
    settled: () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    reset() {
      state.requests = 0;
      state.tooMany = 0;
      state.dropped = 0;
      state.log = [];
      arrivals.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function forward(target: string, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', target);
  const headers = { ...req.headers, host: url.host, 'content-length': String(body.length) };
  const upstream = http.request(url, { method: req.method, headers }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  upstream.end(body);
}

/** A proxy that answers any request whose body holds `trigger` with an error quoting the API key and the token it got. */
export function startEchoingProxy(target: string, token: string, trigger = 'echo'): Promise<UnreliableProxy> {
  return startUnreliableProxy(target, {
    intercept: (req, body, res) => {
      if (!body.includes(trigger)) return false;
      res.writeHead(400, { 'Content-Type': 'application/problem+json' });
      res.end(JSON.stringify({ title: 'Bad', status: 400, detail: `key ${String(req.headers.apikey)} token ${token}` }));
      return true;
    },
  });
}
