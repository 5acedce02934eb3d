/** A value made by `make` on the first call and kept (the synchronous counterpart of in-flight.ts's Once). */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
