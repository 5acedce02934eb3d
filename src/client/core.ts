/** What every part of the client shares: resolved options, the secret redactor, the transport and the cache. */
import { CacheHook } from './cache-hook';
import { resolveOptions, type ClientOptions, type ResolvedOptions } from './options';
import { makeRedactor, type Redact } from './redact';
import { HttpTransport } from './transport';

export class ClientCore {
  readonly options: ResolvedOptions;
  readonly redact: Redact;
  readonly transport: HttpTransport;
  readonly cache: CacheHook;

  constructor(options: ClientOptions) {
    this.options = resolveOptions(options);
    this.redact = makeRedactor([this.options.apiKey, this.options.token]);
    this.transport = new HttpTransport(this.options, this.redact);
    this.cache = new CacheHook(this.options.cache);
  }

  get hasApiKey(): boolean {
    return this.options.apiKey !== undefined;
  }
  get hasToken(): boolean {
    return this.options.token !== undefined;
  }
}
