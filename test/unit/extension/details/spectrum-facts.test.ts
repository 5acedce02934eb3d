import * as assert from 'assert';
import { spectrumFacts } from '../../../../src/extension/details/spectrumFacts';
import { peakLinesOfOneLine } from '../../../../src/extension/spectra/spectrumText';

const base = { spc_id: 1, spc_type: 'ESI+', csid: 2, file_name: 'x.jdx' };

describe('spectrum facts of the details table', () => {
  it('reads the opening sentence of the shipped comments', () => {
    const facts = spectrumFacts({
      ...base,
      comments:
        'Measured MS2 spectrum, ESI+; precursor m/z 179.0697 [M+H]+; collision energy 10(NCE); Q-Exactive Orbitrap Thermo Scientific (LC-ESI-ITFT). Mellein; LC-ESI-ITFT; MS2; CE: 10; R=17500; [M+H]+. From MassBank record MSBNK-AAFC-AC000001; licence CC BY-SA 4.0.',
      original_url: 'https://example.org/r/1',
      submitted_date: '2017-07-07T00:00:00',
    });
    assert.deepStrictEqual(
      { ...facts, provenance: undefined },
      {
        type: 'ESI+',
        msLevel: 'MS2',
        precursorMz: 179.0697,
        adduct: '[M+H]+',
        collisionEnergy: '10(NCE)',
        instrument: 'Q-Exactive Orbitrap Thermo Scientific (LC-ESI-ITFT)',
        provenance: undefined,
      },
    );
    assert.match(facts.provenance, /^Mellein; LC-ESI-ITFT/);
    assert.match(facts.provenance, /From MassBank record MSBNK-AAFC-AC000001/);
    assert.match(facts.provenance, /https:\/\/example\.org\/r\/1 · submitted 2017-07-07$/);
  });

  it('an instrument holding a semicolon, a precursor type without m/z, no collision energy', () => {
    const facts = spectrumFacts({
      ...base,
      comments: 'Measured MS1 spectrum, EI; precursor [M]+*; LTQ Orbitrap XL; HP-1100 (LC-ESI-ITFT). Title. From MassBank record X.',
    });
    assert.strictEqual(facts.msLevel, 'MS1');
    assert.strictEqual(facts.precursorMz, undefined);
    assert.strictEqual(facts.adduct, '[M]+*');
    assert.strictEqual(facts.collisionEnergy, undefined);
    assert.strictEqual(facts.instrument, 'LTQ Orbitrap XL; HP-1100 (LC-ESI-ITFT)');
  });

  it('comments of another server: the type, and the whole comment as provenance', () => {
    const facts = spectrumFacts({ ...base, spc_type: 'IR', comments: 'Recorded in KBr. From a lab.' });
    assert.deepStrictEqual(facts, { type: 'IR', provenance: 'Recorded in KBr. From a lab.' });
  });
});

describe('peaks typed on one line', () => {
  it('pairs of numbers become lines; other text is left as it is', () => {
    assert.strictEqual(peakLinesOfOneLine('195.0877 100, 138.0662 42.5'), '195.0877 100\n138.0662 42.5');
    assert.strictEqual(peakLinesOfOneLine('195.0877 100 138.0662'), '195.0877 100 138.0662');
    assert.strictEqual(peakLinesOfOneLine('195.0877:100 138.0662:42.5'), '195.0877:100 138.0662:42.5');
    assert.strictEqual(peakLinesOfOneLine('195.0877 100\n138.0662 42.5'), '195.0877 100\n138.0662 42.5');
    assert.strictEqual(peakLinesOfOneLine('m/z int'), 'm/z int');
  });
});
