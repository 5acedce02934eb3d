/** The name index's substring search (trigram lists) against a plain `includes` over every key. */
import * as assert from 'assert';
import { SubstringIndex } from '../../../../src/service/store/substring-index';

/** A small deterministic generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const bruteForce = (keys: readonly string[], text: string): number[] => keys.flatMap((k, i) => (k.includes(text) ? [i] : []));

describe('substring index', () => {
  it('finds exactly the keys a plain scan finds, for texts taken from the keys and made up', () => {
    const next = random(29);
    // A small alphabet, so trigrams repeat across keys and lists share hashes; a few characters beyond Latin-1.
    const alphabet = 'aceilnort -(),0123αβ±';
    const word = (length: number) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    const keys = Array.from({ length: 3000 }, () => word(1 + Math.floor(next() * 40)));
    keys.push('', 'ab', 'caffeine', 'caffeine', '1,3,7-trimethylxanthine');
    const index = new SubstringIndex(keys);
    const texts = new Set(['caf', 'caffeine', 'xanthine', 'zzz', 'eee', 'ααα', '1,3', 'e i']);
    for (let i = 0; i < 400; i++) {
      const key = keys[Math.floor(next() * keys.length)];
      const from = Math.floor(next() * key.length);
      const text = key.slice(from, from + 3 + Math.floor(next() * 8));
      if (text.length >= 3) texts.add(text);
      texts.add(word(3 + Math.floor(next() * 4)));
    }
    for (const text of texts) assert.deepStrictEqual(index.containing(text), bruteForce(keys, text), JSON.stringify(text));
  });

  it('refuses a text of fewer than three characters, naming it', () => {
    assert.throws(() => new SubstringIndex(['abc']).containing('ab'), /at least 3 characters: "ab"/);
  });
});
