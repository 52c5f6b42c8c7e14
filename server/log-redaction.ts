import type { FastifyRequest } from 'fastify';

/**
 * Paths whose last segment is a live secret (ASVS 7.1.1): reset and set-password links, emailed
 * sign-in links, new-address confirmations and previews. Found anywhere in a text (a path, a full
 * URL, an error message, a whole JSON log line), with `/` or its escape `%2F` between the segments,
 * so a log reader cannot use the link.
 */
const TOKEN_PATHS = /((?:\/|%2F)(?:account(?:\/|%2F)(?:reset-password|one-time-login|confirm-email)|preview)(?:\/|%2F))[^/?#&\s"'\\<>]+/gi;

/**
 * The one redaction for everything the app logs: any link token in `text` replaced by `[redacted]`.
 * Every log line passes through it (redactingDestination); the request serializer uses it too.
 */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_PATHS, '$1[redacted]');
}

/** Where the app's log lines go (standard output unless a test gives its own), each one redacted first. */
export function redactingDestination(destination: { write(line: string): unknown } = process.stdout): { write(line: string): void } {
  return {
    write(line: string) {
      destination.write(redactTokens(line));
    },
  };
}

/** Fastify's request serializer (method, url, host, remote address and port), with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
