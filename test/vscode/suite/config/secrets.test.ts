import * as assert from 'assert';
import * as vscode from 'vscode';
import * as fs from 'fs';
import * as path from 'path';
import { startFakeServer } from '../fakeServer';
import { api, recordIdByName, run, setSetting, waitFor } from '../helpers';

/** Everything VS Code has written of the extension's output channel. */
async function logText(folder: string): Promise<string> {
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.log')) : [];
  return files.map((f) => fs.readFileSync(path.join(folder, f), 'utf8')).join('\n');
}

/**
 * The API key and token work only from SecretStorage: pointing compoundDb.serverUrl at the local service
 * (as if it were a remote server) makes every request carry the stored secrets, or fail without them.
 */
suite('Secrets', () => {
  let baseUrl: string;
  let recordId: number;

  suiteSetup(async () => {
    const a = await api();
    const info = await run<{ baseUrl: string }>('compoundDb.useBuiltInDatabase', {});
    baseUrl = info.baseUrl;
    recordId = await recordIdByName('caffeine');
    assert.strictEqual(a.localService().state, 'running');
  });

  suiteTeardown(async () => {
    await setSetting('serverUrl', undefined);
    await run('compoundDb.clearApiKey', {});
    await run('compoundDb.clearToken', {});
  });

  test('set and clear the API key and the token', async () => {
    await run('compoundDb.clearApiKey', {});
    await run('compoundDb.clearToken', {});
    await setSetting('serverUrl', baseUrl);
    const a = await api();
    await waitFor(() => a.statusBarText().includes('127.0.0.1'), 'the status bar to show the configured server');

    await assert.rejects(run('compoundDb.getDatasources', {}), /API key/);

    assert.strictEqual(await run('compoundDb.setApiKey', { value: 'compound-db-dev-key' }), true);
    const sources = await run<string[]>('compoundDb.getDatasources', {});
    assert.ok(sources.length > 0);

    // the older interface's original MOL has no current replacement: it needs the token
    await assert.rejects(run('compoundDb.legacy.getOriginalMol', { recordId }), /token/i);
    assert.strictEqual(await run('compoundDb.setToken', { value: 'compound-db-dev-token' }), true);
    const mol = await run<string>('compoundDb.legacy.getOriginalMol', { recordId });
    assert.match(mol, /M {2}END/);

    assert.strictEqual(await run('compoundDb.clearToken', {}), true, 'a token was stored');
    await assert.rejects(run('compoundDb.legacy.getOriginalMol', { recordId }), /token/i);
    assert.strictEqual(await run('compoundDb.clearApiKey', {}), true, 'a key was stored');
    assert.strictEqual(await run('compoundDb.clearApiKey', {}), false, 'the key is gone');
    await assert.rejects(run('compoundDb.getDatasources', {}), /API key/);
  });

  test('a wrong key is refused by the server, and the key never lands in settings', async () => {
    await setSetting('serverUrl', baseUrl);
    await run('compoundDb.setApiKey', { value: 'not-the-right-key-0123' });
    await assert.rejects(run('compoundDb.getDatasources', {}), (e: Error) => !e.message.includes('not-the-right-key-0123'));
    const settings = JSON.stringify(vscode.workspace.getConfiguration('compoundDb'));
    assert.ok(!settings.includes('not-the-right-key-0123'));
    await run('compoundDb.clearApiKey', {});
  });

  test('the log has every request but never the key, even when a server echoes it', async () => {
    const a = await api();
    const key = 'echoed-key-0123456789';
    const echo = await startFakeServer((r) => ({
      status: 401,
      json: { title: 'Unauthorized', detail: `the key ${String(r.headers.apikey)} is not valid` },
    }));
    try {
      await setSetting('serverUrl', echo.url);
      await run('compoundDb.setApiKey', { value: key });
      await assert.rejects(run('compoundDb.getDatasources', {}), (e: Error) => /not valid/.test(e.message) && !e.message.includes(key));
      assert.strictEqual(echo.requests[0]?.headers.apikey, key, 'the server did get the key');
      const log = await waitFor(
        () => logText(a.logFolder).then((t) => (/GET \/compounds\/v1\/lookups\/datasources 401/.test(t) ? t : undefined)),
        'the request in the log',
      );
      assert.match(log, /compoundDb\.getDatasources: .*not valid/, 'the error is logged');
      assert.ok(!log.includes(key), 'the key is not in the log');
    } finally {
      await run('compoundDb.clearApiKey', {});
      await echo.close();
    }
  });

  test('the built-in database\'s start-up lines say "development credentials", never the key or the token', async () => {
    const a = await api();
    await setSetting('serverUrl', undefined);
    const running = a.localService().info?.baseUrl;
    await run('compoundDb.restartLocalService', {});
    await waitFor(() => a.localService().state === 'running' && a.localService().info?.baseUrl !== running, 'the restart', 60_000);
    const log = await waitFor(
      () => logText(a.logFolder).then((t) => (/development credentials/.test(t) ? t : undefined)),
      'the start-up line in the log',
    );
    assert.ok(!log.includes('compound-db-dev-key'), 'no development key in the log');
    assert.ok(!log.includes('compound-db-dev-token'), 'no development token in the log');
  });

  test('with no server configured the built-in database answers without any secret', async () => {
    await setSetting('serverUrl', undefined);
    const a = await api();
    await waitFor(() => a.statusBarText().includes('built-in'), 'the status bar to show the built-in database');
    assert.ok((await run<string[]>('compoundDb.getDatasources', {})).length > 0);
  });
});
