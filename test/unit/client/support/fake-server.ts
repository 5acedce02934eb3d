/**
 * A scripted HTTP server on 127.0.0.1 (port 0) for the client tests: it records every request exactly as it
 * arrived and answers from a queue of replies (or a handler), so tests can assert the bytes on the wire.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';

export interface Recorded {
  method: string;
  /** Path without the query. */
  path: string;
  /** Raw query string without `?` ('' when none). */
  rawQuery: string;
  /** Full request target as sent (path and query). */
  url: string;
  query: Record<string, string | string[]>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a Buffer or string as is. */
  body?: unknown;
  /** Never answer (the client's timeout or cancel must end it). */
  hang?: boolean;
  /** Send the status line, headers and this much of the body, then nothing more. */
  stallAfterHead?: boolean;
}
export type Handler = (req: Recorded) => Reply | Promise<Reply>;

export class FakeServer {
  readonly requests: Recorded[] = [];
  private readonly queue: Array<Reply | Handler> = [];
  private fallback?: Handler;
  private readonly server: http.Server;

  private constructor() {
    this.server = http.createServer((req, res) => void this.serve(req, res));
  }

  static async start(): Promise<FakeServer> {
    const fake = new FakeServer();
    await fake.listen();
    return fake;
  }

  /** One server for the enclosing mocha suite: listening before its tests, emptied before each, closed after. */
  static forSuite(): FakeServer {
    const fake = new FakeServer();
    before(() => fake.listen());
    after(() => fake.close());
    beforeEach(() => fake.reset());
    return fake;
  }

  private listen(): Promise<void> {
    return new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Queues replies, one per coming request, in order. */
  reply(...replies: Array<Reply | Handler>): this {
    this.queue.push(...replies);
    return this;
  }

  /** Answers every request once the queue is empty. */
  otherwise(handler: Handler): this {
    this.fallback = handler;
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
    this.fallback = undefined;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const rawQuery = q < 0 ? '' : target.slice(q + 1);
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(rawQuery)) {
      const prev = query[k];
      query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    const recorded: Recorded = {
      method: req.method ?? '',
      path: q < 0 ? target : target.slice(0, q),
      rawQuery,
      url: target,
      query,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(recorded);
    const next = this.queue.shift() ?? this.fallback;
    const reply: Reply = next
      ? typeof next === 'function'
        ? await next(recorded)
        : next
      : { status: 599, body: `unexpected request ${recorded.method} ${recorded.url}` };
    if (reply.hang) return;
    const isBytes = Buffer.isBuffer(reply.body) || typeof reply.body === 'string';
    const body = reply.body === undefined ? '' : isBytes ? (reply.body as string | Buffer) : JSON.stringify(reply.body);
    const headers: Record<string, string> = {
      'Content-Type': isBytes ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      ...reply.headers,
    };
    res.writeHead(reply.status ?? 200, headers);
    if (reply.stallAfterHead) {
      res.write(body);
      return;
    }
    res.end(body);
  }
}

export const LEGACY_NS = 'urn:compound-db:legacy';

/** A bare XML document of the older interface: root in a default namespace. */
export function xmlReply(root: string, inner: string, status = 200): Reply {
  return {
    status,
    headers: { 'Content-Type': 'text/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?>\n<${root} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="${LEGACY_NS}">${inner}</${root}>`,
  };
}

export function textReply(status: number, text: string, contentType = 'text/plain; charset=utf-8'): Reply {
  return { status, headers: { 'Content-Type': contentType }, body: text };
}

export function problemReply(status: number, problem: Record<string, unknown>, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'application/problem+json', ...headers }, body: JSON.stringify(problem) };
}

/** A handler that fires `controller` once its request has arrived, and never answers: a cancel mid-request. */
export function cancelOnArrival(controller: AbortController): Handler {
  return () => {
    setImmediate(() => controller.abort());
    return { hang: true };
  };
}
