import { Once } from '../../shared/in-flight';

/**
 * A part of the extension made on first use. The modules it is made from are reached only through `import()`, so
 * they are separate files of the bundle (esbuild.js) that activation neither reads nor evaluates. `made` is the part
 * once some use has made it.
 */
export class Lazy<T> {
  private readonly once = new Once<T>();
  private value?: T;

  constructor(private readonly make: () => Promise<T>) {}

  get(): Promise<T> {
    return this.once.get(async () => (this.value = await this.make()));
  }

  get made(): T | undefined {
    return this.value;
  }
}
