/** PNG depictions rendered on demand through Chemistry.depictPng and kept (least recently used dropped first). */
import type { Chemistry } from './chemistry/types';
import type { CompoundRecord } from './store/record';

export const IMAGE_SIZE = 300;

export class ImageCache {
  private readonly cache = new Map<number, Buffer>();

  constructor(
    private readonly chemistry: Chemistry,
    private readonly capacity = 2000,
  ) {}

  /** The record's PNG, or undefined when its structure cannot be drawn. */
  png(record: CompoundRecord): Buffer | undefined {
    const hit = this.cache.get(record.id);
    if (hit) {
      this.cache.delete(record.id);
      this.cache.set(record.id, hit);
      return hit;
    }
    const bytes = this.chemistry.depictPng(record.mol2D || record.smiles, IMAGE_SIZE) ?? this.chemistry.depictPng(record.smiles, IMAGE_SIZE);
    if (!bytes) return undefined;
    const png = Buffer.from(bytes);
    this.cache.set(record.id, png);
    if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value as number);
    return png;
  }
}
