// The fuzz's arbitraries (lib/schema-arbitraries.mjs): values made from a schema's description pass
// that schema, and mutations break them the way they say.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { array, boolean, number, object, string } from 'yup';
import { applyMutation, bodyArbitrary, validArbitrary } from './lib/schema-arbitraries.mjs';

const schema = object({
  name: string().min(2).max(5).required(),
  qty: number().integer().min(1).max(9).required(),
  price: number().min(0).max(100).optional(),
  kind: string().oneOf(['door', 'drawer']).required(),
  code: string().matches(/^[A-Z]{3}-\d{2}$/).required(),
  tags: array(string().oneOf(['a', 'b']).required()).min(1).max(2).required(),
  finish: object({ glossy: boolean().required(), note: string().max(10).nullable() }).required(),
});

test('values made from a description pass the schema they were made from', () => {
  fc.assert(
    fc.property(validArbitrary(schema.describe()), (value) => schema.isValidSync(value, { strict: true })),
    { seed: 22, numRuns: 500 },
  );
});

test('a hint replaces what the description would make (always with hintsOnly)', () => {
  const made = fc.sample(validArbitrary(schema.describe(), { name: fc.constant('Ann') }, undefined, true), { seed: 1, numRuns: 50 });
  assert.ok(made.every((value) => value.name === 'Ann'));
});

test('mutations: a field dropped, a key added as sent, a value swapped', () => {
  const valid = { a: 1, b: { c: 'x' } };
  assert.deepEqual(applyMutation(valid, { kind: 'drop-field', pick: 1, value: null, extraKey: 'k', text: 't', length: 1 }), { b: { c: 'x' } });
  const extra = applyMutation(valid, { kind: 'extra-field', pick: 0, value: 1, extraKey: '__proto__', text: 't', length: 1 });
  assert.equal(JSON.stringify(extra), '{"a":1,"b":{"c":"x"},"__proto__":1}');
  assert.deepEqual(applyMutation(valid, { kind: 'wrong-value', pick: 3, value: [], extraKey: 'k', text: 't', length: 1 }), { a: 1, b: { c: [] } });
  assert.deepEqual(valid, { a: 1, b: { c: 'x' } }, 'the valid value itself is left alone');
});

test('a body arbitrary mixes valid bodies with broken ones, and says which', () => {
  const bodies = fc.sample(bodyArbitrary(schema, {}, 0.5), { seed: 7, numRuns: 400 });
  const valid = bodies.filter((body) => body.mutation === 'none');
  assert.ok(valid.length > 100 && valid.length < 300, `about half valid (${valid.length})`);
  assert.ok(valid.every((body) => schema.isValidSync(body.body, { strict: true })));
  const broken = bodies.filter((body) => body.mutation !== 'none' && !schema.isValidSync(body.body, { strict: true }));
  assert.ok(broken.length > 100, `most mutations break the body (${broken.length})`);
});
