/**
 * Generates the illustrations used by the seeded knowledge items, press releases and custom pages
 * (public/images/...). Deterministic: running it again writes the same files. Run with
 * `npx tsx scripts/generate-content-images.ts` after changing the list below.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Motif = 'mic' | 'chart' | 'leaf' | 'granule' | 'drop' | 'seed' | 'news' | 'sprout' | 'soil' | 'sun' | 'none';

interface Spec {
  file: string;
  w: number;
  h: number;
  sky: [string, string];
  hills: string[];
  sun?: string;
  rows?: string;
  motif: Motif;
  seed: number;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function hill(w: number, h: number, base: number, amp: number, rand: () => number, color: string): string {
  const pts: string[] = [`M0 ${r1(base)}`];
  const segments = 4;
  for (let i = 0; i < segments; i++) {
    const x0 = (w / segments) * i;
    const x1 = x0 + w / segments;
    const cy = base - amp * (0.4 + rand());
    pts.push(`Q${r1(x0 + w / segments / 2)} ${r1(cy)} ${r1(x1)} ${r1(base - amp * (rand() - 0.5) * 0.6)}`);
  }
  pts.push(`L${w} ${h}L0 ${h}Z`);
  return `<path d="${pts.join('')}" fill="${color}"/>`;
}

function cropRows(w: number, h: number, top: number, color: string): string {
  const lines: string[] = [];
  const vx = w / 2;
  for (let i = -10; i <= 10; i++) {
    const x = vx + i * (w / 9);
    lines.push(`M${r1(vx + i * 12)} ${r1(top)}L${r1(x)} ${h}`);
  }
  return `<path d="${lines.join('')}" stroke="${color}" stroke-width="3" stroke-linecap="round" opacity=".45" fill="none"/>`;
}

function motif(kind: Motif, w: number, h: number): string {
  const cx = w * 0.72;
  const cy = h * 0.36;
  const s = Math.min(w, h) / 600;
  const g = (body: string) => `<g transform="translate(${r1(cx)} ${r1(cy)}) scale(${r1(s * 10) / 10})">${body}</g>`;
  const disc = `<circle r="92" fill="#fff" opacity=".92"/>`;
  switch (kind) {
    case 'mic':
      return g(
        `${disc}<rect x="-22" y="-58" width="44" height="76" rx="22" fill="#1f5130"/><path d="M-38 0a38 38 0 0 0 76 0" stroke="#1f5130" stroke-width="8" fill="none"/><path d="M0 38v22M-22 62h44" stroke="#1f5130" stroke-width="8" stroke-linecap="round"/>`,
      );
    case 'chart':
      return g(
        `${disc}<path d="M-52 46h104" stroke="#1b2433" stroke-width="6"/><rect x="-44" y="6" width="20" height="40" fill="#e0a526"/><rect x="-12" y="-20" width="20" height="66" fill="#1f5130"/><rect x="20" y="-44" width="20" height="90" fill="#14406b"/><path d="M-50 -6L-10 -34L22 -52L52 -70" stroke="#b3261e" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      );
    case 'leaf':
      return g(
        `${disc}<path d="M-48 48C-48 -20 0 -60 56 -60C56 4 20 48 -48 48Z" fill="#2f7a45"/><path d="M-48 48L30 -36" stroke="#e5efe7" stroke-width="5" stroke-linecap="round"/>`,
      );
    case 'granule':
      return g(
        `${disc}<circle cx="-26" cy="10" r="26" fill="#f1efe8" stroke="#9c978a" stroke-width="4"/><circle cx="24" cy="-18" r="22" fill="#f1efe8" stroke="#9c978a" stroke-width="4"/><circle cx="26" cy="32" r="18" fill="#f1efe8" stroke="#9c978a" stroke-width="4"/><circle cx="-26" cy="10" r="26" fill="none" stroke="#5b2a6e" stroke-width="6" stroke-dasharray="6 8"/><circle cx="24" cy="-18" r="22" fill="none" stroke="#5b2a6e" stroke-width="6" stroke-dasharray="6 8"/>`,
      );
    case 'drop':
      return g(
        `${disc}<path d="M0 -62C24 -26 44 -2 44 22A44 44 0 0 1 -44 22C-44 -2 -24 -26 0 -62Z" fill="#1a5fb4"/><path d="M-20 22a20 20 0 0 0 20 20" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/>`,
      );
    case 'seed':
      return g(
        `${disc}<ellipse rx="34" ry="48" fill="#c58a0f"/><path d="M0 -40C-12 -10 -12 20 0 40" stroke="#7a5309" stroke-width="5" fill="none"/><path d="M30 -54c10 -20 30 -24 40 -20c-4 16 -20 28 -40 20Z" fill="#2f7a45"/>`,
      );
    case 'news':
      return g(
        `${disc}<rect x="-50" y="-56" width="100" height="112" rx="8" fill="#fbfaf6" stroke="#1b2433" stroke-width="5"/><rect x="-36" y="-40" width="72" height="22" fill="#1f5130"/><path d="M-36 -4h72M-36 14h72M-36 32h48" stroke="#4a5566" stroke-width="6" stroke-linecap="round"/>`,
      );
    case 'sprout':
      return g(
        `${disc}<path d="M0 56V-6" stroke="#2f7a45" stroke-width="8" stroke-linecap="round"/><path d="M0 -6C-8 -40 -40 -50 -60 -40C-50 -14 -24 -4 0 -6Z" fill="#3d8f55"/><path d="M0 6C8 -24 38 -34 58 -24C48 0 24 10 0 6Z" fill="#2f7a45"/><path d="M-50 58h100" stroke="#6b4a2b" stroke-width="8" stroke-linecap="round"/>`,
      );
    case 'soil':
      return g(
        `${disc}<rect x="-56" y="-40" width="112" height="26" fill="#8a6a45"/><rect x="-56" y="-14" width="112" height="30" fill="#6b4a2b"/><rect x="-56" y="16" width="112" height="34" fill="#4d3420"/><path d="M-20 -40v90M20 -40v90" stroke="#e0a526" stroke-width="5" stroke-dasharray="4 6"/>`,
      );
    case 'sun':
    case 'none':
      return '';
  }
}

function svg(spec: Spec): string {
  const rand = rng(spec.seed);
  const { w, h } = spec;
  const gid = `g${spec.seed}`;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">`,
    `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${spec.sky[0]}"/><stop offset="1" stop-color="${spec.sky[1]}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#${gid})"/>`,
  ];
  if (spec.sun)
    parts.push(`<circle cx="${r1(w * (0.15 + rand() * 0.2))}" cy="${r1(h * 0.28)}" r="${r1(h * 0.1)}" fill="${spec.sun}" opacity=".9"/>`);
  spec.hills.forEach((color, i) => {
    const base = h * (0.55 + i * 0.13);
    parts.push(hill(w, h, base, h * (0.12 - i * 0.02), rand, color));
  });
  if (spec.rows) parts.push(cropRows(w, h, h * (0.55 + (spec.hills.length - 1) * 0.13), spec.rows));
  parts.push(motif(spec.motif, w, h));
  parts.push('</svg>');
  return parts.join('') + '\n';
}

const GREEN = ['#9cc59a', '#5f9b62', '#2f6b3a'];
const GOLD = ['#e9cf7a', '#d4a93f', '#9c7622'];
const PRAIRIE = ['#f2d65c', '#c7b248', '#6f8a3a'];
const DUSK: [string, string] = ['#f6d9a8', '#fbeedc'];
const DAY: [string, string] = ['#bfe0f5', '#eef7fb'];
const EVENING: [string, string] = ['#c9d3ea', '#f3e7d9'];

const W = 1200;
const H = 675;
export const SPECS: Spec[] = [
  { file: 'hero-field.svg', w: 1600, h: 700, sky: DAY, hills: GREEN, sun: '#f7d35c', rows: '#1f5130', motif: 'none', seed: 1 },
  { file: 'hero-prairie.svg', w: 1600, h: 700, sky: DUSK, hills: PRAIRIE, sun: '#f4b13e', rows: '#7a6a1d', motif: 'none', seed: 2 },
  { file: 'knowledge/volatilization.svg', w: W, h: H, sky: DAY, hills: GOLD, sun: '#f7d35c', rows: '#7a5309', motif: 'granule', seed: 11 },
  { file: 'knowledge/podcast-nitrogen.svg', w: W, h: H, sky: EVENING, hills: GREEN, motif: 'mic', seed: 12 },
  { file: 'knowledge/research-trials.svg', w: W, h: H, sky: DAY, hills: GREEN, rows: '#1f5130', motif: 'chart', seed: 13 },
  { file: 'knowledge/zinc-corn.svg', w: W, h: H, sky: DAY, hills: GREEN, sun: '#f7d35c', motif: 'leaf', seed: 14 },
  { file: 'knowledge/soil-sampling.svg', w: W, h: H, sky: DUSK, hills: GOLD, motif: 'soil', seed: 15 },
  { file: 'knowledge/uan-sidedress.svg', w: W, h: H, sky: DAY, hills: GREEN, rows: '#1f5130', motif: 'drop', seed: 16 },
  { file: 'knowledge/seed-start.svg', w: W, h: H, sky: DUSK, hills: GREEN, motif: 'sprout', seed: 17 },
  { file: 'knowledge/podcast-micros.svg', w: W, h: H, sky: DAY, hills: GOLD, motif: 'mic', seed: 18 },
  { file: 'knowledge/fall-ammonia.svg', w: W, h: H, sky: EVENING, hills: GOLD, rows: '#7a5309', motif: 'chart', seed: 19 },
  { file: 'knowledge/boron-soybeans.svg', w: W, h: H, sky: DAY, hills: GREEN, motif: 'leaf', seed: 20 },
  { file: 'knowledge/canola-sulphur.svg', w: W, h: H, sky: DUSK, hills: PRAIRIE, sun: '#f4b13e', motif: 'leaf', seed: 21 },
  { file: 'knowledge/prairie-podcast.svg', w: W, h: H, sky: EVENING, hills: PRAIRIE, motif: 'mic', seed: 22 },
  { file: 'knowledge/wheat-protein.svg', w: W, h: H, sky: DUSK, hills: PRAIRIE, rows: '#7a6a1d', motif: 'chart', seed: 23 },
  { file: 'knowledge/pulse-inoculant.svg', w: W, h: H, sky: DAY, hills: PRAIRIE, motif: 'seed', seed: 24 },
  { file: 'knowledge/spring-wheat-n.svg', w: W, h: H, sky: DAY, hills: PRAIRIE, sun: '#f4b13e', motif: 'granule', seed: 25 },
  { file: 'knowledge/gallery-probe.svg', w: 800, h: 600, sky: DAY, hills: GOLD, motif: 'soil', seed: 31 },
  { file: 'knowledge/gallery-spreader.svg', w: 800, h: 600, sky: DAY, hills: GREEN, rows: '#1f5130', motif: 'granule', seed: 32 },
  { file: 'knowledge/gallery-canopy.svg', w: 800, h: 600, sky: DUSK, hills: GREEN, sun: '#f7d35c', motif: 'sprout', seed: 33 },
  { file: 'press/press-us.svg', w: W, h: H, sky: DAY, hills: GREEN, motif: 'news', seed: 41 },
  { file: 'press/press-ca.svg', w: W, h: H, sky: DUSK, hills: PRAIRIE, motif: 'news', seed: 42 },
  { file: 'press/press-research.svg', w: W, h: H, sky: EVENING, hills: GREEN, motif: 'chart', seed: 43 },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'public', 'images');
  for (const spec of SPECS) {
    const file = path.join(root, spec.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, svg(spec));
  }
  console.log(`wrote ${SPECS.length} images to ${root}`);
}
