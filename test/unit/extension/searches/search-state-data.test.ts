/** The Searches tree's persisted states: read back safely after a restart. */
import * as assert from 'assert';
import { sanitizeStates, type SanitizeRules } from '../../../../src/extension/searches/searchStateData';

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
