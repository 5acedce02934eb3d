/**
 * A fresh process runs RDKit's and resvg's WASM before V8 has optimised it: an early hover's image took ~30 ms to draw
 * against ~5 ms later, and V8's optimising compiler then ran for seconds on the same two cores as the requests. A
 * moment after listening the service the extension runs draws some of its own structures, one per event-loop turn
 * (a request waits behind at most one drawing), so the code is warm when the user hovers. Images drawn are cached.
 */
import type { ServiceContext } from './context';

/** Drawings made; measured on the shipped collection, V8's background compiling had calmed after about this many. */
const WARM_DRAWINGS = 48;
const START_DELAY_MS = 300;

/** Starts the warm-up; the returned function stops it (the service is closing). */
export function warmDrawing(ctx: Pick<ServiceContext, 'store' | 'images'>, drawings = WARM_DRAWINGS): () => void {
  let stopped = false;
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const run = async () => {
    const records = await ctx.store.all();
    // spread over the collection: small and large structures, rings, charges, stereo
    const step = Math.max(1, Math.floor(records.length / drawings));
    for (let i = 0; i < drawings && i * step < records.length && !stopped; i++) {
      ctx.images.png(records[i * step]);
      await turn();
    }
  };
  const start = setTimeout(() => void run(), START_DELAY_MS).unref();
  return () => {
    stopped = true; // a drawing under way ends the loop at its next turn
    clearTimeout(start);
  };
}
