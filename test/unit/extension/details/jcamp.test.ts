/** JCAMP-DX peak tables as the details panel reads them. */
import * as assert from 'assert';
import { parseJcamp } from '../../../../src/extension/details/jcamp';

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
