/** The extension ↔ built-in database message contract (src/wire/local-service.ts): anything else on the channel is ignored. */
import * as assert from 'assert';
import { DRAW_LIMITS, isLocalServiceDrawn, isLocalServiceDrawRequest, isLocalServiceMessage } from '../../src/wire';

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

  it('takes a draw request only when it is bounded, and its answer only in shape', () => {
    const request = { type: 'draw', id: 1, structures: ['CCO'], width: 200, height: 150 };
    assert.ok(isLocalServiceDrawRequest(request));
    for (const bad of [
      { ...request, id: 'x' },
      { ...request, width: 0 },
      { ...request, height: DRAW_LIMITS.maxPixels + 1 },
      { ...request, structures: [1] },
      { ...request, structures: Array.from({ length: DRAW_LIMITS.structures + 1 }, () => 'C') },
    ]) {
      assert.strictEqual(isLocalServiceDrawRequest(bad), false, JSON.stringify(bad).slice(0, 80));
    }
    assert.ok(isLocalServiceDrawn({ type: 'drawn', id: 1, svgs: ['<svg/>', null] }));
    assert.strictEqual(isLocalServiceDrawn({ type: 'drawn', id: 1, svgs: [1] }), false);
    assert.strictEqual(isLocalServiceMessage({ type: 'drawn', id: 1, svgs: [] }), false, 'an answer is never taken for ready');
  });
});
