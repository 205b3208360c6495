import { Type, type Static } from 'typebox';

/** The one error shape every API route answers with. `message` is for people. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
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
