/**
 * The server a command talks to: with `--server URL` that one, with the API key and token from the environment
 * (never from a flag: flags show in process lists); without, the built-in database started in a child process on a
 * free loopback port (built-in.ts), with its development credentials.
 */
import { CompoundDbClient, makeRedactor, type Redact } from '../client';
import { DEV_API_KEY, DEV_TOKEN } from '../wire';
import { startBuiltIn, type BuiltInService } from './built-in';
import { API_KEY_ENV, TOKEN_ENV } from './environment';
import { UsageError } from './usage';

export interface Connection {
  client: CompoundDbClient;
  /** The server address (`built-in` when no --server was given). */
  baseUrl: string;
  builtIn: boolean;
  close(): Promise<void>;
}

/** Removes the environment's key and token from any text (a server may echo them). */
export function environmentRedactor(env: NodeJS.ProcessEnv = process.env): Redact {
  return makeRedactor([env[API_KEY_ENV], env[TOKEN_ENV]]);
}

export function checkServerUrl(server: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new UsageError(`--server ${JSON.stringify(server)} is not an address (expected http://host:port or https://...)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--server must be an http:// or https:// address, not ${url.protocol}`);
  if (url.username || url.password) throw new UsageError('--server must not carry a user name or password; give the key in COMPOUND_DB_API_KEY');
  return server.replace(/\/+$/, '');
}

/**
 * `oneShot`: the built-in database serves one command and exits, so its structure index is built only if asked for;
 * `needs.toolkit`: the command reads a structure, so it starts its toolkit worker at once. The built-in database
 * starts on the client's first request, not here: a command answered from its cache (a `resolve` of a list resolved
 * before) starts none.
 */
export async function connect(
  server: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  oneShot = false,
  needs: { toolkit?: boolean } = {},
): Promise<Connection> {
  if (server !== undefined) {
    const baseUrl = checkServerUrl(server);
    const apiKey = env[API_KEY_ENV] || undefined;
    const token = env[TOKEN_ENV] || undefined;
    if (!apiKey && !token) throw new UsageError(`--server needs ${API_KEY_ENV} (or ${TOKEN_ENV}, for the older interface) set in the environment`);
    return { client: new CompoundDbClient({ baseUrl, apiKey, token }), baseUrl, builtIn: false, close: async () => undefined };
  }
  let service: Promise<BuiltInService> | undefined;
  const startServer = async (): Promise<{ baseUrl: string }> => {
    service = startBuiltIn({ structureIndexOnDemand: oneShot, toolkitAtStart: needs.toolkit });
    return { baseUrl: (await service).baseUrl };
  };
  const client = new CompoundDbClient({ baseUrl: '', apiKey: DEV_API_KEY, token: DEV_TOKEN, startServer });
  return { client, baseUrl: 'built-in', builtIn: true, close: async () => (await service?.catch(() => undefined))?.close() };
}
