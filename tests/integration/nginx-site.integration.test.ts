import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#config/project-root.ts';
import { freePort } from '#tests/setup/fake-smtp.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// The deployment kit's nginx site (deploy/nginx/site.conf.template), rendered as envsubst would and
// run by the test as a foreground child process with its own prefix, temp and cache folders, in front
// of a real instance. Needs Debian's nginx (.ci/run installs it).
const nginx = ['/usr/sbin/nginx', ...(process.env.PATH ?? '').split(':').map((d) => path.join(d, 'nginx'))].find(
  (p) => spawnSync(p, ['-v'], { stdio: 'ignore' }).status === 0,
);
if (!nginx) console.log('nginx site test skipped: nginx is not installed (apt-get install -y nginx)');

const MAX_UPLOAD_MB = 1;

/** The template with its ${NGINX_*} variables replaced, as `envsubst '$NGINX_...'` does. */
function renderSite(vars: Record<string, string>): string {
  const template = readFileSync(path.join(projectRoot, 'deploy', 'nginx', 'site.conf.template'), 'utf8');
  const out = template.replace(/\$\{(NGINX_[A-Z_]+)\}/g, (_m, name: string) => {
    if (!(name in vars)) throw new Error(`no value for ${name}`);
    return vars[name]!;
  });
  return out;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<Reply> {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      {
        host: u.hostname,
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method: opts.method ?? 'GET',
        headers: { host: 'localhost', ...opts.headers },
        localAddress: opts.localAddress,
        // a certificate made for this test
        rejectUnauthorized: false,
        servername: 'localhost',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (child.exitCode !== null || Date.now() > until) throw new Error(`nginx did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!nginx)('the deployment kit nginx site in front of an instance', () => {
  let t: TestApp;
  let child: ChildProcess;
  let dir: string;
  let base: string;
  let plain: string;
  let appRequests = 0;
  let log = '';

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', FORM_RATE_LIMIT: '2', DOCUMENT_MAX_UPLOAD_MB: String(MAX_UPLOAD_MB) }, { ui: 'build' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const appPort = (t.app.server.address() as { port: number }).port;
    // every request that reaches the instance, page-cache hits included
    t.app.server.prependListener('request', () => appRequests++);

    dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-site-'));
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const tls = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        `${dir}/key.pem`,
        '-out',
        `${dir}/cert.pem`,
      ],
      { encoding: 'utf8' },
    );
    if (tls.status !== 0) throw new Error(tls.stderr);
    for (const sub of ['cache', 'temp']) mkdirSync(path.join(dir, sub));
    writeFileSync(
      path.join(dir, 'site.conf'),
      renderSite({
        NGINX_SERVER_NAME: 'localhost',
        NGINX_HTTP_PORT: String(httpPort),
        NGINX_HTTPS_PORT: String(httpsPort),
        NGINX_TLS_CERTIFICATE: `${dir}/cert.pem`,
        NGINX_TLS_CERTIFICATE_KEY: `${dir}/key.pem`,
        NGINX_UPSTREAM_SERVERS: `server 127.0.0.1:${appPort} max_fails=3 fail_timeout=10s;`,
        NGINX_CLIENT_MAX_BODY: `${MAX_UPLOAD_MB + 1}m`,
        NGINX_CACHE_DIR: `${dir}/cache`,
        NGINX_ACCESS_LOG: `${dir}/access.log`,
        NGINX_ACME_ROOT: `${dir}/acme`,
      }),
    );
    // the rest of an nginx.conf, as Debian's would include the site: one foreground process as this user
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/site.conf;
}
`,
    );
    const check = spawnSync(nginx!, ['-t', '-p', dir, '-c', `${dir}/nginx.conf`, '-e', 'stderr'], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    child = spawn(nginx!, ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    await waitForPort(httpsPort, child, () => log);
    base = `https://127.0.0.1:${httpsPort}`;
    plain = `http://127.0.0.1:${httpPort}`;
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sends plain HTTP to HTTPS', async () => {
    const res = await request(`${plain}/agrotain?x=1`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('https://localhost/agrotain?x=1');
  });

  it("answers Let's Encrypt's HTTP challenge from the webroot over plain HTTP, and nothing else from it", async () => {
    mkdirSync(path.join(dir, 'acme', '.well-known', 'acme-challenge'), { recursive: true });
    writeFileSync(path.join(dir, 'acme', '.well-known', 'acme-challenge', 'token-123'), 'token-123.thumbprint');
    const found = await request(`${plain}/.well-known/acme-challenge/token-123`);
    expect(found.status).toBe(200);
    expect(found.body).toBe('token-123.thumbprint');
    expect(found.headers['content-type']).toMatch(/^text\/plain/);
    expect((await request(`${plain}/.well-known/acme-challenge/missing`)).status).toBe(404);
    // the rest of the well-known space still redirects like any other address
    expect((await request(`${plain}/.well-known/security.txt`)).status).toBe(301);
  });

  it('tells the instance the host the visitor asked for (X-Forwarded-Host)', async () => {
    let seen: string | undefined;
    const hook = (req: http.IncomingMessage) => {
      if (req.url?.startsWith('/healthz')) seen = req.headers['x-forwarded-host'] as string | undefined;
    };
    t.app.server.prependListener('request', hook);
    try {
      expect((await request(`${base}/healthz`)).status).toBe(200);
    } finally {
      t.app.server.off('request', hook);
    }
    expect(seen).toBe('localhost');
  });

  it('serves a page the app marks s-maxage from its cache, without asking the instance, and never a private one', async () => {
    const first = await request(`${base}/`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toContain('s-maxage=60');
    expect(first.headers['x-cache-status']).toBe('MISS');
    const before = appRequests;
    const second = await request(`${base}/`);
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(appRequests).toBe(before);

    // region-neutral pages depend on the visitor's region cookie: private, so always from the app
    for (let i = 0; i < 2; i++) {
      const list = await request(`${base}/knowledge-center`);
      expect(list.status).toBe(200);
      expect(list.headers['cache-control']).toContain('private');
      expect(list.headers['x-cache-status']).toBe('MISS');
    }
  });

  it("passes each visitor's own address to the app: the lead form limit counts per visitor, and a forged X-Forwarded-For changes nothing", async () => {
    const lead = JSON.stringify({
      name: 'Behind The Proxy',
      email: 'proxy@example.com',
      phone: '+1 (515) 555-0199',
      data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
      message: 'Sent through nginx.',
      reCaptchaToken: '',
    });
    const post = (localAddress: string, headers: Record<string, string> = {}) =>
      request(`${base}/api/forms/add`, {
        method: 'POST',
        body: lead,
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await post('127.0.0.2')).status);
    expect(first).toEqual([200, 200, 429]);
    expect((await post('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    // another visitor has a budget of its own (without the header every visitor would be the proxy)
    expect((await post('127.0.0.3')).status).toBe(200);
  });

  it('lets an upload up to DOCUMENT_MAX_UPLOAD_MB through to the app and refuses a far larger body itself', async () => {
    const form = (mb: number) => ({
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(Math.round(mb * 1024 * 1024)),
    });
    // reaches the app, which asks for a sign-in
    const allowed = await request(`${base}/api/admin/documents/add`, {
      method: 'POST',
      headers: form(1.2),
      body: Buffer.alloc(Math.round(1.2 * 1024 * 1024)),
    });
    expect(allowed.status).toBe(401);
    const refused = await request(`${base}/api/admin/documents/add`, {
      method: 'POST',
      headers: form(3),
      body: Buffer.alloc(3 * 1024 * 1024),
    });
    expect(refused.status).toBe(413);
    expect(refused.body).toContain('nginx');
  });

  it('keeps link tokens out of its access log, in the request line and in the Referer', async () => {
    const tokens = ['Reset4f1c9aSecret', 'OneTime77b0e2Secret', 'Confirm8d2a1fSecret', 'PreviewC0ffeeSecret', 'RefererB0b5Secret'];
    const referer = { referer: `https://localhost/preview/${tokens[4]}?x=1` };
    const sent = [
      await request(`${base}/account/reset-password/${tokens[0]}`, { headers: referer }),
      await request(`${base}/account/one-time-login/${tokens[1]}?next=1`),
      await request(`${base}/account/confirm-email/${tokens[2]}`),
      await request(`${base}/preview/${tokens[3]}.data?_routes=preview`),
      // the plain-HTTP server that only redirects logs too
      await request(`${plain}/account/reset-password/${tokens[0]}`),
    ];
    expect(sent.map((r) => r.status)).not.toContain(0);
    const accessLog = readFileSync(path.join(dir, 'access.log'), 'utf8');
    for (const line of [
      '"GET /account/reset-password/[redacted] HTTP/1.1"',
      '"https://localhost/preview/[redacted]?x=1"',
      '"GET /account/one-time-login/[redacted]?next=1 HTTP/1.1"',
      '"GET /account/confirm-email/[redacted] HTTP/1.1"',
      '"GET /preview/[redacted]?_routes=preview HTTP/1.1"',
    ])
      expect(accessLog).toContain(line);
    expect(accessLog.split('\n').filter((l) => l.includes('/account/reset-password/[redacted]'))).toHaveLength(2);
    for (const token of tokens) expect(accessLog).not.toContain(token);
    // other addresses are logged as they were asked for
    expect(accessLog).toContain('"GET /agrotain?x=1 HTTP/1.1" 301');
  });
});
