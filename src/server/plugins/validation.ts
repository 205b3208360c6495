import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Bodies are validated strictly (no type coercion, no silent stripping of unknown fields) so a
 * wrong type gets a clear 400; query strings and params are coerced because they are text.
 */
function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, removeAdditional: false, useDefaults: true, allErrors: false, strict: false });
  addFormats(ajv);
  return ajv;
}

const strictAjv = makeAjv(false);
const coercingAjv = makeAjv(true);

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Each schema is compiled by its first request, not at start-up: compiling every route's took
 * about a twentieth of the API's start. Fastify reads `errors` off the function it was given, so
 * the compiled validator's are copied onto it after each call.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strictAjv : coercingAjv;
  let compiled: Validator | null = null;
  const validate: Validator = (data) => {
    compiled ??= ajv.compile(schema as object) as Validator;
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate as ReturnType<FastifySchemaCompiler<unknown>>;
};

const partNames: Record<string, string> = { body: 'Request body', querystring: 'Query', params: 'Path', headers: 'Headers' };

/** A plain sentence for the first schema violation, naming the field. */
export function describeValidationError(errors: ErrorObject[], context: string): string {
  const e = errors[0];
  if (!e) return 'Invalid request';
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = path || partNames[context] || 'Value';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${path ? `${path}.` : ''}${String(p.missingProperty)} is required`;
    case 'additionalProperties':
      return `Unknown field: ${path ? `${path}.` : ''}${String(p.additionalProperty)}`;
    case 'type':
      return `${field} must be ${article(String(p.type))}`;
    case 'minLength':
      return Number(p.limit) <= 1 ? `${field} must not be empty` : `${field} must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters`;
    case 'pattern':
      return `${field} is not in the expected format`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${field} must be at least ${String(p.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${field} must be at most ${String(p.limit)}`;
    case 'maxItems':
      return Number(p.limit) === 0 ? `${field} must be empty` : `${field} has too many entries (at most ${String(p.limit)})`;
    case 'minItems':
      return `${field} needs at least ${String(p.limit)} entries`;
    case 'enum':
      return `${field} must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
    case 'anyOf':
      return `${field} has an invalid value`;
    case 'format':
      return `${field} must be a valid ${String(p.format)}`;
    default:
      return `${field} ${e.message ?? 'is invalid'}`;
  }
}

function article(type: string): string {
  const t = type.split(',')[0];
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
