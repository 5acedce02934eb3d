/**
 * A fresh process runs RDKit's and resvg's WASM before V8 has optimised it: an early hover's image took ~30 ms to draw
 * against ~5 ms later, and V8's optimising compiler then ran for seconds on the same two cores as the requests. So
 * once the service is idle (its structure index built, no request for a moment) the service the extension runs reads
 * the MOL blocks in the background (the first details panel then does not wait for them) and draws some of its own
 * structures, one per event-loop turn, each only while no request is being served. Images drawn are cached.
 */
import { prefetchMolBlocks } from '../collection/shipped-collection';
import type { ServiceContext } from '../context';
import type { RequestActivity } from '../http/request-activity';

/** Drawings made; measured on the shipped collection, V8's background compiling had calmed after about this many. */
const WARM_DRAWINGS = 48;
/** How long no request must have been served before a step of the warm-up runs. */
export const QUIET_MS = 200;

export interface WarmUp {
  /** Stops the warm-up (the service is closing); a drawing under way ends the loop at its next step. */
  stop(): void;
  /** Settles when the warm-up has drawn all it would or has seen that it was stopped. */
  finished: Promise<void>;
}

/** Starts the warm-up once `after` settles. */
export function warmDrawing(
  ctx: Pick<ServiceContext, 'store' | 'images'>,
  activity: Pick<RequestActivity, 'quiet'>,
  after: Promise<unknown>,
  drawings = WARM_DRAWINGS,
): WarmUp {
  let stopped = false;
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const run = async () => {
    await after.catch(() => undefined);
    const records = await ctx.store.all();
    await activity.quiet(QUIET_MS);
    if (stopped) return;
    await prefetchMolBlocks(records);
    // spread over the collection: small and large structures, rings, charges, stereo
    const step = Math.max(1, Math.floor(records.length / drawings));
    for (let i = 0; i < drawings && i * step < records.length; i++) {
      await activity.quiet(QUIET_MS);
      if (stopped) return;
      ctx.images.png(records[i * step]);
      await turn();
    }
  };
  return {
    stop: () => {
      stopped = true;
    },
    finished: run(),
  };
}
