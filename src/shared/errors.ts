import { Type, type Static } from 'typebox';
import { ERROR_CODES, type ErrorCode } from './constants/errors';

/** The one error shape every API route answers with. `message` is for people, `code` (when there is one) for programs. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(
    Type.Enum([...ERROR_CODES] as ErrorCode[], {
      description: 'Only on refusals a client acts on. email_not_verified: the invitation needs the signed-in address verified first.',
    }),
  ),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Responses every authenticated route may give besides its own. */
export const commonErrors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};
