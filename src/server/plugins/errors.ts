import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { HttpError } from '../errors';
import { describeValidationError } from './validation';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Known framework errors get plain words; anything unexpected is logged and hidden. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length',
};

/** Is this error one the database or identity provider raised because it is unreachable? */
function isUnavailable(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? '';
  const msg = String((err as Error)?.message ?? '');
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03', '53300', '08006', '08001', '08003'].includes(code) ||
    /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/.test(msg)
  );
}

/**
 * Text PostgreSQL cannot store: a NUL character (U+0000) in any string. JSON and query strings
 * can carry one, so it is the client's input, not our fault.
 */
function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? '';
  return code === '22021' || code === '22P05';
}

export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    let status = 500;
    let message = 'Something went wrong on our side. Please try again.';
    let code: string | undefined;
    if (err instanceof HttpError) {
      status = err.statusCode;
      message = err.message;
      code = err.code;
      reply.headers(err.headers);
    } else if ((err as FastifyError).validation) {
      status = 400;
      message = describeValidationError((err as FastifyError).validation as never, (err as FastifyError).validationContext ?? 'body');
    } else if (isUnstorableText(err)) {
      status = 400;
      message = 'Text must not contain NUL (\\u0000) characters';
    } else if (isUnavailable(err)) {
      status = 503;
      message = 'The service is temporarily unavailable. Please try again shortly.';
      reply.header('retry-after', '5');
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      message = frameworkMessages[(err as FastifyError).code ?? ''] ?? err.message;
    }
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.status(status).send({ statusCode: status, error: reasons[status] ?? 'Error', message, ...(code ? { code } : {}) });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${req.method} ${req.url.split('?')[0]}` });
  });
});
