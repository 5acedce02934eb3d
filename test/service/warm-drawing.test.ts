/**
 * The warm-up once the service is idle: after the structure index is built, only while no request is being served;
 * records spread over the store, one drawing per turn, stopped on close.
 */
import * as assert from 'assert';
import { EventEmitter } from 'events';
import { loadChemistry } from '../../src/service/chemistry';
import { ImageCache } from '../../src/service/image-cache';
import { MemoryStore } from '../../src/service/store/memory-store';
import { RequestActivity } from '../../src/service/request-activity';
import type { CompoundRecord } from '../../src/service/store/record';
import { warmDrawing } from '../../src/service/warm-drawing';
import { buildFixtureRecords } from './support/fixture';

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

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  };

  it('draws the asked number of distinct records, spread over the store', async () => {
    const { store, drawn, images } = await setUp();
    const stop = warmDrawing({ store, images }, new RequestActivity(), Promise.resolve(), 4);
    await until(() => drawn.length >= 4);
    await new Promise((r) => setTimeout(r, 100));
    stop();
    assert.strictEqual(drawn.length, 4);
    assert.strictEqual(new Set(drawn).size, 4);
    const all = await store.all();
    assert.ok(drawn.includes(all[0].id) && !drawn.every((id, i) => id === all[i].id), `spread: ${drawn.join(',')}`);
    const before = [...drawn];
    for (const id of before) assert.ok(images.png((await store.getById(id))!), `record ${id} drawn`);
  });

  it('draws nothing once stopped before it starts, and stops between drawings', async () => {
    const early = await setUp();
    warmDrawing({ store: early.store, images: early.images }, new RequestActivity(), Promise.resolve(), 4)();
    await new Promise((r) => setTimeout(r, 500));
    assert.deepStrictEqual(early.drawn, []);

    const late = await setUp();
    const stop = warmDrawing({ store: late.store, images: late.images }, new RequestActivity(), Promise.resolve(), 1000);
    await until(() => late.drawn.length >= 1);
    stop();
    const seen = late.drawn.length;
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(late.drawn.length <= seen + 1, `${late.drawn.length} drawings after stopping at ${seen}`);
  });

  it('starts once the index is built, and draws only while no request is being served', async () => {
    const { store, drawn, images } = await setUp();
    const activity = new RequestActivity();
    let built!: () => void;
    const stop = warmDrawing({ store, images }, activity, new Promise<void>((resolve) => (built = resolve)), 4);
    try {
      await new Promise((r) => setTimeout(r, 400));
      assert.deepStrictEqual(drawn, [], 'nothing before the index is built');
      const request = new EventEmitter();
      activity.track(request);
      built();
      await new Promise((r) => setTimeout(r, 400));
      assert.deepStrictEqual(drawn, [], 'nothing while a request is in flight');
      request.emit('close');
      await until(() => drawn.length >= 4);
      assert.strictEqual(drawn.length, 4, 'all drawn once the requests are done');
    } finally {
      stop();
    }
  });
});
