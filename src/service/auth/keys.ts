/**
 * Who may call: API keys (current interface) and security tokens with a role (older interface).
 * Keys file format (JSON):
 *   { "apiKeys": ["key-1", "key-2"], "tokens": [{ "token": "tok-1", "role": "subscriber" }, { "token": "tok-2", "role": "user" }] }
 * Without a keys file the development credentials below are accepted, on a loopback host only.
 */
import { readFileSync } from 'fs';
import { createHash, timingSafeEqual } from 'crypto';
import { DEV_API_KEY, DEV_TOKEN } from '../../wire';

export type TokenRole = 'user' | 'subscriber';

export { DEV_API_KEY, DEV_TOKEN };

export interface KeysConfig {
  apiKeys: string[];
  tokens: Array<{ token: string; role: TokenRole }>;
}

export const DEV_KEYS: KeysConfig = { apiKeys: [DEV_API_KEY], tokens: [{ token: DEV_TOKEN, role: 'subscriber' }] };

/** Reads and checks a keys file; the error names the file and the problem, never a secret. */
export function loadKeysFile(file: string): KeysConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`keys file ${file} cannot be read: ${(err as NodeJS.ErrnoException).code ?? 'read error'}`, { cause: err });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the error, which here is a secret: never pass it on.
    throw new Error(`keys file ${file} is not valid JSON (see the format in src/service/README.md)`);
  }
  return parseKeys(value, file);
}

export function parseKeys(value: unknown, origin = 'keys'): KeysConfig {
  const v = (value ?? {}) as { apiKeys?: unknown; tokens?: unknown };
  const apiKeys = v.apiKeys ?? [];
  const tokens = v.tokens ?? [];
  if (!Array.isArray(apiKeys) || apiKeys.some((k) => typeof k !== 'string' || k.length < 8)) {
    throw new Error(`${origin}: "apiKeys" must be a list of strings of at least 8 characters`);
  }
  if (!Array.isArray(tokens) || tokens.some((t) => !isTokenEntry(t))) {
    throw new Error(`${origin}: "tokens" must be a list of {"token": string of at least 8 characters, "role": "user" or "subscriber"}`);
  }
  if (apiKeys.length === 0 && tokens.length === 0) throw new Error(`${origin}: no API key and no token`);
  return { apiKeys: apiKeys as string[], tokens: tokens as KeysConfig['tokens'] };
}

function isTokenEntry(t: unknown): t is KeysConfig['tokens'][number] {
  const { token, role } = (t ?? {}) as { token?: unknown; role?: unknown };
  return typeof token === 'string' && token.length >= 8 && (role === 'user' || role === 'subscriber');
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Checks secrets by comparing digests in constant time. */
export class Credentials {
  private readonly keys: Buffer[];
  private readonly tokens: Array<{ digest: Buffer; role: TokenRole }>;

  constructor(config: KeysConfig) {
    this.keys = config.apiKeys.map(digest);
    this.tokens = config.tokens.map((t) => ({ digest: digest(t.token), role: t.role }));
  }

  isApiKey(candidate: string | undefined): boolean {
    if (!candidate) return false;
    const d = digest(candidate);
    return this.keys.some((k) => timingSafeEqual(k, d));
  }

  roleOf(token: string | undefined): TokenRole | undefined {
    if (!token) return undefined;
    const d = digest(token);
    return this.tokens.find((t) => timingSafeEqual(t.digest, d))?.role;
  }
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}
