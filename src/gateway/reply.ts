// Writing a call's result to a Fastify reply: status, headers, JSON body; the access log's view of a 503.
import type { FastifyReply } from 'fastify';
import type { CallResult } from './call/result.ts';

/**
 * 503 endpoint_disabled answers are the operator's own choice (DDT_DISABLED, an undeployed tool): the access
 * log writes them at info, with the 4xx, rather than at error with the failures.
 */
const disabledReplies = new WeakSet<FastifyReply>();

export function isDisabledReply(reply: FastifyReply): boolean {
  return disabledReplies.has(reply);
}

export function send(reply: FastifyReply, result: CallResult): FastifyReply {
  if (result.body.error === 'endpoint_disabled') disabledReplies.add(reply);
  reply.code(result.status);
  const headers = result.headers;
  for (const k in headers) reply.header(k, headers[k]);
  return reply.type('application/json; charset=utf-8').send(result.body);
}
