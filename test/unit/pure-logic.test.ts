/** The extension's pure logic in plain Node, without VS Code: JCAMP parsing, hover targets and lookup, persisted search states. */
import * as assert from 'assert';
import { parseJcamp } from '../../src/extension/details/jcamp';
import { findHoverTarget } from '../../src/extension/hover/hoverTargets';
import { HighlightedImages } from '../../src/extension/hover/hoverHighlight';
import { HoverLookup, type HoverBackend } from '../../src/extension/hover/hoverLookup';
import { highlightForRecord, newSearchState, sanitizeStates, type SanitizeRules } from '../../src/extension/searches/searchStateData';
import type { RecordDetails } from '../../src/wire';

describe('JCAMP parsing', () => {
  it('reads a peak table, scaled by XFACTOR and YFACTOR, with titles and units', () => {
    const s = parseJcamp(
      [
        '##TITLE= caffeine',
        '##XUNITS= M/Z',
        '##YUNITS= RELATIVE ABUNDANCE',
        '##XFACTOR= 2',
        '##YFACTOR= 0.5',
        '##PEAK TABLE= (XY..XY)',
        '97.5, 100 98 20',
        '##END=',
      ].join('\n'),
    );
    const { labels, ...rest } = s;
    assert.deepStrictEqual(rest, {
      title: 'caffeine',
      xUnits: 'M/Z',
      yUnits: 'RELATIVE ABUNDANCE',
      points: [
        [195, 50],
        [196, 10],
      ],
    });
    assert.strictEqual(labels.get('XFACTOR'), '2');
    assert.strictEqual(labels.get('PEAKTABLE'), '(XY..XY)');
  });

  it('keeps every label by its normalised name, for the plot details', () => {
    const s = parseJcamp(['##TITLE= x', '##$PRECURSOR M/Z= 195.0877', '##$COLLISION ENERGY= 30 eV', '##END='].join('\n'));
    assert.strictEqual(s.labels.get('$PRECURSORMZ'), '195.0877');
    assert.strictEqual(s.labels.get('$COLLISIONENERGY'), '30 eV');
  });

  it('reads XYDATA (X++(Y..Y)) in plain form: X spaced from FIRSTX to LASTX, Y scaled', () => {
    const text = ['##TITLE= ir', '##FIRSTX= 100', '##LASTX= 105', '##YFACTOR= 10', '##XYDATA= (X++(Y..Y))', '100 1 2 3', '103 4 5 6', '##END='].join(
      '\r\n',
    );
    assert.deepStrictEqual(parseJcamp(text).points, [
      [100, 10],
      [101, 20],
      [102, 30],
      [103, 40],
      [104, 50],
      [105, 60],
    ]);
  });

  it('XYDATA without LASTX steps by one; $$ comments are ignored', () => {
    const text = ['##FIRSTX= 5', '##XYDATA= (X++(Y..Y))', '5 7 8 $$ a comment 99', '##END='].join('\n');
    assert.deepStrictEqual(parseJcamp(text).points, [
      [5, 7],
      [6, 8],
    ]);
  });

  it('compressed (ASDF) XYDATA yields no points rather than wrong ones', () => {
    const text = ['##FIRSTX= 0', '##LASTX= 3', '##XYDATA= (X++(Y..Y))', '0A1j2k3', '##END='].join('\n');
    assert.deepStrictEqual(parseJcamp(text).points, []);
  });

  it('an empty or foreign text is an untitled spectrum with no points', () => {
    assert.deepStrictEqual(parseJcamp(''), { title: 'Spectrum', xUnits: '', yUnits: '', points: [], labels: new Map() });
    assert.deepStrictEqual(parseJcamp('<html>not jcamp</html>').points, []);
  });
});

describe('Hover target finding', () => {
  const both = { inchikey: true, smiles: true };
  const key = 'RYYVLZVUVIJVGH-UHFFFAOYSA-N';

  it('finds an InChIKey under the cursor with its range', () => {
    const line = `caffeine: ${key}.`;
    assert.deepStrictEqual(findHoverTarget(line, 15, both), { kind: 'inchikey', text: key, start: 10, end: 10 + key.length });
  });

  it('finds a SMILES, without sentence punctuation or wrapping parentheses', () => {
    const line = 'ethanol (CCO), then';
    const t = findHoverTarget(line, 10, both);
    assert.deepStrictEqual(t && { kind: t.kind, text: t.text, start: t.start }, { kind: 'smiles', text: 'CCO', start: 9 });
    assert.strictEqual(findHoverTarget('benzene c1ccccc1.', 10, both)?.text, 'c1ccccc1');
  });

  it('leaves words alone and honours a kind turned off', () => {
    assert.strictEqual(findHoverTarget('the CON of it', 5, both), undefined);
    assert.strictEqual(findHoverTarget(key, 3, { inchikey: false, smiles: true })?.kind, undefined);
    assert.strictEqual(findHoverTarget('CCO', 1, { inchikey: true, smiles: false }), undefined);
  });

  it('nothing outside a token', () => {
    assert.strictEqual(findHoverTarget(`${key}   `, key.length + 2, both), undefined);
  });
});

describe('Hover lookup', () => {
  const details = (id: number) => ({ id, commonName: `record ${id}` }) as unknown as RecordDetails;
  function backend(overrides: Partial<HoverBackend> = {}) {
    const calls: string[] = [];
    const b: HoverBackend = {
      find: async (kind, text) => (calls.push(`find ${kind} ${text}`), text === 'none' ? [] : [1, 2]),
      details: async (id) => (calls.push(`details ${id}`), details(id)),
      image: async (id) => (calls.push(`image ${id}`), new Uint8Array([1, 2, 3])),
      ...overrides,
    };
    return { b, calls };
  }

  it('looks up the first record with its image, then answers from the cache', async () => {
    const { b, calls } = backend();
    let asked = 0;
    const lookup = new HoverLookup(async () => (asked++, b));
    const info = await lookup.lookup('smiles', 'CCO');
    assert.deepStrictEqual(info, { kind: 'smiles', query: 'CCO', recordIds: [1, 2], details: details(1), imageBase64: 'AQID' });
    await lookup.lookup('smiles', 'CCO');
    assert.deepStrictEqual(calls, ['find smiles CCO', 'details 1', 'image 1']);
    assert.strictEqual(asked, 1, 'the backend was asked once');
  });

  it('joins a lookup of the same key already running', async () => {
    const { b, calls } = backend();
    const lookup = new HoverLookup(async () => b);
    await Promise.all([lookup.lookup('smiles', 'CCO'), lookup.lookup('smiles', 'CCO'), lookup.lookup('inchikey', 'CCO')]);
    assert.strictEqual(calls.filter((c) => c.startsWith('find')).length, 2);
  });

  it('no match: no details asked; a failed image still shows the details; a failure is not kept', async () => {
    let fail = true;
    const { b, calls } = backend({
      image: async () => Promise.reject(new Error('no image')),
      details: async (id) => (fail ? Promise.reject(new Error('down')) : details(id)),
    });
    const lookup = new HoverLookup(async () => b);
    assert.deepStrictEqual(await lookup.lookup('smiles', 'none'), { kind: 'smiles', query: 'none', recordIds: [] });
    await assert.rejects(lookup.lookup('smiles', 'CCO'), /down/);
    fail = false;
    const info = await lookup.lookup('smiles', 'CCO');
    assert.strictEqual(info.imageBase64, undefined);
    assert.strictEqual(info.details?.id, 1);
    assert.deepStrictEqual(calls, ['find smiles none', 'find smiles CCO', 'find smiles CCO'], 'the failure was looked up again');
  });

  it('clear: a lookup started before it does not fill the new cache', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { b } = backend({ find: async () => (await gate, [1]) });
    let asked = 0;
    const lookup = new HoverLookup(async () => (asked++, b));
    const old = lookup.lookup('smiles', 'CCO');
    lookup.clear();
    release();
    await old;
    await lookup.lookup('smiles', 'CCO');
    assert.strictEqual(asked, 2);
  });

  it('is bounded by entries', async () => {
    const { b } = backend();
    let asked = 0;
    const lookup = new HoverLookup(async () => (asked++, b), { maxEntries: 2, maxBytes: 1_000_000 });
    for (const t of ['CCO', 'CCN', 'CCC', 'CCO']) await lookup.lookup('smiles', t);
    assert.strictEqual(asked, 4, 'CCO was dropped for CCC');
  });
});

describe('Hover highlight of a record from a structure search', () => {
  const search = (id: string, spec: object, ids: number[]) => ({ ...newSearchState(id, spec as never), ids });
  const states = [
    search('a', { kind: 'similarity', smiles: 'c1ccccc1' }, [1, 2, 3]),
    search('b', { kind: 'substructure', query: 'c1ccncc1', queryFormat: 'SMILES' }, [2, 5]),
    search('c', { kind: 'substructure', query: '[OX2H]c', queryFormat: 'SMARTS' }, [2, 3]),
  ];

  it('takes the query of the newest substructure search whose results hold the record', () => {
    assert.deepStrictEqual(highlightForRecord(states, 2), { query: 'c1ccncc1', format: 'SMILES' });
    assert.deepStrictEqual(highlightForRecord(states, 3), { query: '[OX2H]c', format: 'SMARTS' }, 'a similarity search highlights nothing');
    assert.strictEqual(highlightForRecord(states, 1), undefined);
    assert.strictEqual(highlightForRecord(states, 9), undefined);
  });

  it('fetches each highlighted image once, keeps no failure, and forgets everything on clear', async () => {
    const calls: string[] = [];
    let fail = true;
    const images = new HighlightedImages(async (id, h) => {
      calls.push(`${id} ${h.format} ${h.query}`);
      if (fail) throw new Error('down');
      return new Uint8Array([1, 2, 3]);
    });
    const h = { query: 'c1ccncc1', format: 'SMILES' as const };
    await assert.rejects(images.image(5, h), /down/);
    fail = false;
    const [a, b] = await Promise.all([images.image(5, h), images.image(5, h)]);
    assert.strictEqual(a, 'AQID');
    assert.strictEqual(b, 'AQID');
    await images.image(5, h);
    await images.image(5, { ...h, format: 'SMARTS' });
    assert.deepStrictEqual(calls, ['5 SMILES c1ccncc1', '5 SMILES c1ccncc1', '5 SMARTS c1ccncc1']);
    images.clear();
    await images.image(5, h);
    assert.strictEqual(calls.length, 4);
  });
});

describe('Persisted search states', () => {
  const rules: SanitizeRules = { specIsValid: (spec) => spec.kind === 'name', interrupted: 'interrupted', now: 42 };
  const spec = { kind: 'name', name: 'caffeine' };

  it('keeps well-formed states, drops damaged ones and unknown specs', () => {
    const kept = sanitizeStates(
      [
        null,
        'x',
        { id: 1, spec },
        { id: 'a' },
        { id: 'b', spec: { kind: 'gone' } },
        { id: 'c', spec, status: 'Complete', ids: [1, 'x', 2.5, 3], more: true, createdAt: 7 },
      ],
      rules,
    );
    assert.deepStrictEqual(
      kept.map((s) => [s.id, s.ids, s.more, s.status, s.createdAt]),
      [['c', [1, 3], true, 'Complete', 7]],
    );
  });

  it('a search running when the window closed is stopped with a message; missing fields get safe values', () => {
    const [s] = sanitizeStates(
      [{ id: 'r', spec, running: true, groups: [{ label: 'C2H6O', ids: [1, 'y'] }, { label: 3 }], openGroups: ['C2H6O', 4] }],
      rules,
    );
    assert.strictEqual(s.running, false);
    assert.strictEqual(s.error, 'interrupted');
    assert.strictEqual(s.status, 'Unknown');
    assert.strictEqual(s.createdAt, 42);
    assert.deepStrictEqual(s.groups, [{ label: 'C2H6O', ids: [1] }]);
    assert.deepStrictEqual(s.openGroups, ['C2H6O']);
    assert.deepStrictEqual([s.shown, s.labels], [{}, {}]);
  });

  it('anything but a list is no states', () => {
    assert.deepStrictEqual(sanitizeStates({ id: 'a', spec }, rules), []);
    assert.deepStrictEqual(sanitizeStates(undefined, rules), []);
  });
});
