import type { z } from 'zod';

/**
 * A route-level serializer for large answers that the module builds field by field with its own typed
 * mappers (a scorecard grid is thousands of cells). V8's JSON.stringify writes such a megabyte in a few
 * milliseconds; encoding it through zod, or through a serializer compiled from the schema
 * (fast-json-stringify), cost 15 to 40 ms, mostly garbage from string concatenation. Outside production
 * every answer is still parsed with the response schema, and an answer that holds a field the schema
 * does not name (parsing strips it, so the text gets shorter) fails: the tests keep the mappers true to
 * the contract.
 */
export function builtAnswerSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  if (process.env.NODE_ENV === 'production') return (data) => JSON.stringify(data);
  const zodSchema = schema as z.ZodType;
  return (data) => {
    const text = JSON.stringify(data);
    const checked = JSON.stringify(zodSchema.parse(data));
    if (checked.length !== text.length) {
      throw new Error('This answer holds fields its response schema does not name; map it field by field');
    }
    return text;
  };
}
