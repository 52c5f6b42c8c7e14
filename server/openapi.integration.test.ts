import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#config/project-root.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const run = promisify(execFile);

let t: TestApp;
let doc: {
  servers?: { url: string }[];
  paths: Record<
    string,
    Record<string, { operationId?: string; security?: unknown[]; summary?: string; parameters?: { name: string; in: string }[] }>
  >;
  components?: { securitySchemes?: Record<string, unknown> };
};
const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
beforeAll(async () => {
  // The full app: page routes mounted, as in production, so they must stay out of the document.
  t = await createTestApp({}, { ui: 'build' });
  doc = (await t.app.inject('/api/docs/json')).json();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document (/api/docs/json)', () => {
  it('passes redocly lint with the recommended rules and zero errors', async () => {
    const file = path.join(dir, 'openapi.json');
    const config = path.join(dir, 'redocly.yaml');
    writeFileSync(file, JSON.stringify(doc));
    writeFileSync(config, 'extends:\n  - recommended\n');
    const cli = path.join(projectRoot, 'node_modules/@redocly/cli/bin/cli.js');
    // Offline and quiet: no telemetry, no update check.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true', NO_COLOR: '1' };
    let out: string;
    try {
      const res = await run(process.execPath, [cli, 'lint', file, '--config', config, '--format', 'stylish'], {
        env,
        cwd: dir,
        timeout: 60_000,
      });
      out = res.stdout + res.stderr;
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`redocly lint failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: err });
    }
    // redocly exits non-zero on any error; the report says so too (warnings, such as the missing licence, are allowed)
    expect(out).toContain('Your API description is valid');
    expect(out).not.toMatch(/\d+:\d+\s+error\b/);
  }, 90_000);

  it('lists API operations only: no page routes', () => {
    for (const p of Object.keys(doc.paths)) expect(p, p).toMatch(/^\/(api|auth|doccenter)\//);
  });

  it('declares servers, a bearerAuth scheme, and on every public operation security [] with an operationId and summary', () => {
    expect(doc.servers?.[0]?.url).toBe('http://localhost:3000');
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.security, `${method} ${p}`).toBeDefined();
        expect(op.summary, `${method} ${p}`).toBeTruthy();
        expect(op.operationId, `${method} ${p}`).toMatch(/^[a-z][A-Za-z]+$/);
        ids.add(op.operationId!);
      }
    }
    expect(doc.paths['/api/forms/add']?.post?.security).toEqual([]);
    expect(ids.size).toBe(Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0));
  });

  it('names the redirect lookup path parameter, and the lookup still answers', async () => {
    const op = doc.paths['/api/redirects/get-redirect/{path}']?.get;
    expect(op?.parameters).toEqual([expect.objectContaining({ name: 'path', in: 'path' })]);
    expect((await t.app.inject('/api/redirects/get-redirect/nitrogen-101')).json().data).toEqual({
      toPath: '/knowledge-center',
      statusCode: 301,
    });
  });
});
