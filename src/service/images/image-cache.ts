/** PNG depictions rendered on demand through Chemistry.depictPng and kept, bounded in count and bytes. */
import { boundedCache } from '../../shared/cache';
import type { Chemistry } from '../toolkits/types';
import type { CompoundRecord } from '../record';

export const IMAGE_SIZE = 300;

export class ImageCache {
  private readonly cache;

  constructor(
    private readonly chemistry: Chemistry,
    limits = { maxEntries: 2000, maxBytes: 64 * 1024 * 1024 },
  ) {
    this.cache = boundedCache<number, Buffer>(limits);
  }

  /** The record's PNG, or undefined when its structure cannot be drawn. */
  png(record: CompoundRecord): Buffer | undefined {
    const hit = this.cache.get(record.id);
    if (hit) return hit;
    const bytes = this.chemistry.depictPng(record.mol2D || record.smiles, IMAGE_SIZE) ?? this.chemistry.depictPng(record.smiles, IMAGE_SIZE);
    if (!bytes) return undefined;
    const png = Buffer.from(bytes);
    this.cache.set(record.id, png);
    return png;
  }
}
