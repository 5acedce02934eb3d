/**
 * Issue 8: a server cannot hurt the client. Answers past the size cap (gzip bombs included) end in a clear error, a
 * server closing mid-body is a connection error at once, and one call with its retries ends by its deadline.
 */
import * as assert from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { gzipSync } from 'zlib';
import { CompoundDbClient, NetworkError, ResponseTooLargeError, UnavailableError } from '../../../src/client';

type Handle = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function withServer(handle: Handle, use: (url: string) => Promise<void>): Promise<void> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const ZEROS = Buffer.alloc(64 * 1024 * 1024);

describe('client: response size cap, early close, deadline (issue 8)', () => {
  it('a gzip bomb ends in ResponseTooLargeError without growing the process', async () => {
    const bomb = gzipSync(ZEROS);
    await withServer(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': String(bomb.length) });
        res.end(bomb);
      },
      async (url) => {
        const client = new CompoundDbClient({ baseUrl: url, apiKey: 'k'.repeat(16), maxResponseBytes: 1024 * 1024, retries: 0 });
        const before = process.memoryUsage().rss;
        await assert.rejects(client.getDatasources(), (err: Error) => {
          assert.ok(err instanceof ResponseTooLargeError, String(err));
          assert.match(err.message, /larger than 1048576 bytes/);
          return true;
        });
        assert.ok(process.memoryUsage().rss - before < 48 * 1024 * 1024, 'the body was not inflated in full');
      },
    );
  });

  it('SDF results that unpack past maxSdfBytes end in ResponseTooLargeError', async () => {
    const payload = JSON.stringify({ results: gzipSync(ZEROS).toString('base64') });
    await withServer(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(payload);
      },
      async (url) => {
        const client = new CompoundDbClient({ baseUrl: url, apiKey: 'k'.repeat(16), maxSdfBytes: 2 * 1024 * 1024, retries: 0 });
        await assert.rejects(client.filterResultsSdf('0f8c5d2e-1b5e-4a63-9f59-3e3f1c0a9b10'), ResponseTooLargeError);
      },
    );
  });

  it('a server closing the connection mid-body is a NetworkError at once, not a timeout', async () => {
    await withServer(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        res.write('{"dataSources": [');
        setTimeout(() => res.socket?.destroy(), 20);
      },
      async (url) => {
        const client = new CompoundDbClient({ baseUrl: url, apiKey: 'k'.repeat(16), timeoutMs: 20_000, retries: 0 });
        const started = Date.now();
        await assert.rejects(client.getDatasources(), (err: Error) => {
          assert.ok(err instanceof NetworkError, String(err));
          assert.match(err.message, /closed the connection before the whole answer arrived/);
          return true;
        });
        assert.ok(Date.now() - started < 5000, `${Date.now() - started} ms`);
      },
    );
  });

  it('one call with retries ends by its deadline (default options would otherwise take minutes)', async () => {
    let clock = 0;
    let calls = 0;
    await withServer(
      (_req, res) => {
        calls++;
        res.writeHead(503, { 'Content-Type': 'application/problem+json', 'Retry-After': '60' });
        res.end(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503 }));
      },
      async (url) => {
        const client = new CompoundDbClient({
          baseUrl: url,
          apiKey: 'k'.repeat(16),
          deadlineMs: 90_000,
          now: () => clock,
          sleep: async (ms) => {
            clock += ms;
          },
        });
        await assert.rejects(client.getDatasources(), UnavailableError);
        // Attempts at 0 s and 60 s; a third would start after 120 s, past the 90 s deadline.
        assert.strictEqual(calls, 2);
        assert.ok(clock <= 90_000, `waited ${clock} ms`);
      },
    );
  });
});
