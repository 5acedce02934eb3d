import * as assert from 'assert';
import { CompoundDbError, type RequestLogEntry } from '../../../src/client';
import { LEGACY_ERROR_TEXT } from '../../../src/wire';
import { FakeServer, problemReply, textReply, xmlReply } from './support/fake-server';
import { KEY, TOKEN, makeClient } from './support/client-setup';

/** The API key only in the `apikey` header, the token only in the form body: never in a URL, log line or error. */
describe('secrets stay out of URLs, logs and errors', () => {
  const server = FakeServer.forSuite();

  it('greps every logged line, error message and requested URL for the key and the token', async () => {
    const echo = `key=${KEY} token=${TOKEN} ${encodeURIComponent(KEY)}`;
    server.reply(
      { body: { dataSources: ['a'] } },
      problemReply(400, { title: `Bad key ${KEY}`, detail: `token ${TOKEN}`, errors: { apikey: [`${KEY} is wrong`] } }),
      textReply(502, `<html><body>upstream said ${echo}</body></html>`, 'text/html'),
      { status: 429, headers: { 'Retry-After': '0' }, body: echo },
      textReply(500, echo),
      xmlReply('ArrayOfString', '<string>x</string>'),
      textReply(500, `${LEGACY_ERROR_TEXT.unauthorized} ${echo}`),
      textReply(500, `Something else: ${echo}`),
      xmlReply('CompoundInfo', '<CSID>1</CSID>'),
      textReply(404, echo),
      xmlReply(TOKEN, KEY),
    );
    const { client, logs } = makeClient(server, { token: TOKEN, retries: 1 });
    const errors: unknown[] = [];
    const attempt = async (p: Promise<unknown>): Promise<void> => {
      await p.catch((e: unknown) => errors.push(e));
    };
    await attempt(client.getDatasources());
    await attempt(client.filterMass(100, 1));
    await attempt(client.getMol(1));
    await attempt(client.getImage(1));
    await attempt(client.getDatabases());
    await attempt(client.getAllSpectraInfo());
    await attempt(client.getOriginalMol(1));
    await attempt(client.getCompoundInfo(1));
    await attempt(client.getSpectrumData(1));
    await attempt(client.simpleSearch('x'));

    assert.strictEqual(errors.length, 7, 'the failing calls failed');
    const texts = [
      ...logs.map((l: RequestLogEntry) => JSON.stringify(l)),
      ...errors.map((e) => {
        assert.ok(e instanceof CompoundDbError);
        return `${e.message} ${JSON.stringify({ ...e })} ${e.stack ?? ''}`;
      }),
      ...server.requests.map((r) => r.url),
    ];
    assert.ok(texts.length > 20);
    for (const text of texts) {
      assert.ok(!text.includes(KEY), `key found in: ${text}`);
      assert.ok(!text.includes(TOKEN), `token found in: ${text}`);
    }
    assert.ok(
      errors.some((e) => String((e as Error).message).includes('[redacted]')),
      'echoed secrets are replaced',
    );

    // and they did travel where the contract puts them
    const current = server.requests.filter((r) => r.path.startsWith('/compounds/'));
    const older = server.requests.filter((r) => r.path.includes('.asmx/'));
    assert.ok(current.length > 0 && current.every((r) => r.headers.apikey === KEY && !r.body.includes(TOKEN)));
    assert.ok(older.every((r) => r.headers.apikey === undefined && !r.body.includes(KEY)));
    assert.ok(older.filter((r) => !r.path.endsWith('GetDatabases')).every((r) => new URLSearchParams(r.body).get('token') === TOKEN));
    assert.ok(older.filter((r) => r.path.endsWith('GetDatabases')).every((r) => !r.body.includes(TOKEN)));
  });
});
