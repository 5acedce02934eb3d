import * as assert from 'assert';
import * as path from 'path';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import { api, run, setSetting, waitFor } from '../helpers';
import { tempDir } from '../../../support/temp';

suite('Data files of the built-in database', () => {
  test('a missing data file is left out, said once, and the rest is served', async () => {
    const a = await api();
    await run('compoundDb.useBuiltInDatabase', {});
    const missing = path.join(tempDir('data'), 'deleted.sdf');
    const before = a.localService().info?.baseUrl;
    const noticesBefore = a.skippedDataFileNotices().length;
    await setSetting('localService.dataFiles', [missing]);
    try {
      await waitFor(
        () => a.localService().state === 'running' && a.localService().info?.baseUrl !== before,
        'the built-in database to restart',
        60_000,
      );
      assert.deepStrictEqual(a.localService().info?.skippedDataFiles, [{ file: missing, reason: 'ENOENT' }]);
      const found = await run<SearchState>('compoundDb.searchByName', { name: 'caffeine' });
      assert.strictEqual(found.error, undefined, 'searches still work');
      assert.ok(found.ids.length > 0);
      assert.doesNotMatch(a.statusBarText(), /failed/);
      const notices = a.skippedDataFileNotices().slice(noticesBefore);
      assert.strictEqual(notices.length, 1, 'said once');
      assert.ok(notices[0].includes(missing) && /no such file/.test(notices[0]), notices[0]);

      // A restart that skips the same file again does not say it again.
      const running = a.localService().info?.baseUrl;
      await run('compoundDb.restartLocalService', {});
      await waitFor(() => a.localService().state === 'running' && a.localService().info?.baseUrl !== running, 'the restart', 60_000);
      assert.strictEqual(a.skippedDataFileNotices().length, noticesBefore + 1);
    } finally {
      await setSetting('localService.dataFiles', undefined);
    }
  });
});
