import * as assert from 'assert';
import { CompoundDbClient, InputError } from '../../../src/client';
import type { DetailsField } from '../../../src/wire';
import { FakeServer } from './support/fake-server';
import { TOKEN, makeClient } from './support/client-setup';

/** Spec 8 limits and spec 4.2 input rules: refused before any request, naming the input, the value and the limit. */
describe('limits and input rules are checked before any request', () => {
  const server = FakeServer.forSuite();
  let client: CompoundDbClient;
  beforeEach(() => {
    client = makeClient(server, { token: TOKEN }).client;
  });

  const elements = (n: number): string[] => Array.from({ length: n }, () => 'C');
  const cases: Array<[string, () => Promise<unknown>, RegExp[]]> = [
    ['mass below 1', () => client.filterMass(0.5, 1), [/mass/, /0\.5/, /1 to 11000/]],
    ['mass above 11000', () => client.filterMass(11000.5, 1), [/mass/, /11000\.5/, /1 to 11000/]],
    ['mass range below 0.0001', () => client.filterMass(100, 0.00001), [/range/, /0\.00001|1e-5/, /0\.0001 to 100/]],
    ['mass range above 100', () => client.filterMass(100, 101), [/range/, /101/, /0\.0001 to 100/]],
    [
      'a mass batch pair out of range',
      () =>
        client.filterMassBatch([
          { mass: 100, range: 1 },
          { mass: 0, range: 1 },
        ]),
      [/masses\[1\]\.mass/, /\b0\b/, /1 to 11000/],
    ],
    [
      'a negative intrinsic mass',
      () => client.filterIntrinsicProperty({ averageMass: { mass: -1, range: 1 } }),
      [/averageMass\.mass/, /-1/, /negative/],
    ],
    ['16 included elements', () => client.filterElement({ includeElements: elements(16) }), [/includeElements/, /16/, /at most 15/]],
    [
      '101 excluded elements',
      () => client.filterElement({ includeElements: ['C'], excludeElements: elements(101) }),
      [/excludeElements/, /101/, /at most 100/],
    ],
    ['no included element', () => client.filterElement({ includeElements: [] }), [/includeElements/, /at least one/]],
    ['a symbol that is no element', () => client.filterElement({ includeElements: ['Xx'] }), [/includeElements/, /"Xx"/, /not an element symbol/]],
    [
      'a bad complexity',
      () => client.filterElement({ includeElements: ['C'], complexity: 'some' as 'any' }),
      [/complexity/, /"some"/, /any, single, multiple/],
    ],
    ['intrinsic property with no input', () => client.filterIntrinsicProperty({ complexity: 'any' }), [/at least one of formula, molecularWeight/]],
    ['a conversion that is not allowed', () => client.convert('CCO', 'SMILES', 'Mol'), [/SMILES to Mol/, /not allowed/, /InChI to InChIKey/]],
    ['an unknown convert format', () => client.convert('CCO', 'CML' as 'Mol', 'InChI'), [/inputFormat/, /"CML"/]],
    ['an InChIKey of the wrong shape', () => client.filterInchikey('not-a-key'), [/inchikey/, /"not-a-key"/, /14 letters/]],
    ['an InChI without its prefix', () => client.filterInchi('1S/CH4/h1H4'), [/inchi/, /InChI=1S\//]],
    ['an empty name', () => client.filterName('  '), [/name/, /non-empty/]],
    ['an empty formula list', () => client.filterFormulaBatch([]), [/formulas/]],
    ['an unknown details field', () => client.getDetails(1, ['Colour' as DetailsField]), [/fields/, /"Colour"/]],
    ['a record ID that is not a number', () => client.getDetails('12a'), [/recordId/, /"12a"/, /positive whole number/]],
    ['a compound of record ID 0', async () => client.compound(0), [/recordId/, /\b0\b/, /positive whole number/]],
    ['a search for record ID 0', () => client.search('0', { raiseErrors: true }), [/recordId/, /\b0\b/, /positive whole number/]],
    ['an empty batch', () => client.getDetailsBatch([]), [/recordIds/, /non-empty/]],
    ['a negative start', () => client.filterResults('q', -1), [/start/, /-1/, /at least 0/]],
    ['an empty query ID', () => client.filterStatus(''), [/queryId/]],
    ['a bad mol type', () => client.getExtendedMolCompoundInfoList([1], { molType: '4d' as '2d' }), [/molType/, /"4d"/, /2d, 3d, both/]],
    ['a count below -1', () => client.getAsyncSearchResultPart('r', 0, -2), [/count/, /-2/, /at least -1/]],
    ['an unknown older sort key', () => client.asyncSimpleSearchOrdered('x', 'weight' as 'dbid'), [/order/, /"weight"/, /record_id/]],
    [
      'no status checks for a search',
      () => client.search('aspirin', { maxStatusChecks: 0, raiseErrors: true }),
      [/maxStatusChecks/, /\b0\b/, /at least 1/],
    ],
  ];
  for (const [what, call, patterns] of cases) {
    it(what, async () => {
      const error = await call().then(
        () => assert.fail('should be refused'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof InputError, `got ${String(error)}`);
      assert.strictEqual(error.kind, 'Input');
      assert.ok(error.fieldErrors.length > 0);
      for (const p of patterns) assert.match(error.message, p);
      assert.strictEqual(server.requests.length, 0, 'no request was sent');
    });
  }
});
