/** What every part of the client shares: resolved options, the secret redactor, the transport and the cache. */
import { CacheHook } from './cache-hook';
import { ConfigurationError } from './errors';
import { resolveOptions, serverAddresses, type ClientOptions, type ResolvedOptions } from './options';
import { makeRedactor, type Redact } from './redact';
import { HttpTransport } from './transport';

export class ClientCore {
  readonly options: ResolvedOptions;
  readonly redact: Redact;
  readonly transport: HttpTransport;
  readonly cache: CacheHook;
  private started?: Promise<void>;

  constructor(options: ClientOptions) {
    this.options = resolveOptions(options);
    this.redact = makeRedactor([this.options.apiKey, this.options.token]);
    this.transport = new HttpTransport(this.options, this.redact);
    this.cache = new CacheHook(this.options.cache);
  }

  /** Settles once the server's addresses are known: at once, or (with `startServer`) once the server has started. */
  ready(): Promise<void> {
    const start = this.options.startServer;
    if (!start) return Promise.resolve();
    return (this.started ??= start().then(
      (addresses) => void Object.assign(this.options, serverAddresses(addresses)),
      (error: unknown) => {
        this.started = undefined; // the next request tries again
        throw new ConfigurationError(this.redact(error instanceof Error ? error.message : String(error)));
      },
    ));
  }

  get hasApiKey(): boolean {
    return this.options.apiKey !== undefined;
  }
  get hasToken(): boolean {
    return this.options.token !== undefined;
  }
}
