import * as assert from 'assert';
import { classifyQuery, isPlainWord, looksLikeSmiles, parseSmilesSyntax, type QueryKind } from '../../../src/client';
import { CONVERT_FORMATS, conversionChain, isAllowedConversion } from '../../../src/wire';
import { smilesSyntaxError } from '../../../src/chemistry/smiles-syntax';

describe('SMILES syntax', () => {
  const valid = [
    'C',
    'CCO',
    'c1ccccc1',
    'CC(=O)Oc1ccccc1C(=O)O',
    'Cn1cnc2c1c(=O)n(C)c(=O)n2C',
    '[Na+].[Cl-]',
    '[2H]C([2H])([2H])O',
    'C[C@@H](N)C(=O)O',
    'F/C=C/F',
    'C1CC2CCC1C2',
    'C%10CCCCC%10',
    '[NH4+]',
    '[Fe+3]',
    '[13CH4]',
    'OC[C@H]1OC(O)[C@H](O)[C@@H](O)[C@@H]1O',
    'ClC(Cl)Cl',
    'BrCBr',
    '[se]1cccc1',
    '*C',
    '[O-][N+](=O)c1ccccc1',
    'C=1CCCCC1',
    'CC(C)(C)C',
    '[Cu+2]',
    'N#N',
    'C$C',
    '[CH3:1]C',
  ];
  const invalid = [
    '',
    'C(',
    'C)',
    'C1CC',
    'C((C))',
    'C()C',
    '=C',
    'C=',
    'C..C',
    '.C',
    '(C)C',
    '1CC1',
    'C11',
    '[Xx]',
    '[C',
    'C]',
    'aspirin',
    'hello world',
    'C C',
    'Cq',
    '%1C',
    'C%1',
    'C(C)1CC1',
    'C-(C)',
    '[]',
  ];
  for (const s of valid) it(`accepts ${s}`, () => assert.ok(parseSmilesSyntax(s).ok, JSON.stringify(parseSmilesSyntax(s))));
  for (const s of invalid) it(`rejects ${JSON.stringify(s)}`, () => assert.strictEqual(parseSmilesSyntax(s).ok, false));

  it('counts atoms and parts', () => {
    assert.deepStrictEqual(parseSmilesSyntax('[Na+].[Cl-]'), { ok: true, atoms: 2, components: 2 });
    assert.deepStrictEqual(parseSmilesSyntax('CC(=O)O'), { ok: true, atoms: 4, components: 1 });
  });

  it('says where and why it failed', () => {
    const r = parseSmilesSyntax('CC(C');
    assert.ok(!r.ok && /unbalanced \(/.test(r.reason));
    const q = parseSmilesSyntax('C1CC');
    assert.ok(!q.ok && /ring 1 not closed/.test(q.reason));
  });

  it('plain words are not SMILES even when they parse', () => {
    assert.ok(isPlainWord('Cocos') && parseSmilesSyntax('Cocos').ok, 'Cocos parses (C o c o s) but is a word');
    assert.strictEqual(looksLikeSmiles('Cocos'), false);
    assert.strictEqual(isPlainWord('CCO'), false);
    assert.strictEqual(isPlainWord('ClCCl'), false);
    assert.strictEqual(looksLikeSmiles('CCO'), true);
    assert.strictEqual(looksLikeSmiles(' c1ccccc1 '), true);
  });
});

describe('classifyQuery', () => {
  const table: Array<[string | number, QueryKind]> = [
    [2157, 'recordId'],
    ['2157', 'recordId'],
    [' 42 ', 'recordId'],
    ['InChI=1S/CH4/h1H4', 'inchi'],
    ['BSYNRYMUTXBXSQ-UHFFFAOYSA-N', 'inchikey'],
    ['CC(=O)Oc1ccccc1C(=O)O', 'smiles'],
    ['CCO', 'smiles'],
    ['[Na+].[Cl-]', 'smiles'],
    ['aspirin', 'name'],
    ['Cocos', 'name'],
    ['acetylsalicylic acid', 'name'],
    ['2-propanol', 'name'],
    ['vitamin B12', 'name'],
    ['BSYNRYMUTXBXSQ-UHFFFAOYSA', 'name'],
    // A Hill formula of real elements is a formula (issue 27); a word that is a symbol, or out of Hill order, is not.
    ['C9H8O4', 'formula'],
    ['C8H10N4O2', 'formula'],
    ['ClNa', 'formula'],
    ['H2O4S', 'formula'],
    ['Co', 'name'],
    ['NaCl', 'name'],
    ['C9H8O4Xx', 'name'],
    ['H4C', 'name'],
    ['C1H4', 'name'],
  ];
  for (const [query, kind] of table) it(`${JSON.stringify(query)} → ${kind}`, () => assert.strictEqual(classifyQuery(query), kind));
});

describe('smilesSyntaxError (resolve: a SMILES that does not parse is an error)', () => {
  it('names the rule a SMILES-alphabet text breaks, and leaves names, words and record IDs alone', () => {
    assert.match(smilesSyntaxError('C1CC(') ?? '', /unbalanced \(/);
    assert.match(smilesSyntaxError('CC(=O') ?? '', /unbalanced/);
    for (const text of ['CCO', 'caffeine', 'N-(4-Hydroxyphenyl)acetamide', '1358', 'L-(+)-Lactic acid', 'vitamin B12', 'C9H8O4']) {
      assert.strictEqual(smilesSyntaxError(text), undefined, text);
    }
  });
});

describe('conversionChain', () => {
  it('reaches every pair of the four formats through the allowed conversions', () => {
    assert.deepStrictEqual(conversionChain('SMILES', 'InChIKey'), ['SMILES', 'InChI', 'InChIKey']);
    for (const from of CONVERT_FORMATS) {
      for (const to of CONVERT_FORMATS) {
        const chain = conversionChain(from, to);
        if (from === to) assert.strictEqual(chain, undefined);
        else {
          assert.ok(chain && chain[0] === from && chain[chain.length - 1] === to, `${from} → ${to}`);
          for (let i = 1; i < chain.length; i++) assert.ok(isAllowedConversion(chain[i - 1], chain[i]), `${chain[i - 1]} → ${chain[i]}`);
        }
      }
    }
  });
});
