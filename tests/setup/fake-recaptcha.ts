import { createServer, type Server } from 'node:http';

export interface FakeRecaptcha {
  url: string;
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A stand-in for Google's siteverify endpoint. Token "human" passes with score 0.9, "robot"
 * scores 0.1, "doubtful" passes with 0.6 (above the usual 0.5 threshold, below the spam verdict's 0.7), "other-action" passes for another action, anything else fails.
 */
export async function startFakeRecaptcha(): Promise<FakeRecaptcha> {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      requests.push(params);
      const token = params.get('response');
      const reply =
        params.get('secret') !== 'test-secret'
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : token === 'human'
            ? { success: true, score: 0.9, action: 'form' }
            : token === 'doubtful'
              ? { success: true, score: 0.6, action: 'form' }
              : token === 'robot'
                ? { success: true, score: 0.1, action: 'form' }
                : token === 'other-action'
                  ? { success: true, score: 0.9, action: 'login' }
                  : { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
