import * as assert from 'assert';
import {
  ApiKeyRequiredError,
  AuthorizationError,
  BadRequestError,
  CancelledError,
  CompoundDbClient,
  CompoundDbError,
  ConfigurationError,
  HttpError,
  MethodError,
  NetworkError,
  NotFoundError,
  ParseError,
  PayloadError,
  RateError,
  ServerError,
  TimeoutError,
  UnavailableError,
  parseRetryAfter,
} from '../../../src/client';
import { FakeServer, cancelOnArrival, problemReply, textReply } from './support/fake-server';
import { KEY, makeClient } from './support/client-setup';
import { abortableSleep, type Sleep } from '../../../src/client/sleep';

describe('transport and errors', () => {
  const server = FakeServer.forSuite();

  const cases: Array<[number, new (...a: never[]) => HttpError, string]> = [
    [400, BadRequestError, 'BadRequest'],
    [401, AuthorizationError, 'Authorization'],
    [404, NotFoundError, 'NotFound'],
    [405, MethodError, 'Method'],
    [413, PayloadError, 'Payload'],
    [429, RateError, 'Rate'],
    [500, ServerError, 'Server'],
    [503, UnavailableError, 'Unavailable'],
  ];
  for (const [status, ErrorClass, kind] of cases) {
    it(`HTTP ${status} is a ${ErrorClass.name} with a message from the problem JSON`, async () => {
      server.reply(
        problemReply(status, {
          type: 'about:blank',
          title: `Title ${status}`,
          status,
          detail: `Detail of ${status}`,
          errors: { mass: ['mass 0.5 is outside the allowed 1 to 11000 amu'] },
        }),
      );
      const { client } = makeClient(server, { retries: 0 });
      const error = await client.getDatasources().then(
        () => assert.fail('should fail'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ErrorClass, `got ${String(error)}`);
      assert.ok(error instanceof HttpError && error instanceof CompoundDbError);
      assert.strictEqual(error.status, status);
      assert.strictEqual(error.kind, kind);
      assert.match(error.message, new RegExp(`Title ${status}`));
      assert.match(error.message, new RegExp(`Detail of ${status}`));
      assert.match(error.message, /mass 0\.5 is outside the allowed 1 to 11000 amu/);
      assert.match(error.message, new RegExp(`HTTP ${status}`));
      assert.deepStrictEqual(error.fieldErrors, [{ field: 'mass', message: 'mass 0.5 is outside the allowed 1 to 11000 amu' }]);
      assert.strictEqual(server.requests.length, 1, 'not retried with retries 0');
    });
  }

  it('another status is a plain HttpError with its code', async () => {
    server.reply(textReply(418, "I'm a teapot"));
    const { client } = makeClient(server);
    await assert.rejects(client.getDatasources(), (e: unknown) => {
      assert.ok(e instanceof HttpError);
      assert.strictEqual(e.constructor, HttpError);
      assert.strictEqual(e.status, 418);
      assert.match(e.message, /I'm a teapot \(HTTP 418/);
      return true;
    });
  });

  it('a gateway HTML page becomes a readable message, without tags', async () => {
    server.reply(
      textReply(
        502,
        '<html><head><title>502 Bad Gateway</title><style>p{}</style></head><body><h1>Bad Gateway</h1><p>upstream down</p></body></html>',
        'text/html',
      ),
    );
    const { client } = makeClient(server);
    await assert.rejects(client.getDatasources(), (e: unknown) => {
      assert.ok(e instanceof HttpError);
      assert.strictEqual(e.status, 502);
      assert.match(e.message, /502 Bad Gateway Bad Gateway upstream down/);
      assert.doesNotMatch(e.message, /[<>]/);
      return true;
    });
  });

  it('an error with no body falls back to the reason phrase', async () => {
    server.reply({ status: 404, body: '' });
    const { client } = makeClient(server);
    await assert.rejects(client.getMol(1), (e: unknown) => e instanceof NotFoundError && e.message === 'Not Found (HTTP 404)');
  });

  it('a long body is capped', async () => {
    server.reply(textReply(500, 'x'.repeat(5000)));
    const { client } = makeClient(server);
    await assert.rejects(client.getMol(1), (e: unknown) => e instanceof ServerError && e.message.length < 400);
  });

  it('a 200 answer that is not JSON is a ParseError', async () => {
    server.reply(textReply(200, '<html>maintenance</html>', 'text/html'));
    const { client } = makeClient(server);
    await assert.rejects(client.getDatasources(), (e: unknown) => e instanceof ParseError && /getDatasources is not JSON/.test(e.message));
  });

  it('a 200 answer missing its key is a ParseError', async () => {
    server.reply({ body: { something: 1 } });
    const { client } = makeClient(server);
    await assert.rejects(client.getDatasources(), ParseError);
  });

  describe('retries of 429 and 503', () => {
    it('honours Retry-After (seconds) and then succeeds', async () => {
      server.reply(problemReply(429, { title: 'Too Many Requests' }, { 'Retry-After': '2' }), { body: { dataSources: ['a'] } });
      const { client, sleeps } = makeClient(server);
      assert.deepStrictEqual(await client.getDatasources(), ['a']);
      assert.strictEqual(server.requests.length, 2);
      assert.deepStrictEqual(sleeps, [2000]);
    });

    it('backs off exponentially without Retry-After', async () => {
      server.reply({ status: 503 }, { status: 503 }, { body: { dataSources: [] } });
      const { client, sleeps } = makeClient(server);
      await client.getDatasources();
      assert.deepStrictEqual(sleeps, [500, 1000]);
    });

    it('gives up after the configured retries with the error of the last answer', async () => {
      server.otherwise(() => problemReply(429, { title: 'Too Many Requests', detail: 'budget spent' }, { 'Retry-After': '1' }));
      const { client, sleeps } = makeClient(server, { retries: 3 });
      await assert.rejects(client.getDatasources(), (e: unknown) => e instanceof RateError && /budget spent/.test(e.message));
      assert.strictEqual(server.requests.length, 4);
      assert.deepStrictEqual(sleeps, [1000, 1000, 1000]);
    });

    it('cuts a very long Retry-After to the maximum wait', async () => {
      server.reply({ status: 503, headers: { 'Retry-After': '3600' } }, { body: { dataSources: [] } });
      const { client, sleeps } = makeClient(server, { maxRetryWaitMs: 5000 });
      await client.getDatasources();
      assert.deepStrictEqual(sleeps, [5000]);
    });

    it('does not retry other errors', async () => {
      server.otherwise(() => ({ status: 500, body: { title: 'boom' } }));
      const { client } = makeClient(server);
      await assert.rejects(client.getDatasources(), ServerError);
      assert.strictEqual(server.requests.length, 1);
    });

    it('parses Retry-After as seconds or an HTTP date', () => {
      const now = Date.parse('2026-01-01T00:00:00Z');
      assert.strictEqual(parseRetryAfter('3', now), 3000);
      assert.strictEqual(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now), 10_000);
      assert.strictEqual(parseRetryAfter('soon', now), undefined);
      assert.strictEqual(parseRetryAfter(null, now), undefined);
    });
  });

  it('a slow answer hits the timeout', async () => {
    server.reply({ hang: true });
    const { client } = makeClient(server, { timeoutMs: 50 });
    await assert.rejects(client.getDatasources(), (e: unknown) => e instanceof TimeoutError && /within 50 ms/.test(e.message));
  });

  it('a body that stalls after the headers hits the timeout too', async () => {
    server.reply({ stallAfterHead: true, body: '{"dataSources":' });
    const { client } = makeClient(server, { timeoutMs: 50 });
    await assert.rejects(client.getDatasources(), TimeoutError);
  });

  it('a cancel during a retry wait stops the retries', async () => {
    server.otherwise(() => ({ status: 503, headers: { 'Retry-After': '30' } }));
    const controller = new AbortController();
    let waits = 0;
    // The cancel comes as the client starts its wait for the 503's Retry-After (30 s), whatever the machine's speed.
    const sleep: Sleep = (ms, signal) => {
      waits += 1;
      controller.abort();
      return abortableSleep(ms, signal);
    };
    const client = new CompoundDbClient({ baseUrl: server.url, apiKey: KEY, sleep });
    await assert.rejects(client.getDatasources({ signal: controller.signal }), CancelledError);
    assert.strictEqual(waits, 1);
    assert.strictEqual(server.requests.length, 1);
  });

  it('a refused connection is a NetworkError', async () => {
    const gone = await FakeServer.start();
    const url = gone.url;
    await gone.close();
    const client = new CompoundDbClient({ baseUrl: url, apiKey: KEY });
    await assert.rejects(client.getDatasources(), (e: unknown) => {
      assert.ok(e instanceof NetworkError);
      assert.strictEqual(e.code, 'ECONNREFUSED');
      assert.match(e.message, /connection refused/);
      return true;
    });
  });

  it('a cancel during a request rejects with CancelledError', async () => {
    const controller = new AbortController();
    server.reply(cancelOnArrival(controller));
    const { client } = makeClient(server);
    await assert.rejects(client.getDatasources({ signal: controller.signal }), CancelledError);
    assert.strictEqual(server.requests.length, 1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { client } = makeClient(server);
    await assert.rejects(client.getDatasources({ signal: AbortSignal.abort() }), CancelledError);
    assert.strictEqual(server.requests.length, 0);
  });

  it('redirects are not followed (the API key stays with the configured server)', async () => {
    server.reply({ status: 302, headers: { Location: 'http://127.0.0.1:1/elsewhere' } });
    const { client } = makeClient(server);
    await assert.rejects(client.getDatasources(), (e: unknown) => e instanceof HttpError && e.status === 302);
    assert.strictEqual(server.requests.length, 1);
  });

  it('missing server address or API key is said before any request', async () => {
    await assert.rejects(
      new CompoundDbClient({ baseUrl: '', apiKey: KEY }).getDatasources(),
      (e: unknown) => e instanceof ConfigurationError && /baseUrl/.test(e.message),
    );
    await assert.rejects(new CompoundDbClient({ baseUrl: server.url }).getDatasources(), ApiKeyRequiredError);
    assert.strictEqual(server.requests.length, 0);
  });

  it('logs method, path, status and time of each attempt', async () => {
    server.reply({ status: 503 }, { body: { records: [] } });
    const { client, logs } = makeClient(server);
    await client.getDetailsBatch([1]);
    assert.deepStrictEqual(
      logs.map(({ method, path, status, attempt }) => ({ method, path, status, attempt })),
      [
        { method: 'POST', path: '/compounds/v1/records/batch', status: 503, attempt: 1 },
        { method: 'POST', path: '/compounds/v1/records/batch', status: 200, attempt: 2 },
      ],
    );
    assert.ok(logs.every((l) => typeof l.ms === 'number' && l.ms >= 0));
  });
});
