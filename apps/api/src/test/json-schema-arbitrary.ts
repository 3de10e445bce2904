import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations.js';

const MAX_DEPTH = 6;

/**
 * Values that follow a JSON Schema of the OpenAPI document, for a route the
 * suites have no valid example of: the fuzz suite mutates them as it mutates
 * the examples. Patterns are honoured (fc.stringMatching); unknown keywords
 * are ignored, so the value may still fail the route's zod schema.
 */
export function arbitraryOfSchema(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const next = (child: JsonSchema) => arbitraryOfSchema(child, components, depth + 1);

  if (schema.$ref) {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    return target ? arbitraryOfSchema(target, components, depth + 1) : fc.constant(null);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map(next));
  if (schema.allOf?.[0]) return next(schema.allOf[0]);

  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => next({ ...schema, type })));
  const nullable = (arbitrary: fc.Arbitrary<unknown>) => (schema.nullable ? fc.option(arbitrary, { nil: null }) : arbitrary);

  switch (types[0]) {
    case 'string':
      return nullable(stringOf(schema));
    case 'integer':
      return nullable(fc.integer({ min: Math.max(schema.minimum ?? -1_000_000, -1_000_000), max: Math.min(schema.maximum ?? 1_000_000, 1_000_000) }));
    case 'number':
      return nullable(fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }));
    case 'boolean':
      return nullable(fc.boolean());
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? next(schema.items) : fc.jsonValue({ maxDepth: 1 });
      return nullable(fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) }));
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, next(child)]));
      return nullable(fc.record(record, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    // `^[class]+$` with lengths (the PKCE verifier, the client state): characters of the class, as many as the lengths say.
    const characterClass = /^\^(\[[^\]]+\])\+\$$/.exec(schema.pattern)?.[1];
    if (characterClass) {
      const unit = fc.stringMatching(new RegExp(`^${characterClass}$`));
      return fc.string({ unit, minLength: Math.max(schema.minLength ?? 1, 1), maxLength: Math.min(schema.maxLength ?? 40, 200) });
    }
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern JavaScript cannot read: fall through to the lengths.
    }
  }
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date')
    return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) });
}
