/** The extension ↔ built-in database message contract (src/wire/local-service.ts): anything else on the channel is ignored. */
import * as assert from 'assert';
import { isLocalServiceMessage } from '../../../src/wire';

describe('local service messages', () => {
  it('accepts the two messages the service sends', () => {
    assert.ok(
      isLocalServiceMessage({
        type: 'ready',
        baseUrl: 'http://127.0.0.1:1',
        legacyBaseUrl: 'http://127.0.0.1:1',
        records: 3,
        dataSources: ['a'],
        skippedDataFiles: [{ file: 'x.sdf', reason: 'not found' }],
      }),
    );
    assert.ok(isLocalServiceMessage({ type: 'error', message: 'port in use' }));
  });
  it('refuses anything else', () => {
    for (const m of [
      null,
      'ready',
      { type: 'ready' },
      { type: 'ready', baseUrl: 'x', legacyBaseUrl: 'x', records: '3', dataSources: [], skippedDataFiles: [] },
      { type: 'ready', baseUrl: 'x', legacyBaseUrl: 'x', records: 3, dataSources: [1], skippedDataFiles: [] },
      { type: 'ready', baseUrl: 'x', legacyBaseUrl: 'x', records: 3, dataSources: [], skippedDataFiles: [{ file: 1 }] },
      { type: 'error' },
      { type: 'other', message: 'x' },
    ]) {
      assert.strictEqual(isLocalServiceMessage(m), false, JSON.stringify(m));
    }
  });
});
