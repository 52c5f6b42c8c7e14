import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { checkEndpointAddress, guardedLookup, hostOf } from './address-guard.ts';

export interface WebhookRequest {
  url: string;
  /** `whsec_...` */
  secret: string;
  /** webhook-id: the same on every attempt of one event */
  messageId: string;
  payload: string;
  /** the attempt's time: webhook-timestamp */
  at: Date;
}

export type WebhookSender = (request: WebhookRequest) => Promise<void>;

/** The three Standard Webhooks headers of one attempt. */
export function signedHeaders(request: Pick<WebhookRequest, 'secret' | 'messageId' | 'payload' | 'at'>): Record<string, string> {
  const signature = new Webhook(request.secret).sign(request.messageId, request.at, request.payload);
  return {
    'webhook-id': request.messageId,
    'webhook-timestamp': String(Math.floor(request.at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/**
 * Posts a signed delivery; resolves on a 2xx answer, throws with what went wrong otherwise. The
 * address is checked again here (an IP literal directly, a host name on the address the socket
 * connects to), redirects are not followed, and an endpoint gets `timeoutMs` to answer.
 */
export function createWebhookSender(opts: { allowPrivate: boolean; timeoutMs?: number; userAgent?: string }): WebhookSender {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return async (request) => {
    const url = new URL(request.url);
    if (isIP(hostOf(url)) || url.protocol !== 'https:') await checkEndpointAddress(url, { allowPrivate: opts.allowPrivate });
    const body = Buffer.from(request.payload);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': opts.userAgent ?? 'site-webhooks/1',
      ...signedHeaders(request),
    };
    const client = url.protocol === 'https:' ? https : http;
    await new Promise<void>((resolve, reject) => {
      const req = client.request(
        url,
        { method: 'POST', headers, lookup: guardedLookup(opts.allowPrivate) as never, timeout: timeoutMs },
        (res) => {
          // the answer's body is not kept; read it so the socket is freed
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve();
            else reject(new Error(`HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`));
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)));
      req.on('error', reject);
      req.end(body);
    });
  };
}
