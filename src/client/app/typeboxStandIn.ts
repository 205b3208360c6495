/**
 * What `typebox` is in the web build (webpack.config.js aliases it here).
 *
 * The API contract modules in src/shared build their TypeBox schemas when loaded, next to the
 * constants the client needs (limits, defaults, header names). The client takes only types and
 * those constants from them; it never validates with a schema. So instead of TypeBox itself
 * (some 15 KB gzip on most screens), each `Type.X(...)` call here answers an inert marker.
 * A schema's properties stay readable, so schemas made from other schemas still load.
 */
type Inert = { readonly clientStandIn: string; readonly properties: Record<string, unknown> };

function inert(kind: string, args: unknown[]): Inert {
  const first = args[0];
  const properties = kind === 'Object' && first && typeof first === 'object' ? (first as Record<string, unknown>) : {};
  return Object.freeze({ clientStandIn: kind, properties });
}

export const Type = new Proxy({} as Record<string, (...args: unknown[]) => Inert>, {
  get: (_target, kind) => (typeof kind === 'string' ? (...args: unknown[]) => inert(kind, args) : undefined),
});

export default Type;
