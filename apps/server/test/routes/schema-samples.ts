import fc from 'fast-check';
import { z } from 'zod';

// Values made from a route's zod schemas through their JSON Schema (what the API documents): an example
// that passes the schema's types and bounds (its refinements may still refuse it), and the requests that
// must not: wrong types, missing and extra fields, huge strings and numbers.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** A file part of a multipart example (format binary in the schema). */
export const FILE_VALUE = Symbol('file');

/** The JSON Schema of a request part as a client sends it; undefined when there is none. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** The object properties of a schema (through anyOf/allOf), with which of them are required. */
export function objectShape(schema: JsonSchema | undefined): {
  properties: Record<string, JsonSchema>;
  required: string[];
} {
  if (!schema) return { properties: {}, required: [] };
  const parts = [schema, ...(schema.allOf ?? []), ...(schema.anyOf ?? []).slice(0, 1)];
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const part of parts) {
    Object.assign(properties, part.properties ?? {});
    required.push(...(part.required ?? []));
  }
  return { properties, required };
}

const FAR_FUTURE = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);

// Field names whose rules a JSON Schema cannot say (a US phone, a state code, a VIN...): the value they take,
// by the API's naming conventions. A new field that follows them needs nothing here.
const FUTURE_ISO = () => new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
const VALUE_BY_FIELD: [RegExp, () => unknown][] = [
  [/phone/, () => '(555) 123-4567'],
  [/(^|_)state$/, () => 'TX'],
  [/(^|_)country$/, () => 'US'],
  [/(^|_)city$/, () => 'Dallas'],
  [/zip/, () => '75201'],
  [/(datetime|_date|^date|_until|_at)$/, FUTURE_ISO],
  [/emails$/, () => ['someone@example.test']],
  [/email$/, () => 'someone@example.test'],
  [/(mc|dot)_number$/, () => '123456'],
  [/^vin$/, () => '1HGCM82633A004352'],
  [/^year$/, () => 2020],
  [/^lat$/, () => 32.78],
  [/^lon$/, () => -96.8],
  [/_flag$/, () => true],
];

function exampleOfField(name: string, schema: JsonSchema, depth: number): unknown {
  if (name === 'points' && schema.items) {
    // A route's points: a pick-up first and a delivery last, numbered in their order.
    const point = exampleOf(schema.items, depth + 1) as Record<string, unknown>;
    return [
      { ...point, order: 1, type: 'pick_up' },
      { ...point, order: 2, type: 'deliver_to' },
    ];
  }
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const hinted = VALUE_BY_FIELD.find(([pattern]) => pattern.test(name));
  if (hinted && schema.enum === undefined && schema.const === undefined && !type.includes('object')) {
    const value = hinted[1]();
    if (!Array.isArray(value) || type.includes('array') || schema.anyOf) return value;
  }
  return exampleOf(schema, depth);
}

/** A value the schema's types and bounds accept. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    const chosen = options.find((option) => option.type !== 'null') ?? options[0];
    return exampleOf(chosen, depth + 1);
  }
  if (schema.allOf?.length) return exampleOf({ ...schema, allOf: undefined, ...objectShape(schema) }, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.format === 'binary') return FILE_VALUE;
  switch (type) {
    case 'object': {
      const { properties } = objectShape(schema);
      return Object.fromEntries(
        Object.entries(properties)
          .map(([name, property]) => [name, exampleOfField(name, property, depth + 1)] as const)
          .filter(([, value]) => value !== undefined),
      );
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, Math.min(1, schema.maxItems ?? 1));
      return Array.from({ length: count }, () => exampleOf(schema.items, depth + 1));
    }
    case 'string':
      return exampleString(schema);
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      const high =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : low);
      return Math.min(Math.max(low, 1), high);
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function exampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'someone@example.test';
    case 'date-time':
      return FAR_FUTURE.toISOString();
    case 'date':
      return FAR_FUTURE.toISOString().slice(0, 10);
    case 'uri':
    case 'url':
      return 'https://example.test/';
    case 'uuid':
      return '3f1c2d9e-6b7a-4c1e-9f2a-1b2c3d4e5f60';
  }
  const min = schema.minLength ?? 1;
  const max = schema.maxLength ?? Math.max(min, 8);
  if (schema.pattern) {
    const samples = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 50, seed: 7 });
    const fitting = samples.find((sample) => sample.length >= min && sample.length <= max);
    if (fitting !== undefined) return fitting;
  }
  return 'a'.repeat(Math.min(Math.max(min, 1), max));
}

/**
 * The example pushed to its bounds: free text as long as allowed, of quotes, backslashes and non-Latin
 * letters; numbers at their maximum, or past a 32-bit integer where none is set. What passes validation
 * must still not fail in the database.
 */
export function edgeOf(schema: JsonSchema | undefined, example: unknown, depth = 0): unknown {
  if (!schema || depth > 8) return example;
  const option = (schema.anyOf ?? schema.oneOf)?.find((candidate) => candidate.type !== 'null');
  if (option) return edgeOf(option, example, depth + 1);
  if (Array.isArray(example)) return example.map((item) => edgeOf(schema.items, item, depth + 1));
  if (isPlainObject(example)) {
    const { properties } = objectShape(schema);
    return Object.fromEntries(
      Object.entries(example).map(([name, value]) => [name, edgeOf(properties[name], value, depth + 1)]),
    );
  }
  if (typeof example === 'string') {
    const free = !schema.pattern && !schema.format && !schema.enum && schema.const === undefined;
    return free && schema.maxLength !== undefined
      ? EDGE_TEXT.repeat(schema.maxLength).slice(0, schema.maxLength)
      : example;
  }
  if (typeof example === 'number' && schema.enum === undefined && schema.const === undefined) {
    return schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 2 ** 31);
  }
  return example;
}

const EDGE_TEXT = `'"\\ßЖ<%_`;

// ---------------------------------------------------------------- bad values

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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function omit(object: Record<string, unknown>, names: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([name]) => !names.includes(name)));
}

/** The example without its file fields (a JSON body cannot carry a file). */
export function withoutFiles(example: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(example).filter(([, value]) => value !== FILE_VALUE));
}
