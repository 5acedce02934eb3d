/** `compound-db load --database URL [FILE.sdf ...]`: bulk load into a PostgreSQL store (src/service/database). */
import { runDatabaseCommand } from '../../service/database/commands';

export const usage = 'compound-db load --database URL [F.sdf ...]   (the shipped collection when no file is named)';

export function run(args: string[]): Promise<number> {
  return runDatabaseCommand(['load', ...args]);
}
