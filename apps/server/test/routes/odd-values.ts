import fc from 'fast-check';
import {
  edgeOf,
  exampleOf,
  isPlainObject,
  objectShape,
  withoutFiles,
  type JsonSchema,
} from './schema-samples';

// Values no route should take: every JSON type at odd sizes, odd ids, odd query strings, and bodies built from
// a route's own schema with a field of a wrong type, fields missing or extra, or pushed to its bounds.

const HUGE_STRING_LENGTH = 100_000;

/** Values of every JSON type and of extreme sizes: most are wrong for any one field. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    0.5,
    1e308,
    -1e308,
    2 ** 63,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '0',
    '-1',
    '1e999',
    'NaN',
    'null',
    '0x12c',
    '2026-02-30T25:61:00Z',
    '\u0000',
    '<script>alert(1)</script>',
    "'; drop table loads; --",
    '%zz',
    'ÿ'.repeat(300),
    '🚚'.repeat(1000),
    'x'.repeat(HUGE_STRING_LENGTH),
    '9'.repeat(400),
    [],
    {},
    [null],
    { __proto__: { polluted: true } },
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.string({ maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.anything({ maxDepth: 3 }),
);

/** Text that is not the digits of an id, or an id that names nothing. */
export const oddId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '0x12c',
    '1e3',
    '+1',
    '01',
    'abc',
    'null',
    'undefined',
    '%zz',
    '%',
    '%00',
    '%20',
    '9'.repeat(30),
    '9'.repeat(101),
    '9223372036854775808',
    '2147483648',
    '999999999',
    'a'.repeat(2000),
    '%F0%9F%9A%9A',
    '..',
    't-1',
  ),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.nat().map(String),
);

/** A query string of odd values for the schema's keys, and keys it does not know. */
export function oddQuery(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, string | string[]>> {
  const keys = Object.keys(objectShape(schema).properties);
  const text = fc.oneof(
    fc.constantFrom('', '-1', '0', '1e999', 'NaN', 'true', '0x10', '%zz', 'x'.repeat(20_000), '9'.repeat(40)),
    fc.string({ maxLength: 30 }),
  );
  const value = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 }));
  const key =
    keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })) : fc.string();
  return fc.dictionary(key, value, { maxKeys: 5 });
}

/** A JSON body that breaks the schema: a field of a wrong type, fields missing, extra fields, or no object. */
export function oddBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const example = exampleOf(schema);
  const base = isPlainObject(example) ? withoutFiles(example) : {};
  const { properties, required } = objectShape(schema);
  const names = Object.keys(properties);
  const variants: fc.Arbitrary<unknown>[] = [
    fc.anything({ maxDepth: 3 }),
    fc
      .dictionary(fc.string({ maxLength: 12 }), oddValue, { maxKeys: 6 })
      .map((extra) => ({ ...base, ...extra })),
  ];
  if (names.length > 0) {
    variants.push(
      fc.tuple(fc.constantFrom(...names), oddValue).map(([name, value]) => ({ ...base, [name]: value })),
      fc
        .dictionary(fc.constantFrom(...names), oddValue, { minKeys: 1, maxKeys: names.length })
        .map((wrong) => ({ ...base, ...wrong })),
      fc.subarray(names, { minLength: 1 }).map((missing) => omit(base, missing)),
    );
  }
  if (required.length > 0) variants.push(fc.constant(omit(base, required)));
  variants.push(fc.constant(edgeOf(schema, base)));
  return fc.oneof(...variants);
}

function omit(object: Record<string, unknown>, names: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([name]) => !names.includes(name)));
}
