// The app's error handler: every failure becomes `{ message }` in Swedish; client mistakes are
// 4xx (a body or file over its limit 413), never 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, MESSAGES } from './errors.ts';
import { ResponseContractError } from './route.ts';

/** Every failure becomes `{ message }` in Swedish; client mistakes are 4xx, never 500. */
export function errorHandler(
  this: FastifyInstance,
  error: FastifyError | HttpError | Error,
  request: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[1],
  reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2],
) {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send({ ...error.fields, message: error.message });
  }
  if (error instanceof ResponseContractError) {
    return reply.code(500).send({ message: error.message });
  }
  const code = 'code' in error ? error.code : undefined;
  const status = 'statusCode' in error ? error.statusCode : undefined;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(400).send({ message: MESSAGES.invalidJson });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return reply.code(413).send({ message: MESSAGES.tooLarge });
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return reply.code(400).send({ message: MESSAGES.tooLarge });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return reply.code(400).send({ message: MESSAGES.unsupportedType });
  }
  if (error instanceof SyntaxError || (status !== undefined && status >= 400 && status < 500)) {
    return reply.code(status && status < 500 ? status : 400).send({ message: MESSAGES.badRequest });
  }
  request.log.error({ err: error }, 'oväntat fel');
  return reply.code(500).send({ message: MESSAGES.generic });
}
