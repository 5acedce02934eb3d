/**
 * The database subcommands of the command line: `load --database URL [FILE.sdf ...]`, `db start [--dir DIR]`,
 * `db stop [--dir DIR]`. Returns the exit code (0 done, 1 failed, 2 bad usage).
 */
import { loadChemistry } from '../service/toolkits';
import { DEFAULT_CLUSTER_DIR, startCluster, stopCluster } from '../service/database/cluster';
import { loadIntoDatabase } from '../service/database/load';

const DATABASE_USAGE = `  compound-db load --database URL [FILE.sdf ...]   load SDF files (or, with none, the shipped collection) into PostgreSQL
  compound-db db start [--dir DIR]                 start a throwaway local PostgreSQL with the RDKit cartridge; prints its URL last
  compound-db db stop [--dir DIR]                  stop it and delete its folder (default ${DEFAULT_CLUSTER_DIR})`;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(i, 2);
  return v;
}

async function run(argv: readonly string[]): Promise<void> {
  const args = [...argv];
  const command = args.shift();
  if (command === 'load') {
    const url = option(args, '--database') ?? process.env.COMPOUND_DB_DATABASE;
    if (!url) throw new UsageError('load needs --database URL');
    const unknown = args.find((a) => a.startsWith('--'));
    if (unknown) throw new UsageError(`unknown option ${unknown}`);
    const started = Date.now();
    const written = await loadIntoDatabase(
      url,
      args,
      () => loadChemistry(),
      (line) => console.log(line),
    );
    const s = (Date.now() - started) / 1000;
    console.log(`${written} records written in ${s.toFixed(1)} s (${Math.round(written / Math.max(s, 0.001))} records/s)`);
    return;
  }
  const action = args.shift();
  const dir = option(args, '--dir') ?? DEFAULT_CLUSTER_DIR;
  if (args.length) throw new UsageError(`unexpected ${args[0]}`);
  if (action === 'start') console.log(await startCluster(dir, (line) => console.error(line)));
  else if (action === 'stop') console.error(stopCluster(dir) ? `stopped and removed the cluster in ${dir}` : `no cluster in ${dir}`);
  else throw new UsageError(`db needs start or stop, not ${action ?? 'nothing'}`);
}

export async function runDatabaseCommand(argv: readonly string[]): Promise<number> {
  try {
    await run(argv);
    return 0;
  } catch (err) {
    console.error(`compound-db ${argv[0]}: ${err instanceof Error ? err.message : String(err)}`);
    if (err instanceof UsageError) console.error(`Usage:\n${DATABASE_USAGE}`);
    return err instanceof UsageError ? 2 : 1;
  }
}
