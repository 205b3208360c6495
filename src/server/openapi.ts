type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * OpenAPI 3.0 has no JSON Schema `if`/`then`/`else`, which the validator reads for POST
 * /receipts' body (so a 400 names the error of the shape the client meant, not of the first
 * alternative). The document says the same with `oneOf: [then, else]`. That is equal only when
 * the shapes exclude each other: `then` requires every field `if` requires, and `else` allows
 * none of them and no field it does not name. Anything else throws when the document is built.
 * Returns a copy; the schemas the validator uses are not touched.
 */
export function conditionalsAsOneOf<T>(node: T): T {
  if (Array.isArray(node)) return node.map(conditionalsAsOneOf) as T;
  if (!isObject(node)) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) out[key] = conditionalsAsOneOf(value);
  if (!('if' in out)) return out as T;
  const { if: condition, then, else: otherwise, ...rest } = out;
  const required = isObject(condition) && Array.isArray(condition.required) ? (condition.required as string[]) : [];
  const exclusive =
    isObject(then) &&
    isObject(otherwise) &&
    required.length > 0 &&
    required.every((field) => (then.required as string[] | undefined)?.includes(field)) &&
    otherwise.additionalProperties === false &&
    required.every((field) => !isObject(otherwise.properties) || !(field in otherwise.properties));
  if (!exclusive) throw new Error('An if/then/else schema whose branches do not exclude each other cannot be written as oneOf');
  return { ...rest, oneOf: [then, otherwise] } as T;
}
