import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response serializers (fast-json-stringify, with the app's shared schemas), each
 * built by the first answer that uses it instead of at start-up: building every route's took
 * about a fifteenth of the API's start on PGlite, and most routes are not called soon after it.
 */
const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | null = null;
    return (doc) => (serialize ??= compile(route))(doc);
  };
};

export const schemaController: FastifyServerOptions['schemaController'] = { compilersFactory: { buildSerializer: lazySerializers } };
