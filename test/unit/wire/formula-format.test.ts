import * as assert from 'assert';
import { FakeServer, xmlReply } from '../client/support/fake-server';
import { KEY, TOKEN, makeClient } from '../client/support/client-setup';
import { ASPIRIN_INCHI, ASPIRIN_KEY, record } from '../client/support/fixtures';
import { plainFormula, prettyFormula, texFormula } from '../../../src/chemistry/formula/text';

/** One format per field whatever the route: older `MF` plain, current `formula` (and a Compound's) TeX-like. */
describe('formula format is the same with a token or an API key', () => {
  const server = FakeServer.forSuite();
  const withKey = () => makeClient(server, { apiKey: KEY, token: undefined }).client;
  const withToken = () => makeClient(server, { apiKey: undefined, token: TOKEN }).client;
  const converter = () =>
    server.otherwise((req) => ({
      body: { output: (JSON.parse(req.body) as { inputFormat: string }).inputFormat === 'SMILES' ? ASPIRIN_INCHI : ASPIRIN_KEY },
    }));
  /** What a server may write: the contract's plain MF, or TeX-like as some do; the client reads either the same. */
  const molInfo = (mf: string) =>
    xmlReply(
      'ArrayOfExtendedMolCompoundInfo',
      `<ExtendedMolCompoundInfo><CSID>2157</CSID><MF>${mf}</MF><SMILES>CC(=O)Oc1ccccc1C(=O)O</SMILES><InChI>${ASPIRIN_INCHI}</InChI>` +
        `<InChIKey>${ASPIRIN_KEY}</InChIKey><AverageMass>180.1574</AverageMass><MolecularWeight>180.1574</MolecularWeight>` +
        '<MonoisotopicMass>180.042252</MonoisotopicMass><NominalMass>180</NominalMass><ALogP>0</ALogP><XLogP>0</XLogP>' +
        '<CommonName>Aspirin</CommonName><MOL2d>m2</MOL2d><MOL3d>m3</MOL3d></ExtendedMolCompoundInfo>',
    );
  const extended = (mf: string) =>
    xmlReply(
      'ExtendedCompoundInfo',
      `<CSID>2157</CSID><MF>${mf}</MF><SMILES>CCO</SMILES><InChI>${ASPIRIN_INCHI}</InChI><InChIKey>${ASPIRIN_KEY}</InChIKey>` +
        '<AverageMass>1</AverageMass><MolecularWeight>1</MolecularWeight><MonoisotopicMass>1</MonoisotopicMass><NominalMass>1</NominalMass>' +
        '<ALogP>0</ALogP><XLogP>0</XLogP><CommonName>x</CommonName>',
    );

  it('getExtendedCompoundInfo MF is plain on both routes', async () => {
    server.reply({ body: record(2157) });
    converter();
    const viaCurrent = await withKey().getExtendedCompoundInfo(2157);
    server.reply(extended('C9H8O4'), extended('C_{9}H_{8}O_{4}'));
    const token = withToken();
    const viaOlderPlain = await token.getExtendedCompoundInfo(2157);
    const viaOlderTex = await token.getExtendedCompoundInfo(2157);
    assert.deepStrictEqual([viaCurrent.MF, viaOlderPlain.MF, viaOlderTex.MF], ['C9H8O4', 'C9H8O4', 'C9H8O4']);
  });

  it("a Compound's formula and details are TeX-like on both routes", async () => {
    server.reply({ body: record(2157) });
    const viaCurrent = withKey().compound(2157);
    assert.strictEqual(await viaCurrent.formula(), 'C_{9}H_{8}O_{4}');
    server.reply(molInfo('C9H8O4'), molInfo('C_{9}H_{8}O_{4}'));
    for (const compound of [withToken().compound(2157), withToken().compound(2157)]) {
      assert.strictEqual(await compound.formula(), 'C_{9}H_{8}O_{4}');
      assert.strictEqual((await compound.details()).formula, 'C_{9}H_{8}O_{4}');
    }
  });

  it('plainFormula and texFormula are inverses, charges and isotopes included', () => {
    for (const [plain, tex] of [
      ['C9H8O4', 'C_{9}H_{8}O_{4}'],
      ['C2H3O2-', 'C_{2}H_{3}O_{2}^{-}'],
      ['O4S-2', 'O_{4}S^{2-}'],
      ['C10H16N5O13P3-4', 'C_{10}H_{16}N_{5}O_{13}P_{3}^{4-}'],
      ['CH[2H]3O', 'CH[2H]_{3}O'],
    ]) {
      assert.strictEqual(texFormula(plain), tex);
      assert.strictEqual(plainFormula(tex), plain);
      assert.strictEqual(texFormula(tex), tex, 'TeX-like text is kept');
    }
  });

  it('prettyFormula shows plain and TeX-like formulas alike, in subscripts and superscripts', () => {
    for (const [formula, shown] of [
      ['C9H8O4', 'C₉H₈O₄'],
      ['C_{9}H_{8}O_{4}', 'C₉H₈O₄'],
      ['C2H3O2-', 'C₂H₃O₂⁻'],
      ['O_{4}S^{2-}', 'O₄S²⁻'],
      ['C12H22O11', 'C₁₂H₂₂O₁₁'],
    ])
      assert.strictEqual(prettyFormula(formula), shown, formula);
  });
});
