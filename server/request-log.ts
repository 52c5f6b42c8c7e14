import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it has been answered (Fastify writes two: "incoming" and
 * "completed"), with the request, the status and the time in whole milliseconds. A page served from
 * the page cache writes nothing at info: it is most of the traffic, and the same page each time.
 * Requests and replies go through the logger's serializers, so the one redaction applies.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = Math.round(reply.elapsedTime);
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    if (reply.raw.getHeader('x-page-cache') === 'hit') return;
    reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
}
