/**
 * The warm-up once the service is idle: after the structure index is built, only while no request is being served;
 * records spread over the store, one drawing per turn, stopped on close.
 */
import * as assert from 'assert';
import * as FakeTimers from '@sinonjs/fake-timers';
import { EventEmitter } from 'events';
import { loadChemistry } from '../../../src/service/toolkits';
import { ImageCache } from '../../../src/service/images/image-cache';
import { MemoryStore } from '../../../src/service/store/memory-store';
import { RequestActivity } from '../../../src/service/http/request-activity';
import type { CompoundRecord } from '../../../src/service/record';
import { warmDrawing } from '../../../src/service/images/warm-drawing';
import { buildFixtureRecords } from '../support/fixture';

describe('service drawing warm-up', () => {
  async function setUp(): Promise<{ store: MemoryStore; drawn: number[]; images: ImageCache }> {
    const chemistry = await loadChemistry();
    const store = new MemoryStore(buildFixtureRecords(chemistry));
    const real = new ImageCache(chemistry);
    const drawn: number[] = [];
    const images = Object.assign(Object.create(real) as ImageCache, {
      png: (record: CompoundRecord) => {
        drawn.push(record.id);
        return real.png(record);
      },
    });
    return { store, drawn, images };
  }

  it('draws the asked number of distinct records, spread over the store', async () => {
    const { store, drawn, images } = await setUp();
    await warmDrawing({ store, images }, new RequestActivity(), Promise.resolve(), 4).finished;
    assert.strictEqual(drawn.length, 4);
    assert.strictEqual(new Set(drawn).size, 4);
    const all = await store.all();
    assert.ok(drawn.includes(all[0].id) && !drawn.every((id, i) => id === all[i].id), `spread: ${drawn.join(',')}`);
    const before = [...drawn];
    for (const id of before) assert.ok(images.png((await store.getById(id))!), `record ${id} drawn`);
  });

  it('draws nothing once stopped before it starts, and stops between drawings', async () => {
    const early = await setUp();
    const stopped = warmDrawing({ store: early.store, images: early.images }, new RequestActivity(), Promise.resolve(), 4);
    stopped.stop();
    await stopped.finished;
    assert.deepStrictEqual(early.drawn, []);

    const late = await setUp();
    const png = late.images.png.bind(late.images);
    late.images.png = (record) => {
      warmUp.stop(); // stopped while its first drawing is under way (the warm-up draws after it has been returned)
      return png(record);
    };
    const warmUp = warmDrawing({ store: late.store, images: late.images }, new RequestActivity(), Promise.resolve(), 1000);
    await warmUp.finished;
    assert.strictEqual(late.drawn.length, 1, `${late.drawn.length} drawings after stopping at the first`);
  });

  describe('with a fake clock', () => {
    let clock: FakeTimers.Clock;
    beforeEach(() => (clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })));
    afterEach(() => clock.uninstall());

    it('starts once the index is built, and draws only while no request is being served', async () => {
      const { store, drawn, images } = await setUp();
      const activity = new RequestActivity();
      let built!: () => void;
      const warmUp = warmDrawing({ store, images }, activity, new Promise<void>((resolve) => (built = resolve)), 4);
      try {
        await clock.tickAsync(60_000);
        assert.deepStrictEqual(drawn, [], 'nothing before the index is built');
        const request = new EventEmitter();
        activity.track(request);
        built();
        await clock.tickAsync(60_000);
        assert.deepStrictEqual(drawn, [], 'nothing while a request is in flight');
        request.emit('close');
        await clock.tickAsync(199);
        assert.deepStrictEqual(drawn, [], 'nothing in the first 200 ms after the last request');
        await clock.tickAsync(1);
        await warmUp.finished;
        assert.strictEqual(drawn.length, 4, 'all drawn once the requests are done');
      } finally {
        warmUp.stop();
      }
    });
  });
});
