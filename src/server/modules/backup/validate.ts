import Ajv from 'ajv';
import type { Static, TSchema } from 'typebox';
import { badRequest } from '../../errors';

// Strict as the API's bodies: no coercion, nothing dropped or filled in.
const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false, strict: false });

/** A check of one JSON file of a backup against its schema: the value typed, or a 400 naming the file and the field. */
export function validatorOf<S extends TSchema>(schema: S, file: string): (value: unknown) => Static<S> {
  let compiled: ReturnType<typeof ajv.compile> | null = null;
  return (value) => {
    compiled ??= ajv.compile(schema as object);
    if (!compiled(value)) {
      const e = compiled.errors?.[0];
      const where = e?.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'the file';
      throw badRequest(`The backup's ${file} is not as Tally writes it: ${where} ${e?.message ?? 'is not valid'}`);
    }
    return value as Static<S>;
  };
}

/** Postgres codes of a row the tables refuse (a constraint, a value out of range): the backup's data, not our fault. */
export function isRefusedRow(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? '';
  return code.startsWith('23') || code.startsWith('22');
}
