import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchemaNode = Record<string, unknown>;

/**
 * zod's JSON Schema writes "X or null" as `anyOf: [X, { type: 'null' }]`; fast-json-stringify
 * would try each branch with a validator per value, so it becomes X with `nullable: true`.
 */
function withNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullables);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== '$schema') out[key] = withNullables(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nonNull = (anyOf as JsonSchemaNode[]).filter((branch) => branch.type !== 'null');
    if (nonNull.length === 1) {
      delete out.anyOf;
      Object.assign(out, nonNull[0], { nullable: true });
    }
  }
  return out;
}

const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * A route-level serializer for large answers (a scorecard grid is thousands of cells): the same
 * allowlist as the zod serializer — only what the response schema names is written — compiled
 * once into fast-json-stringify from the schema's JSON Schema, about five times quicker than
 * encoding through zod. The data comes from the module's own typed mappers, so nothing is lost
 * by not re-validating it on the way out (the route tests parse the answers with the schema).
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }) {
  const zodSchema = schema as z.ZodType;
  let stringify = compiled.get(zodSchema);
  if (!stringify) {
    const jsonSchema = withNullables(z.toJSONSchema(zodSchema, { io: 'output', unrepresentable: 'any' }));
    stringify = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
    compiled.set(zodSchema, stringify);
  }
  return stringify;
}
