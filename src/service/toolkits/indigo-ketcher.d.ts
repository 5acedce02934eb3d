/** The small part of indigo-ketcher's (untyped, ESM-only) API this project uses. */
declare module 'indigo-ketcher/binaryWasmNoRender' {
  export interface IndigoMapStringString {
    set(key: string, value: string): void;
    delete(): void;
  }
  export interface IndigoModule {
    MapStringString: new () => IndigoMapStringString;
    convert(structure: string, format: string, options: IndigoMapStringString): string;
    /** The structure with a fresh 2D layout, written in `format`. */
    layout(structure: string, format: string, options: IndigoMapStringString): string;
    version(): string;
  }
  const factory: (options: { wasmBinary: Uint8Array }) => Promise<IndigoModule>;
  export default factory;
}
