import fc from 'fast-check';
import { z } from 'zod';

// Values made from a route's zod schemas through their JSON Schema (what the API documents): an example
// that passes the schema's types and bounds (its refinements may still refuse it), and the same example
// pushed to its bounds. The values that must not pass are in odd-values.ts.

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

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The example without its file fields (a JSON body cannot carry a file). */
export function withoutFiles(example: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(example).filter(([, value]) => value !== FILE_VALUE));
}
