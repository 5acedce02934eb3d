/** `compound-db load --database URL [FILE.sdf ...]`: bulk load into a PostgreSQL store (src/service/database). */
import { runDatabaseCommand } from '../database-commands';
import { USAGES } from '../usages';

export const usage = USAGES.load;

export function run(args: string[]): Promise<number> {
  return runDatabaseCommand(['load', ...args]);
}
