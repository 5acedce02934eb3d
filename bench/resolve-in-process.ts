/**
 * The resolve bench's "before": `compound-db resolve` (the same command code) the way it ran before issue 12's speed
 * work, for a side-by-side figure in one run: the built-in database in the command's own process, its structure
 * index built after listening, and every SMILES parsed (the store's SMILES lookup taken away). Arguments as for
 * `compound-db resolve` without --server, less the word `resolve`.
 */
import { processContext } from '../src/cli/context';
import { run } from '../src/cli/commands/resolve';
import { CompoundDbClient } from '../src/client';
import { DEV_API_KEY, DEV_TOKEN, MemoryStore, startService } from '../src/service';

async function main(): Promise<number> {
  (MemoryStore.prototype as { getBySmiles?: unknown }).getBySmiles = undefined;
  const service = await startService({ port: 0, host: '127.0.0.1' });
  try {
    const client = new CompoundDbClient({ baseUrl: service.baseUrl, apiKey: DEV_API_KEY, token: DEV_TOKEN });
    const cli = processContext(new AbortController().signal);
    return await run(process.argv.slice(2), {
      ...cli,
      withConnection: (_server, work) => work({ client, baseUrl: 'built-in', builtIn: true, close: async () => undefined }),
    });
  } finally {
    await service.close();
  }
}

void main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
