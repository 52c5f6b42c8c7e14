import { spawnSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '#config/project-root.ts';

// The deployment kit's rules, read from its files: Docker cannot run on the machines that run the
// tests, so what can be held without it is held here (the compose file, the image's build, the
// systemd unit with systemd-analyze). nginx's site is run for real in nginx-site.integration.test.ts.

const read = (...p: string[]) => readFileSync(path.join(projectRoot, ...p), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  depends_on?: Record<string, unknown> | string[];
  env_file?: (string | { path: string; required?: boolean })[];
  environment?: Record<string, string>;
  logging?: { driver?: string; options?: Record<string, string> };
  volumes?: string[];
}
const compose = parse(read('deploy', 'compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const apps = Object.entries(services).filter(([, s]) => s.build !== undefined);
/** one-shot services: they run once per start and exit */
const oneShot = new Set(['bucket']);

describe('the compose stack', () => {
  it('has two app instances built from the one Dockerfile', () => {
    expect(apps.map(([name]) => name).sort()).toEqual(['app1', 'app2']);
  });

  it('brings every long-running service back after a crash, a reboot or a redeploy (an app exits 0 on SIGTERM)', () => {
    for (const [name, s] of Object.entries(services)) {
      if (oneShot.has(name)) expect(s.restart, name).toBe('no');
      else expect(s.restart, name).toBe('unless-stopped');
    }
  });

  it('pins every image to a release: no :latest, no bare major version', () => {
    for (const [name, s] of Object.entries(services)) {
      const image = s.image ?? '';
      const tag = image.split(':').slice(1).join(':');
      if (s.build !== undefined) {
        // the site's own image carries the release it was built from
        expect(image, name).toBe('northfield-site:${SITE_RELEASE:-local}');
        continue;
      }
      expect(tag, name).not.toMatch(/latest/);
      // 16.9-bookworm, 1.28.0-bookworm, RELEASE.2025-04-22T22-12-26Z: a version with at least a minor part
      expect(tag, `${name}: ${image}`).toMatch(/^(\d+\.\d+[\w.-]*|RELEASE\.\d{4}-\d{2}-\d{2}T[\w-]+)$/);
    }
    expect(services.nginx!.image).toMatch(/^nginx:1\.28\./);
  });

  it("hands the website's own settings (lead recipients, reCAPTCHA, DATA_KEY) to every app through app.env", () => {
    for (const [name, s] of apps) {
      expect(s.env_file, name).toEqual([{ path: 'app.env', required: true }]);
    }
    const example = read('deploy', 'app.env.example');
    for (const key of ['LEADS_EMAIL_US', 'LEADS_EMAIL_CA', 'LEADS_EMAIL_INT', 'RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET', 'DATA_KEY']) {
      expect(example, key).toMatch(new RegExp(`^${key}=`, 'm'));
    }
    // deploy/.env is read by compose alone: a setting written there would never reach the app
    const stackExample = read('deploy', '.env.example');
    expect(stackExample).not.toMatch(/^(LEADS_EMAIL|RECAPTCHA|DATA_KEY)/m);
  });

  it("never gives an app MinIO's root credentials: the bucket service makes a user allowed one bucket", () => {
    for (const [name, s] of apps) {
      const env = JSON.stringify(s.environment);
      expect(env, name).not.toMatch(/MINIO_ROOT/);
      expect(s.environment!.S3_ACCESS_KEY_ID, name).toMatch(/S3_APP_ACCESS_KEY/);
      expect(s.environment!.S3_SECRET_ACCESS_KEY, name).toMatch(/\$\{S3_APP_SECRET_KEY:\?/);
    }
    const bucket = JSON.stringify(services.bucket);
    expect(bucket).toMatch(/mc admin user add/);
    expect(bucket).toMatch(/mc admin policy attach local site-documents --user/);
    expect(bucket).toMatch(/arn:aws:s3:::site-documents\/\*/);
    // the bucket keeps every version of a file (a deleted or overwritten document can be brought back)
    expect(bucket).toMatch(/mc version enable local\/site-documents/);
  });

  it('requires SMTP_URL: lead emails must not go to files inside a container', () => {
    for (const [name, s] of apps) expect(s.environment!.SMTP_URL, name).toMatch(/^\$\{SMTP_URL:\?/);
  });

  it('starts nginx without waiting for the apps, and lets it follow a recreated app to its new address', () => {
    const nginx = services.nginx!;
    const dependsOn = Array.isArray(nginx.depends_on) ? nginx.depends_on : Object.keys(nginx.depends_on ?? {});
    expect(dependsOn).not.toContain('app1');
    expect(dependsOn).not.toContain('app2');
    const upstream = nginx.environment!.NGINX_UPSTREAM_SERVERS!;
    expect(upstream).toMatch(/zone \w+ \d+k;/);
    expect(upstream).toMatch(/resolver 127\.0\.0\.11 valid=\d+s/);
    for (const app of ['app1', 'app2']) expect(upstream).toMatch(new RegExp(`server ${app}:3000 resolve `));
  });

  it('rotates every container log', () => {
    for (const [name, s] of Object.entries(services)) {
      expect(s.logging?.driver, name).toBe('json-file');
      expect(s.logging?.options?.['max-size'], name).toMatch(/^\d+m$/);
      expect(Number(s.logging?.options?.['max-file']), name).toBeGreaterThan(1);
    }
  });

  it('backs up the database every night, keeping 7 daily and 4 weekly, and mirrors the bucket', () => {
    const backup = services.backup!;
    expect(backup.image).toMatch(/^postgres:/);
    expect(backup.environment).toMatchObject({ BACKUP_DIR: '/backups', BACKUP_KEEP_DAILY: '7', BACKUP_KEEP_WEEKLY: '4' });
    expect(backup.environment!.DATABASE_URL).toMatch(/@postgres:5432\/site$/);
    expect(backup.volumes).toContain('./backup/site-backup.sh:/usr/local/bin/site-backup.sh:ro');
    expect(JSON.stringify(backup)).toMatch(/site-backup\.sh/);
    const mirror = JSON.stringify(services['bucket-mirror']);
    expect(mirror).toMatch(/mc mirror --watch --overwrite site\/site-documents \/backups\/documents/);
    // the mirror reads with the app's bucket user, not the root key
    expect(mirror).not.toMatch(/MINIO_ROOT/);
  });

  it("shares every kept release's hashed assets between the apps, so a page from either release finds its scripts", () => {
    for (const [name, s] of apps) {
      expect(s.environment!.SHARED_ASSETS_DIR, name).toBe('/shared-assets');
      expect(s.environment!.SITE_RELEASE, name).toBe('${SITE_RELEASE:-local}');
      expect(s.volumes, name).toContain('shared-assets:/shared-assets');
    }
    const start = read('deploy', 'docker-start.sh');
    expect(start).toMatch(/cp -R -n build\/client\/assets\/\. "\$SHARED_ASSETS_DIR\/"/);
    expect(start).toMatch(/^exec node build\/node\/index\.js$/m);
  });

  it('updates one app at a time, waiting for /readyz before the next (deploy/rolling-update.sh)', () => {
    const script = read('deploy', 'rolling-update.sh');
    accessSync(path.join(projectRoot, 'deploy', 'rolling-update.sh'), constants.X_OK);
    expect(spawnSync('bash', ['-n', path.join(projectRoot, 'deploy', 'rolling-update.sh')]).status).toBe(0);
    expect(script).toMatch(/for app in app1 app2; do/);
    expect(script).toMatch(/up -d --no-deps --no-build --force-recreate "\$app"/);
    expect(script).toMatch(/\/readyz/);
    // the compose file's own instructions never recreate both apps at once
    expect(read('deploy', 'compose.yaml')).not.toMatch(/^#\s+docker compose up -d --build\s*$/m);
  });
});

describe('the image', () => {
  const dockerfile = read('deploy', 'Dockerfile');
  const ignore = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('runs on Node 24 LTS, pinned', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=24\.\d+\.\d+-bookworm-slim$/m);
    for (const from of dockerfile.match(/^FROM .*$/gm) ?? []) expect(from).toMatch(/^FROM node:\$\{NODE_IMAGE\}/);
  });

  it('keeps secrets out of the build context: environment files, certificates and keys', () => {
    for (const pattern of ['.env', '**/.env', '**/*.env', 'deploy/certs', '**/*.pem', '**/*.key']) expect(ignore).toContain(pattern);
    // the examples stay (they document the settings)
    expect(ignore).toContain('!deploy/.env.example');
  });

  it('can run npm run db:backup (and every db:* script) inside the image', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const dbScripts = Object.entries(pkg.scripts).filter(([name]) => name.startsWith('db:') && name !== 'db:generate');
    expect(dbScripts.length).toBeGreaterThan(0);
    for (const [, cmd] of dbScripts) expect(cmd).toMatch(/^node scripts\/ensure-build\.mjs && node build\/node\//);
    expect(dockerfile).toMatch(/^COPY scripts\/ensure-build\.mjs \.\/scripts\/ensure-build\.mjs$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/build \.\/build$/m);
  });

  it('starts through deploy/docker-start.sh, which execs node (signals reach the server)', () => {
    expect(dockerfile).toMatch(/^COPY deploy\/docker-start\.sh \.\/deploy\/docker-start\.sh$/m);
    expect(dockerfile).toMatch(/^CMD \["\.\/deploy\/docker-start\.sh"\]$/m);
    accessSync(path.join(projectRoot, 'deploy', 'docker-start.sh'), constants.X_OK);
    expect(spawnSync('sh', ['-n', path.join(projectRoot, 'deploy', 'docker-start.sh')]).status).toBe(0);
  });
});

const analyze = spawnSync('systemd-analyze', ['--version'], { stdio: 'ignore' }).status === 0;
if (!analyze) console.log('systemd unit checks skipped: systemd-analyze is not installed');

describe.skipIf(!analyze)('the systemd unit', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'unit-'));
  const unit = path.join(dir, 'northfield-site.service');
  copyFileSync(path.join(projectRoot, 'deploy', 'systemd', 'northfield-site.service'), unit);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const name of ['northfield-site-backup.service', 'northfield-site-backup.timer'])
    copyFileSync(path.join(projectRoot, 'deploy', 'systemd', name), path.join(dir, name));

  it('passes systemd-analyze verify without a word, with the backup service and its timer', () => {
    const r = spawnSync(
      'systemd-analyze',
      ['verify', unit, path.join(dir, 'northfield-site-backup.timer'), path.join(dir, 'northfield-site-backup.service')],
      {
        encoding: 'utf8',
        cwd: dir,
      },
    );
    // the programs are installed under /srv and /usr/bin on a server, not on this machine; every other complaint counts
    const complaints = `${r.stdout}${r.stderr}`
      .split('\n')
      .filter(
        (l) =>
          l.trim() &&
          !/Command \/(usr\/bin\/node|srv\/northfield-site\/current\/deploy\/backup\/site-backup\.sh) is not executable/.test(l),
      );
    expect(complaints).toEqual([]);
  });

  it('backs up every night, catching up on a night the machine was off', () => {
    const timer = readFileSync(path.join(dir, 'northfield-site-backup.timer'), 'utf8');
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* 03:15:00$/m);
    expect(timer).toMatch(/^Persistent=true$/m);
    const service = readFileSync(path.join(dir, 'northfield-site-backup.service'), 'utf8');
    expect(service).toMatch(/^ExecStart=\/srv\/northfield-site\/current\/deploy\/backup\/site-backup\.sh$/m);
    expect(service).toMatch(/^Environment=BACKUP_KEEP_DAILY=7$/m);
    expect(service).toMatch(/^Environment=BACKUP_KEEP_WEEKLY=4$/m);
    const next = spawnSync('systemd-analyze', ['calendar', '*-*-* 03:15:00'], { encoding: 'utf8' });
    expect(next.stdout).toMatch(/Next elapse:/);
  });

  it('scores at most 2.0 in systemd-analyze security', () => {
    const r = spawnSync('systemd-analyze', ['security', '--offline=true', '--no-pager', unit], { encoding: 'utf8' });
    const score = /Overall exposure level for northfield-site\.service: (\d+\.\d+)/.exec(`${r.stdout}${r.stderr}`);
    expect(score, r.stdout + r.stderr).not.toBeNull();
    expect(Number(score![1])).toBeLessThanOrEqual(2.0);
  });

  it('caps its memory and its log rate', () => {
    const text = readFileSync(unit, 'utf8');
    expect(text).toMatch(/^MemoryHigh=\d+M$/m);
    expect(text).toMatch(/^MemoryMax=\d+M$/m);
    expect(text).toMatch(/^LogRateLimitIntervalSec=/m);
  });
});
