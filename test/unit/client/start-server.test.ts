/** `startServer`: a server started on the client's first request (the command line's built-in database), once. */
import * as assert from 'assert';
import { ConfigurationError } from '../../../src/client';
import { FakeServer, xmlReply } from './support/fake-server';
import { KEY, TOKEN, assertLegacy, makeClient } from './support/client-setup';

describe('a server started on the first request', () => {
  const server = FakeServer.forSuite();

  it('is started by the first request only, and every request of both interfaces goes to its address', async () => {
    let starts = 0;
    const startServer = async () => {
      starts++;
      await new Promise((resolve) => setImmediate(resolve));
      return { baseUrl: `${server.url}/` };
    };
    const { client } = makeClient(server, { baseUrl: '', token: TOKEN, startServer });
    assert.strictEqual(starts, 0, 'making the client starts nothing');
    server.otherwise(() => ({ body: { dataSources: ['a'] } }));
    await Promise.all([client.getDatasources(), client.getDatasources(), client.getDatasources()]);
    assert.strictEqual(starts, 1, 'requests waiting on the start share it');
    server.reset();
    server.reply(xmlReply('CompoundInfo', '<CSID>2157</CSID><SMILES>CCO</SMILES>'));
    assert.strictEqual((await client.getCompoundInfo(2157)).SMILES, 'CCO');
    assert.strictEqual(starts, 1);
    assertLegacy(server.requests[0], '/Search.asmx/GetCompoundInfo', [['csid', '2157']]);
  });

  it('fails the requests waiting on a failed start with its reason, secrets removed, and tries again on the next', async () => {
    let starts = 0;
    const startServer = async () => {
      if (++starts === 1) throw new Error(`the built-in database did not start: key ${KEY} refused`);
      return { baseUrl: server.url };
    };
    const { client } = makeClient(server, { baseUrl: '', startServer });
    server.otherwise(() => ({ body: { dataSources: ['a'] } }));
    const failed = await Promise.all(
      [client.getDatasources(), client.getDatasources()].map((p) =>
        p.then(
          () => assert.fail('should fail'),
          (e: unknown) => e,
        ),
      ),
    );
    for (const error of failed) {
      assert.ok(error instanceof ConfigurationError, String(error));
      assert.match(error.message, /the built-in database did not start/);
      assert.ok(!error.message.includes(KEY), error.message);
    }
    assert.strictEqual(server.requests.length, 0);
    assert.deepStrictEqual(await client.getDatasources(), ['a']);
    assert.strictEqual(starts, 2);
  });
});
