/** A client wired to a FakeServer, and the assertions of the wire contract shared by the client tests. */
import * as assert from 'assert';
import { CompoundDbClient, type ClientOptions, type RequestLogEntry } from '../../../../src/client';
import { CancelledError } from '../../../../src/client/errors';
import type { FakeServer, Recorded } from './fake-server';

export const KEY = 'test-key-5f1c2a0b';
export const TOKEN = 'test-token-9d8e7b6a';
export const UA = 'compound-db-tests/1.0';

export interface Harness {
  client: CompoundDbClient;
  sleeps: number[];
  logs: RequestLogEntry[];
}

/** Sleeps are recorded, not waited (no timed tests); they still honour a cancel. */
export function makeClient(server: FakeServer, options: Partial<ClientOptions> = {}): Harness {
  const sleeps: number[] = [];
  const logs: RequestLogEntry[] = [];
  const client = new CompoundDbClient({
    baseUrl: server.url,
    apiKey: KEY,
    userAgent: UA,
    timeoutMs: 5000,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new CancelledError();
      sleeps.push(ms);
    },
    log: (e) => logs.push(e),
    ...options,
  });
  return { client, sleeps, logs };
}

/** Checks a current-interface request: method, path, apikey, user agent, content type, query and JSON body. */
export function assertCurrent(
  req: Recorded | undefined,
  method: 'GET' | 'POST',
  path: string,
  expect: { query?: Record<string, string | string[]>; body?: unknown } = {},
): void {
  assert.ok(req, `expected a request ${method} ${path}`);
  assert.strictEqual(req.method, method);
  assert.strictEqual(req.path, `/compounds/v1/${path}`);
  assert.strictEqual(req.headers.apikey, KEY);
  assert.strictEqual(req.headers['user-agent'], UA);
  assert.deepStrictEqual(req.query, expect.query ?? {});
  if (expect.body === undefined) {
    assert.strictEqual(req.body, '');
    assert.strictEqual(req.headers['content-type'], undefined);
  } else {
    assert.strictEqual(req.headers['content-type'], 'application/json');
    assert.deepStrictEqual(JSON.parse(req.body), expect.body);
  }
}

/** Checks an older-interface request: POST, form-encoded fields in order (token last when sent), no apikey. */
export function assertLegacy(req: Recorded | undefined, path: string, fields: Array<[string, string]>, withToken = true): void {
  assert.ok(req, `expected a request POST ${path}`);
  assert.strictEqual(req.method, 'POST');
  assert.strictEqual(req.path, path);
  assert.strictEqual(req.rawQuery, '');
  assert.strictEqual(req.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.strictEqual(req.headers['user-agent'], UA);
  assert.strictEqual(req.headers.apikey, undefined);
  const expected = withToken ? [...fields, ['token', TOKEN]] : fields;
  assert.deepStrictEqual([...new URLSearchParams(req.body)], expected);
}
