/**
 * Writes the flat SVG illustrations used by product, home, campaign and About pages to
 * public/images/{products,home,campaigns,features,about}/ and the default sharing image
 * public/images/og-default.png. Deterministic: the same script always draws the same pictures.
 * Run: npx tsx scripts/generate-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '..', 'public', 'images');
const W = 1200;
const H = 900;

interface Palette {
  sky: [string, string];
  sun: string;
  hills: [string, string, string];
  field: string;
  rows: string;
  accent: string;
  accent2: string;
}

/** A palette from its colours: sky (top, bottom), sun, hills (far to near), field, crop rows, two accents. */
function palette(
  sky: Palette['sky'],
  sun: string,
  hills: Palette['hills'],
  field: string,
  rows: string,
  accent: string,
  accent2: string,
): Palette {
  return { sky, sun, hills, field, rows, accent, accent2 };
}

const NITROGEN = palette(['#cfe3f5', '#f6efd9'], '#f0b429', ['#8fb59a', '#5e8f6c', '#2f6b45'], '#3d7a4f', '#2b5c3a', '#14406b', '#f0b429');
const NUTRIENT = palette(['#efe2f3', '#fbf1e2'], '#f2a65a', ['#a7c4a0', '#6f9a6b', '#3f7448'], '#4d8450', '#35643a', '#5b2a6e', '#f2a65a');
const BRAND = palette(['#d9ead9', '#fbf6e8'], '#e0a526', ['#9cc29f', '#62936b', '#1f5130'], '#3a7248', '#28583a', '#1f5130', '#e0a526');
const PRAIRIE = palette(['#cfe4f7', '#fdf3d6'], '#f5c542', ['#b9cf8f', '#d9c35a', '#7fa05a'], '#e3c13b', '#c9a526', '#14406b', '#f5c542');
const DUSK = palette(['#f6c9a0', '#fbe7c6'], '#e8793a', ['#a9a36f', '#7a7d4e', '#4f5a36'], '#6b7a3d', '#55632f', '#7a2e1f', '#e0a526');

/** A tiny seeded generator so every run draws the same scattering. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const f = (n: number) => Math.round(n * 10) / 10;

function hill(y: number, amp: number, phase: number, color: string): string {
  const pts: string[] = [`M0 ${H}`, `L0 ${f(y)}`];
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    const x0 = ((i - 1) / steps) * W;
    const x1 = (i / steps) * W;
    const yy = y + Math.sin(i * 1.3 + phase) * amp;
    pts.push(`Q${f((x0 + x1) / 2)} ${f(yy - amp * 0.6)} ${f(x1)} ${f(yy)}`);
  }
  pts.push(`L${W} ${H}Z`);
  return `<path d="${pts.join(' ')}" fill="${color}"/>`;
}

function rows(horizon: number, color: string, count = 14): string {
  const vx = W / 2;
  const lines: string[] = [];
  for (let i = 0; i <= count; i++) {
    const x = -W * 0.6 + (i / count) * W * 2.2;
    lines.push(
      `<line x1="${vx}" y1="${horizon}" x2="${f(x)}" y2="${H}" stroke="${color}" stroke-width="${f(3 + Math.abs(i - count / 2) * 0.6)}" stroke-linecap="round" opacity=".55"/>`,
    );
  }
  return `<g clip-path="url(#field)">${lines.join('')}</g>`;
}

function cloud(x: number, y: number, s: number): string {
  return `<g fill="#fff" opacity=".85"><ellipse cx="${x}" cy="${y}" rx="${60 * s}" ry="${22 * s}"/><ellipse cx="${x - 30 * s}" cy="${y - 12 * s}" rx="${34 * s}" ry="${24 * s}"/><ellipse cx="${x + 24 * s}" cy="${y - 18 * s}" rx="${40 * s}" ry="${30 * s}"/></g>`;
}

function base(
  p: Palette,
  opts: { horizon?: number; clouds?: boolean; rowsOn?: boolean; sunX?: number; sunY?: number } = {},
): { defs: string; body: string } {
  const horizon = opts.horizon ?? 520;
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${p.sun}" stop-opacity=".55"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>
<radialGradient id="gran" cx=".35" cy=".3" r=".75"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset=".35" stop-color="#fff" stop-opacity=".15"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></radialGradient>
<clipPath id="field"><rect x="0" y="${horizon + 40}" width="${W}" height="${H}"/></clipPath>`;
  const sx = opts.sunX ?? 900;
  const sy = opts.sunY ?? 210;
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<circle cx="${sx}" cy="${sy}" r="220" fill="url(#glow)"/>`,
    `<circle cx="${sx}" cy="${sy}" r="78" fill="${p.sun}"/>`,
    opts.clouds === false ? '' : cloud(260, 170, 1.2) + cloud(640, 110, 0.8),
    hill(horizon - 40, 26, 0.4, p.hills[0]),
    hill(horizon, 22, 2.1, p.hills[1]),
    hill(horizon + 50, 16, 4.2, p.field),
    opts.rowsOn === false ? '' : rows(horizon + 40, p.rows),
  ].join('\n');
  return { defs, body };
}

/** A random point inside an ellipse (evenly spread over its area). */
function inEllipse(r: () => number, cx: number, cy: number, rx: number, ry: number) {
  const a = r() * Math.PI * 2;
  const d = Math.sqrt(r());
  return { x: cx + Math.cos(a) * rx * d, y: cy + Math.sin(a) * ry * d };
}

function granules(cx: number, cy: number, rx: number, ry: number, colors: string[], count: number, seed: number, size = 22): string {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const { x, y } = inEllipse(r, cx, cy, rx, ry);
    const s = size * (0.7 + r() * 0.6);
    const c = colors[i % colors.length];
    out.push(
      `<g><circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}" fill="${c}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}" fill="url(#gran)"/></g>`,
    );
  }
  return out.sort((a, b) => Number(/cy="(-?[\d.]+)"/.exec(a)![1]) - Number(/cy="(-?[\d.]+)"/.exec(b)![1])).join('');
}

/** Granules with a speckled coating (micronutrients on every granule). */
function coatedGranules(cx: number, cy: number, rx: number, ry: number, coat: string[], count: number, seed: number): string {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const { x, y } = inEllipse(r, cx, cy, rx, ry);
    const s = 26 * (0.75 + r() * 0.5);
    const c = coat[i % coat.length];
    let dots = '';
    for (let k = 0; k < 9; k++) {
      const da = r() * Math.PI * 2;
      const dd = r() * s * 0.8;
      dots += `<circle cx="${f(x + Math.cos(da) * dd)}" cy="${f(y + Math.sin(da) * dd)}" r="${f(2 + r() * 3)}" fill="${c}" opacity=".9"/>`;
    }
    out.push(
      `<g><circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}" fill="#f4efe3"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}" fill="${c}" opacity=".35"/>${dots}<circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}" fill="url(#gran)"/></g>`,
    );
  }
  return out.join('');
}

function cornRow(x0: number, baseY: number, n: number, gap: number, height: number, color: string, seed: number): string {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = x0 + i * gap;
    const h = height * (0.85 + r() * 0.3);
    const top = baseY - h;
    let leaves = '';
    for (let k = 1; k <= 4; k++) {
      const ly = baseY - (h * k) / 5;
      const dir = k % 2 ? 1 : -1;
      leaves += `<path d="M${f(x)} ${f(ly)} q${f(dir * h * 0.22)} ${f(-h * 0.12)} ${f(dir * h * 0.36)} ${f(h * 0.06)}" stroke="${color}" stroke-width="${f(h * 0.035)}" fill="none" stroke-linecap="round"/>`;
    }
    out.push(
      `<g><line x1="${f(x)}" y1="${f(baseY)}" x2="${f(x)}" y2="${f(top)}" stroke="${color}" stroke-width="${f(h * 0.04)}" stroke-linecap="round"/>${leaves}<path d="M${f(x)} ${f(top)} l-8 -26 m8 26 l0 -30 m0 30 l8 -26" stroke="#d9b44a" stroke-width="4" stroke-linecap="round" fill="none"/></g>`,
    );
  }
  return out.join('');
}

function seedling(x: number, y: number, s: number, color: string): string {
  return `<g><path d="M${x} ${y} v${-60 * s}" stroke="${color}" stroke-width="${6 * s}" stroke-linecap="round"/><path d="M${x} ${y - 50 * s} c${-40 * s} ${-10 * s} ${-50 * s} ${-40 * s} ${-44 * s} ${-52 * s} c${30 * s} ${0} ${44 * s} ${24 * s} ${44 * s} ${52 * s}z" fill="${color}"/><path d="M${x} ${y - 58 * s} c${36 * s} ${-6 * s} ${50 * s} ${-34 * s} ${46 * s} ${-50 * s} c${-30 * s} ${-2 * s} ${-46 * s} ${20 * s} ${-46 * s} ${50 * s}z" fill="${color}"/></g>`;
}

function roots(x: number, y: number, s: number, color: string, seed: number): string {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < 9; i++) {
    const dx = (r() - 0.5) * 220 * s;
    const dy = (80 + r() * 140) * s;
    out += `<path d="M${x} ${y} q${f(dx * 0.2)} ${f(dy * 0.5)} ${f(dx)} ${f(dy)}" stroke="${color}" stroke-width="${f(3 + r() * 3)}" fill="none" stroke-linecap="round"/>`;
  }
  return out;
}

function soilBand(y: number, h: number, color: string, seed: number): string {
  const r = rng(seed);
  let specks = '';
  for (let i = 0; i < 140; i++)
    specks += `<circle cx="${f(r() * W)}" cy="${f(y + r() * h)}" r="${f(1.5 + r() * 3)}" fill="#000" opacity=".12"/>`;
  return `<rect x="0" y="${y}" width="${W}" height="${h}" fill="${color}"/>${specks}`;
}

function shield(cx: number, cy: number, s: number, fill: string, mark: string): string {
  return `<g transform="translate(${cx} ${cy}) scale(${s})"><path d="M0 -120 L100 -80 V10 C100 80 50 120 0 140 C-50 120 -100 80 -100 10 V-80Z" fill="${fill}" stroke="#fff" stroke-width="8"/><path d="M-42 8 L-10 40 L48 -28" stroke="${mark}" stroke-width="18" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

function droplet(x: number, y: number, s: number, color: string): string {
  return `<path d="M${x} ${y - 40 * s} C${x + 26 * s} ${y - 6 * s} ${x + 26 * s} ${y + 20 * s} ${x} ${y + 22 * s} C${x - 26 * s} ${y + 20 * s} ${x - 26 * s} ${y - 6 * s} ${x} ${y - 40 * s}Z" fill="${color}" opacity=".85"/><ellipse cx="${x - 7 * s}" cy="${y}" rx="${4 * s}" ry="${8 * s}" fill="#fff" opacity=".6"/>`;
}

function barn(x: number, y: number, s: number): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-90" y="-110" width="180" height="110" fill="#a63a2b"/><path d="M-105 -105 L0 -185 L105 -105Z" fill="#7a2e1f"/><rect x="-30" y="-70" width="60" height="70" fill="#f4efe3"/><path d="M-30 -70 L30 0 M30 -70 L-30 0" stroke="#a63a2b" stroke-width="6"/><rect x="110" y="-150" width="46" height="150" rx="20" fill="#d8d2c4"/><path d="M110 -130 h46" stroke="#b8b1a1" stroke-width="6"/></g>`;
}

function truck(x: number, y: number, s: number, color: string): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-150" y="-70" width="170" height="50" rx="8" fill="${color}"/><path d="M20 -70 h60 l40 40 v10 h-100z" fill="${color}"/><path d="M30 -62 h44 l28 30 h-72z" fill="#cfe3f5"/><circle cx="-95" cy="-18" r="26" fill="#1b2433"/><circle cx="-95" cy="-18" r="11" fill="#9c978a"/><circle cx="75" cy="-18" r="26" fill="#1b2433"/><circle cx="75" cy="-18" r="11" fill="#9c978a"/></g>`;
}

function person(x: number, y: number, s: number, shirt: string, kneel = false): string {
  const legs = kneel
    ? `<path d="M-14 -60 l-10 44 h40 M10 -60 l20 30 l30 0" stroke="#2d3b4e" stroke-width="18" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
    : `<path d="M-12 -70 v68 M12 -70 v68" stroke="#2d3b4e" stroke-width="18" stroke-linecap="round"/>`;
  return `<g transform="translate(${x} ${y}) scale(${s})">${legs}<rect x="-30" y="-150" width="60" height="92" rx="26" fill="${shirt}"/><circle cx="0" cy="-178" r="24" fill="#c98e6a"/><path d="M-30 -186 q30 -36 60 0 h14 q-4 8 -16 8 h-62z" fill="#e0a526"/></g>`;
}

function globe(cx: number, cy: number, r: number, land: string, sea: string): string {
  return `<g><circle cx="${cx}" cy="${cy}" r="${r}" fill="${sea}"/><path d="M${cx - r * 0.6} ${cy - r * 0.5} q${r * 0.3} ${-r * 0.3} ${r * 0.6} ${-r * 0.05} q${r * 0.1} ${r * 0.3} ${-r * 0.2} ${r * 0.4} q${-r * 0.3} ${r * 0.2} ${-r * 0.4} ${-r * 0.35}z M${cx + r * 0.1} ${cy - r * 0.1} q${r * 0.4} ${-r * 0.2} ${r * 0.6} ${r * 0.1} q${-r * 0.05} ${r * 0.5} ${-r * 0.35} ${r * 0.6} q${-r * 0.25} ${-r * 0.3} ${-r * 0.25} ${-r * 0.7}z M${cx - r * 0.55} ${cy + r * 0.15} q${r * 0.25} 0 ${r * 0.3} ${r * 0.3} q${-r * 0.1} ${r * 0.3} ${-r * 0.25} ${r * 0.25}z" fill="${land}"/><ellipse cx="${cx}" cy="${cy}" rx="${r * 0.45}" ry="${r}" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="3"/><path d="M${cx - r} ${cy} h${2 * r} M${cx - r * 0.9} ${cy - r * 0.45} h${r * 1.8} M${cx - r * 0.9} ${cy + r * 0.45} h${r * 1.8}" stroke="#fff" stroke-opacity=".45" stroke-width="3"/></g>`;
}

function rainGauge(x: number, y: number, s: number): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-6" y="-40" width="12" height="240" fill="#7a6a52"/><rect x="-34" y="-260" width="68" height="230" rx="10" fill="#eef6fb" stroke="#9cb4c6" stroke-width="6"/><rect x="-28" y="-120" width="56" height="86" rx="6" fill="#5fa8d8" opacity=".8"/>${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M-34 ${-230 + i * 36} h20" stroke="#14406b" stroke-width="4"/>`).join('')}<path d="M-44 -262 h88" stroke="#9cb4c6" stroke-width="10" stroke-linecap="round"/></g>`;
}

function tractorSeeder(x: number, y: number, s: number, color: string): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-260" y="-60" width="200" height="40" rx="6" fill="#c7c0ae"/><path d="M-240 -60 v-50 h160 v50" fill="#e0a526"/>${[-230, -190, -150, -110].map((cx) => `<circle cx="${cx}" cy="-12" r="14" fill="#1b2433"/>`).join('')}<path d="M-60 -40 h30" stroke="#4a5566" stroke-width="8"/><rect x="-30" y="-110" width="150" height="70" rx="8" fill="${color}"/><rect x="40" y="-170" width="70" height="70" rx="6" fill="${color}"/><rect x="50" y="-160" width="50" height="40" fill="#cfe3f5"/><circle cx="90" cy="-25" r="40" fill="#1b2433"/><circle cx="90" cy="-25" r="16" fill="#e0a526"/><circle cx="-5" cy="-20" r="26" fill="#1b2433"/><circle cx="-5" cy="-20" r="10" fill="#e0a526"/></g>`;
}

function scale(cx: number, cy: number, s: number, color: string, left: string, right: string): string {
  return `<g transform="translate(${cx} ${cy}) scale(${s})"><path d="M0 -220 V120 M-90 120 h180" stroke="${color}" stroke-width="14" stroke-linecap="round"/><path d="M-220 -180 H220" stroke="${color}" stroke-width="12" stroke-linecap="round"/><circle cx="0" cy="-224" r="16" fill="${color}"/><path d="M-220 -180 l-60 120 h120z M220 -180 l-60 120 h120z" fill="none" stroke="${color}" stroke-width="5"/><path d="M-290 -60 h140 a70 22 0 0 1 -140 0z" fill="${color}"/><path d="M150 -60 h140 a70 22 0 0 1 -140 0z" fill="${color}"/>${granules(-220, -78, 48, 14, [left], 7, 11, 15)}${granules(220, -78, 48, 14, [right], 7, 12, 15)}</g>`;
}

function mapPoints(seed: number, color: string): string {
  const r = rng(seed);
  const pts = Array.from({ length: 9 }, () => [140 + r() * 920, 120 + r() * 300] as const);
  let lines = '';
  for (let i = 1; i < pts.length; i++)
    lines += `<path d="M${f(pts[i - 1]![0])} ${f(pts[i - 1]![1])} Q${f((pts[i - 1]![0] + pts[i]![0]) / 2)} ${f(Math.min(pts[i - 1]![1], pts[i]![1]) - 60)} ${f(pts[i]![0])} ${f(pts[i]![1])}" stroke="${color}" stroke-width="3" stroke-dasharray="8 8" fill="none"/>`;
  const dots = pts
    .map(
      ([x, y]) =>
        `<circle cx="${f(x)}" cy="${f(y)}" r="12" fill="${color}"/><circle cx="${f(x)}" cy="${f(y)}" r="24" fill="${color}" opacity=".2"/>`,
    )
    .join('');
  return lines + dots;
}

function canolaField(seed: number, y0: number): string {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < 420; i++) {
    const y = y0 + r() * (H - y0);
    const depth = (y - y0) / (H - y0);
    out += `<circle cx="${f(r() * W)}" cy="${f(y)}" r="${f(2 + depth * 9)}" fill="${r() > 0.5 ? '#f7d23e' : '#f2c12e'}"/>`;
  }
  return out;
}

function wheat(x: number, y: number, s: number): string {
  let grains = '';
  for (let i = 0; i < 6; i++)
    grains += `<ellipse cx="${x - 7 * s}" cy="${y - (40 + i * 14) * s}" rx="${6 * s}" ry="${10 * s}" fill="#d9a93a" transform="rotate(-20 ${x - 7 * s} ${y - (40 + i * 14) * s})"/><ellipse cx="${x + 7 * s}" cy="${y - (46 + i * 14) * s}" rx="${6 * s}" ry="${10 * s}" fill="#e6b84a" transform="rotate(20 ${x + 7 * s} ${y - (46 + i * 14) * s})"/>`;
  return `<g><path d="M${x} ${y + 120 * s} V${y - 30 * s}" stroke="#c89a32" stroke-width="${4 * s}"/>${grains}</g>`;
}

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-hidden="true"><defs>${defs}</defs>${body}</svg>\n`;
}

function landscape(p: Palette, extra: string, opts?: Parameters<typeof base>[1]): string {
  const b = base(p, opts);
  return svg(b.defs, `${b.body}\n${extra}`);
}

const GOLD_BLUE = ['#f0b429', '#14406b', '#f7f3e8'];
const MICRO = ['#5b2a6e', '#f2a65a', '#2f8f83', '#d94f3d', '#3a6fb0', '#9c6b2f', '#e0a526'];

const IMAGES: Record<string, string> = {
  // product lines
  'products/agrotain': landscape(
    NITROGEN,
    cornRow(80, 640, 9, 130, 200, '#2b6a3f', 3) + granules(600, 800, 420, 70, ['#f7f3e8', '#eef1f5', '#f0b429'], 70, 7),
  ),
  'products/anvol': landscape(NITROGEN, shield(600, 380, 1.25, '#14406b', '#f0b429') + granules(600, 810, 460, 60, GOLD_BLUE, 60, 9)),
  'products/centuro': (() => {
    const b = base(NITROGEN, { horizon: 360, rowsOn: false });
    return svg(
      b.defs,
      `${b.body}${soilBand(470, 430, '#6b4a2f', 5)}${seedling(600, 470, 1.6, '#2f7a44')}${roots(600, 470, 1.6, '#e9dcc2', 21)}${granules(600, 720, 380, 80, ['#14406b', '#2f6fa8', '#f0b429'], 26, 13, 16)}`,
    );
  })(),
  'products/superu': landscape(
    NITROGEN,
    cornRow(60, 620, 10, 120, 260, '#2f6b45', 4) + granules(600, 805, 480, 70, ['#eef1f5', '#dbe6f2'], 90, 15),
  ),
  'products/wolf-trax': landscape(NUTRIENT, coatedGranules(600, 760, 420, 110, MICRO, 46, 17)),
  'products/optrient': landscape(
    NUTRIENT,
    [200, 360, 520, 680, 840, 1000].map((x, i) => seedling(x, 760 + (i % 2) * 30, 1.3, '#2f7a44')).join('') +
      granules(600, 850, 520, 30, ['#5b2a6e', '#f2a65a'], 40, 19, 12),
  ),
  'products/protivate': (() => {
    const b = base(NUTRIENT, { horizon: 380, rowsOn: false });
    return svg(
      b.defs,
      `${b.body}${soilBand(520, 380, '#7a5535', 23)}${[300, 600, 900].map((x) => seedling(x, 560, 1.4, '#3f8f4f') + roots(x, 560, 0.9, '#eadfc8', x)).join('')}${coatedGranules(600, 760, 380, 60, ['#5b2a6e', '#f2a65a'], 14, 29)}`,
    );
  })(),
  'products/nitamin': landscape(
    BRAND,
    [150, 300, 450, 600, 750, 900, 1050].map((x, i) => wheat(x, 700 + (i % 3) * 20, 1.2)).join('') +
      [260, 520, 800, 980].map((x, i) => droplet(x, 380 + (i % 2) * 60, 1.6, '#3a6fb0')).join(''),
  ),
  'products/synthos': landscape(PRAIRIE, coatedGranules(600, 770, 440, 100, ['#1f5130', '#e0a526', '#5b2a6e'], 40, 31)),
  'products/tribune': landscape(PRAIRIE, canolaField(37, 560) + shield(930, 300, 0.8, '#14406b', '#f5c542'), { horizon: 500 }),
  'products/rocket-seeds': (() => {
    const b = base(NUTRIENT, { horizon: 400, rowsOn: false });
    return svg(
      b.defs,
      `${b.body}${soilBand(540, 360, '#6e5034', 41)}${[240, 480, 720, 960].map((x, i) => seedling(x, 580, 1.1 + (i % 2) * 0.3, '#3f8f4f')).join('')}${coatedGranules(600, 760, 420, 70, ['#d94f3d', '#f2a65a', '#5b2a6e'], 18, 43)}`,
    );
  })(),
  // homes
  'home/us': landscape(BRAND, barn(930, 540, 0.9) + cornRow(40, 760, 8, 110, 250, '#2a6340', 47), { sunX: 300, sunY: 230 }),
  'home/ca': landscape(PRAIRIE, canolaField(53, 580) + tractorSeeder(860, 560, 0.8, '#1f5130'), { horizon: 520 }),
  'home/int': (() => {
    const b = base(BRAND, { horizon: 640, clouds: false, sunX: 1010, sunY: 150 });
    return svg(b.defs, `${b.body}${globe(600, 380, 230, '#3a7248', '#5fa8d8')}`);
  })(),
  // campaigns
  'campaigns/clear-choice': landscape(
    NITROGEN,
    granules(600, 780, 460, 90, ['#f7f3e8', '#e8eef5', '#f0b429'], 80, 59) + cloud(470, 250, 0.9),
  ),
  'campaigns/balanced-nutrition': (() => {
    const b = base(NUTRIENT, { horizon: 620 });
    return svg(b.defs, `${b.body}${scale(600, 470, 1, '#5b2a6e', '#f2a65a', '#2f8f83')}`);
  })(),
  'campaigns/thats-farming': landscape(DUSK, truck(420, 700, 1.3, '#7a2e1f') + cornRow(700, 720, 5, 100, 230, '#4f5a36', 61), {
    sunX: 860,
    sunY: 330,
  }),
  'campaigns/anvol-protects': landscape(
    NITROGEN,
    shield(600, 360, 1.4, '#14406b', '#f0b429') + cornRow(60, 780, 10, 118, 150, '#2b6a3f', 67),
  ),
  'campaigns/dual-purpose': (() => {
    const b = base(NUTRIENT, { horizon: 640 });
    return svg(
      b.defs,
      `${b.body}<g><path d="M600 180 a200 200 0 0 0 0 400z" fill="#5b2a6e"/><path d="M600 180 a200 200 0 0 1 0 400z" fill="#f2a65a"/><circle cx="600" cy="380" r="200" fill="url(#gran)"/></g>${coatedGranules(600, 800, 460, 50, MICRO, 30, 71)}`,
    );
  })(),
  // features
  'features/rain-gauge': landscape(
    { ...NITROGEN, sky: ['#9fb3c8', '#e3e8ee'] },
    rainGauge(600, 640, 1.4) + cloud(300, 160, 1.6) + cloud(860, 120, 1.3),
  ),
  'features/coated-granules': (() => {
    const b = base(NUTRIENT, { horizon: 300, rowsOn: false, clouds: false });
    return svg(b.defs, `${b.body}${coatedGranules(600, 620, 480, 220, MICRO, 70, 73)}`);
  })(),
  'features/prairie-seeding': landscape(PRAIRIE, tractorSeeder(700, 640, 1.1, '#14406b'), { sunX: 220, sunY: 280 }),
  'features/roots': (() => {
    const b = base(BRAND, { horizon: 280, rowsOn: false });
    return svg(
      b.defs,
      `${b.body}${soilBand(420, 480, '#6b4a2f', 79)}${seedling(600, 420, 2.2, '#2f7a44')}${roots(600, 420, 2.2, '#eadfc8', 83)}`,
    );
  })(),
  'features/global-partners': (() => {
    const b = base(BRAND, { horizon: 620 });
    return svg(b.defs, `${b.body}${mapPoints(89, '#1f5130')}`);
  })(),
  'features/agronomist': landscape(
    BRAND,
    truck(300, 760, 1.1, '#1f5130') +
      person(700, 790, 1.3, '#14406b') +
      person(860, 790, 1.3, '#a63a2b') +
      '<rect x="648" y="600" width="44" height="60" rx="6" fill="#1b2433"/>',
  ),
  'about/hero': landscape(
    BRAND,
    cornRow(60, 700, 4, 120, 230, '#2a6340', 97) + person(780, 820, 1.5, '#1f5130', true) + seedling(900, 810, 1.2, '#2f7a44'),
  ),
};

for (const [name, content] of Object.entries(IMAGES)) {
  const file = path.join(OUT, `${name}.svg`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

// The sharing image social networks show when a page names none: 1200 x 630 PNG.
const og = landscape(BRAND, barn(930, 540, 0.9) + cornRow(40, 760, 8, 110, 250, '#2a6340', 47), { sunX: 300, sunY: 230 });
await sharp(Buffer.from(og))
  .resize(1200, 630, { fit: 'cover', position: 'centre' })
  .png({ compressionLevel: 9 })
  .toFile(path.join(OUT, 'og-default.png'));
console.log(`Wrote ${Object.keys(IMAGES).length} illustrations and og-default.png to ${OUT}`);
