// Draws the demo company's images into lib/db/demo/images (committed; the seed only copies them).
// Run after changing a drawing:  npx tsx scripts/make-demo-images.ts
// Every image is drawn locally as SVG and rendered with sharp; nothing is downloaded.
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const OUT = 'lib/db/demo/images';

interface Palette {
  bg1: string;
  bg2: string;
  accent1: string;
  accent2: string;
}

const PALETTES: Palette[] = [
  { bg1: '#0b1026', bg2: '#02030a', accent1: '#7c3aed', accent2: '#22d3ee' },
  { bg1: '#1a0b1e', bg2: '#050206', accent1: '#f59e0b', accent2: '#ef4444' },
  { bg1: '#03161d', bg2: '#010608', accent1: '#10b981', accent2: '#3b82f6' },
  { bg1: '#1d0a12', bg2: '#060103', accent1: '#ec4899', accent2: '#8b5cf6' },
  { bg1: '#101418', bg2: '#030405', accent1: '#eab308', accent2: '#f97316' },
  { bg1: '#071226', bg2: '#020409', accent1: '#06b6d4', accent2: '#a855f7' },
];

function palette(index: number): Palette {
  return PALETTES[index % PALETTES.length] ?? PALETTES[0]!;
}

/** Small deterministic PRNG, so the demo looks the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function initials(name: string): string {
  const words = name
    .replace(/&/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(al|of|and|the)$/i.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function starPoints(cx: number, cy: number, outer: number, inner: number, points = 5, rotation = -90): string {
  const result: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = ((rotation + (i * 180) / points) * Math.PI) / 180;
    result.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return result.join(' ');
}

const FONT = 'font-family="sans-serif"';

// ---------------------------------------------------------------------------------------------
// Stage scenes (slides and events): haze, truss, spotlight beams, LED wall, stage and crowd.

interface SceneOptions {
  width: number;
  height: number;
  palette: Palette;
  seed: number;
  /** What the LED wall shows. */
  screen: 'star' | 'waves' | 'bars' | 'rings' | { text: string; sub?: string };
}

function screenContent(o: SceneOptions, x: number, y: number, w: number, h: number): string {
  const { accent1, accent2 } = o.palette;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const rnd = random(o.seed * 7 + 3);
  const s = o.screen;
  if (s === 'star') {
    return `
      <polygon points="${starPoints(cx, cy, h * 0.36, h * 0.15)}" fill="#fff" opacity="0.92"/>
      <polygon points="${starPoints(cx, cy, h * 0.44, h * 0.19)}" fill="none" stroke="#fff" stroke-width="${h * 0.012}" opacity="0.5"/>`;
  }
  if (s === 'waves') {
    let out = '';
    for (let i = 0; i < 6; i++) {
      const amp = h * (0.08 + rnd() * 0.12);
      const yy = y + h * (0.2 + i * 0.12);
      out += `<path d="M ${x} ${yy} C ${x + w * 0.25} ${yy - amp}, ${x + w * 0.5} ${yy + amp}, ${x + w * 0.75} ${yy - amp * 0.5} S ${x + w} ${yy + amp * 0.3}, ${x + w} ${yy}" fill="none" stroke="#fff" stroke-width="${h * 0.012}" opacity="${(0.25 + i * 0.1).toFixed(2)}"/>`;
    }
    return out;
  }
  if (s === 'bars') {
    let out = '';
    const n = 24;
    const bw = w / n;
    for (let i = 0; i < n; i++) {
      const bh = h * (0.15 + rnd() * 0.7);
      out += `<rect x="${(x + i * bw + bw * 0.18).toFixed(1)}" y="${(y + h - bh).toFixed(1)}" width="${(bw * 0.64).toFixed(1)}" height="${bh.toFixed(1)}" fill="#fff" opacity="${(0.45 + rnd() * 0.45).toFixed(2)}"/>`;
    }
    return out;
  }
  if (s === 'rings') {
    let out = '';
    for (let i = 1; i <= 6; i++) {
      out += `<circle cx="${cx}" cy="${cy}" r="${(h * 0.08 * i).toFixed(1)}" fill="none" stroke="${i % 2 ? '#fff' : accent2}" stroke-width="${h * 0.015}" opacity="${(1 - i * 0.13).toFixed(2)}"/>`;
    }
    return out;
  }
  const size = Math.min(h * 0.26, (w * 0.9) / Math.max(6, s.text.length * 0.62));
  return `
    <text x="${cx}" y="${cy + (s.sub ? -h * 0.02 : size * 0.35)}" ${FONT} font-size="${size.toFixed(1)}" font-weight="bold" fill="#fff" text-anchor="middle" letter-spacing="${(size * 0.04).toFixed(1)}">${esc(s.text)}</text>
    ${s.sub ? `<text x="${cx}" y="${cy + h * 0.2}" ${FONT} font-size="${(h * 0.09).toFixed(1)}" fill="#fff" opacity="0.85" text-anchor="middle" letter-spacing="${(h * 0.01).toFixed(1)}">${esc(s.sub)}</text>` : ''}
    <rect x="${x + w * 0.35}" y="${y + h * 0.86}" width="${w * 0.3}" height="${h * 0.015}" fill="${accent1}"/>`;
}

/** LED panel texture: one path of grid lines (much cheaper for librsvg than a pattern fill). */
function pixelGrid(x: number, y: number, w: number, h: number, step: number): string {
  let d = '';
  for (let gx = x + step; gx < x + w; gx += step) d += `M${gx.toFixed(1)} ${y.toFixed(1)}V${(y + h).toFixed(1)}`;
  for (let gy = y + step; gy < y + h; gy += step) d += `M${x.toFixed(1)} ${gy.toFixed(1)}H${(x + w).toFixed(1)}`;
  return `<path d="${d}" stroke="#000" stroke-width="1" opacity="0.3" fill="none"/>`;
}

function sceneSvg(o: SceneOptions): string {
  const { width: W, height: H, palette: p } = o;
  const rnd = random(o.seed);
  const trussY = H * 0.07;
  const trussH = H * 0.035;
  const wallW = W * 0.52;
  const wallH = H * 0.4;
  const wallX = (W - wallW) / 2;
  const wallY = H * 0.17;
  const stageY = wallY + wallH + H * 0.06;

  // Spotlight beams from fixtures hanging on the truss.
  let beams = '';
  let fixtures = '';
  const fixtureCount = 7;
  for (let i = 0; i < fixtureCount; i++) {
    const fx = W * (0.08 + (0.84 * i) / (fixtureCount - 1));
    const fy = trussY + trussH;
    const targetX = fx + (rnd() - 0.5) * W * 0.5;
    const spread = W * (0.05 + rnd() * 0.05);
    const grad = i % 2 ? 'beamB' : 'beamA';
    beams += `<polygon points="${fx.toFixed(1)},${fy.toFixed(1)} ${(targetX - spread).toFixed(1)},${H} ${(targetX + spread).toFixed(1)},${H}" fill="url(#${grad})" opacity="${(0.45 + rnd() * 0.35).toFixed(2)}"/>`;
    fixtures += `<rect x="${(fx - W * 0.008).toFixed(1)}" y="${fy.toFixed(1)}" width="${(W * 0.016).toFixed(1)}" height="${(H * 0.02).toFixed(1)}" rx="2" fill="#1f2937"/><circle cx="${fx.toFixed(1)}" cy="${(fy + H * 0.02).toFixed(1)}" r="${(W * 0.005).toFixed(1)}" fill="#fff"/>`;
  }

  // Truss: two chords with zig-zag lacing.
  let lacing = '';
  const seg = W / 60;
  for (let i = 0; i < 60; i++) {
    const x1 = i * seg;
    lacing += `M ${x1.toFixed(1)} ${trussY} L ${(x1 + seg / 2).toFixed(1)} ${(trussY + trussH).toFixed(1)} L ${(x1 + seg).toFixed(1)} ${trussY} `;
  }

  // Crowd silhouettes along the bottom.
  let crowd = '';
  const people = Math.round(W / 28);
  for (let i = 0; i < people; i++) {
    const px = (i + rnd() * 0.8) * (W / people);
    const scale = 0.8 + rnd() * 0.5;
    const headR = H * 0.022 * scale;
    const top = H * 0.86 + rnd() * H * 0.05;
    crowd += `<circle cx="${px.toFixed(1)}" cy="${top.toFixed(1)}" r="${headR.toFixed(1)}"/><rect x="${(px - headR * 2).toFixed(1)}" y="${(top + headR * 1.1).toFixed(1)}" width="${(headR * 4).toFixed(1)}" height="${H * 0.2}" rx="${(headR * 1.6).toFixed(1)}"/>`;
    if (rnd() < 0.12) {
      // A raised hand (phone light).
      const hx = px + headR * 1.6;
      crowd += `<rect x="${hx.toFixed(1)}" y="${(top - headR * 3).toFixed(1)}" width="${(headR * 0.5).toFixed(1)}" height="${(headR * 4).toFixed(1)}" rx="2"/><circle cx="${(hx + headR * 0.25).toFixed(1)}" cy="${(top - headR * 3.2).toFixed(1)}" r="${(headR * 0.35).toFixed(1)}" fill="#fff" opacity="0.9"/>`;
    }
  }

  // Stars of light (haze sparkles).
  let sparkles = '';
  for (let i = 0; i < 40; i++) {
    sparkles += `<circle cx="${(rnd() * W).toFixed(1)}" cy="${(rnd() * H * 0.8).toFixed(1)}" r="${(0.6 + rnd() * 1.8).toFixed(1)}" fill="#fff" opacity="${(0.2 + rnd() * 0.5).toFixed(2)}"/>`;
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient>
    <radialGradient id="haze" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="${p.accent1}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.accent1}" stop-opacity="0"/></radialGradient>
    <linearGradient id="beamA" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="0.25" stop-color="${p.accent1}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.accent1}" stop-opacity="0"/></linearGradient>
    <linearGradient id="beamB" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="0.25" stop-color="${p.accent2}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.accent2}" stop-opacity="0"/></linearGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent1}"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#haze)"/>
  ${sparkles}
  ${[0.05, 0.042, 0.034, 0.026, 0.018, 0.01]
    .map(
      (pad) =>
        `<rect x="${wallX - W * pad}" y="${wallY - W * pad}" width="${wallW + W * pad * 2}" height="${wallH + W * pad * 2}" rx="${W * pad}" fill="url(#wall)" opacity="0.07"/>`,
    )
    .join('')}
  <rect x="${wallX}" y="${wallY}" width="${wallW}" height="${wallH}" fill="url(#wall)"/>
  ${screenContent(o, wallX, wallY, wallW, wallH)}
  ${pixelGrid(wallX, wallY, wallW, wallH, W / 160)}
  <rect x="${wallX}" y="${wallY}" width="${wallW}" height="${wallH}" fill="none" stroke="#0b0b0b" stroke-width="${W * 0.004}"/>
  <rect x="${W * 0.06}" y="${wallY + wallH * 0.1}" width="${W * 0.13}" height="${wallH * 0.8}" fill="url(#wall)" opacity="0.55"/>
  ${pixelGrid(W * 0.06, wallY + wallH * 0.1, W * 0.13, wallH * 0.8, W / 160)}
  <rect x="${W * 0.81}" y="${wallY + wallH * 0.1}" width="${W * 0.13}" height="${wallH * 0.8}" fill="url(#wall)" opacity="0.55"/>
  ${pixelGrid(W * 0.81, wallY + wallH * 0.1, W * 0.13, wallH * 0.8, W / 160)}
  <polygon points="${W * 0.12},${stageY} ${W * 0.88},${stageY} ${W * 0.96},${H * 0.9} ${W * 0.04},${H * 0.9}" fill="#0d0f14"/>
  <rect x="${W * 0.12}" y="${stageY - 2}" width="${W * 0.76}" height="4" fill="${p.accent2}" opacity="0.9"/>
  ${beams}
  <rect x="0" y="${trussY}" width="${W}" height="${trussH}" fill="none" stroke="#9ca3af" stroke-width="${(H * 0.004).toFixed(1)}"/>
  <path d="${lacing}" fill="none" stroke="#6b7280" stroke-width="${(H * 0.0025).toFixed(1)}"/>
  ${fixtures}
  <g fill="#030303">${crowd}</g>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Service tiles: an icon per service on a dark gradient, with the title underneath.

type ServiceIcon = 'led' | 'sound' | 'lighting' | 'stage' | 'management' | 'streaming';

function serviceIcon(kind: ServiceIcon, p: Palette): string {
  // Drawn in a 300x260 box whose origin is placed by the caller.
  switch (kind) {
    case 'led': {
      let cells = '';
      for (let r = 0; r < 6; r++)
        for (let c = 0; c < 10; c++) {
          const o = 0.35 + (((r * 7 + c * 13) % 10) / 10) * 0.65;
          cells += `<rect x="${20 + c * 26}" y="${40 + r * 26}" width="22" height="22" rx="3" fill="url(#ic)" opacity="${o.toFixed(2)}"/>`;
        }
      return `${cells}<rect x="14" y="34" width="272" height="168" rx="8" fill="none" stroke="#fff" stroke-width="4" opacity="0.8"/><rect x="135" y="202" width="30" height="30" fill="#9ca3af"/><rect x="95" y="230" width="110" height="10" rx="5" fill="#9ca3af"/>`;
    }
    case 'sound': {
      let boxes = '';
      for (let i = 0; i < 6; i++) {
        const w = 120 - i * 6;
        boxes += `<rect x="${70 - w / 2 + 20}" y="${20 + i * 36}" width="${w}" height="30" rx="4" fill="#1f2937" stroke="url(#ic)" stroke-width="3"/><circle cx="90" cy="${35 + i * 36}" r="8" fill="url(#ic)"/>`;
      }
      let waves = '';
      for (let i = 0; i < 4; i++) {
        const r = 40 + i * 30;
        waves += `<path d="M ${170 + i * 8} ${130 - r * 0.8} A ${r} ${r} 0 0 1 ${170 + i * 8} ${130 + r * 0.8}" fill="none" stroke="url(#ic)" stroke-width="8" stroke-linecap="round" opacity="${(1 - i * 0.2).toFixed(2)}"/>`;
      }
      return boxes + waves;
    }
    case 'lighting':
      return `
        <polygon points="150,80 40,260 260,260" fill="url(#beam)" opacity="0.9"/>
        <rect x="95" y="10" width="110" height="14" rx="7" fill="#9ca3af"/>
        <rect x="142" y="22" width="16" height="20" fill="#6b7280"/>
        <path d="M 100 40 h 100 v 20 a 50 30 0 0 1 -100 0 z" fill="#1f2937" stroke="url(#ic)" stroke-width="4"/>
        <ellipse cx="150" cy="80" rx="36" ry="12" fill="#fff"/>
        <circle cx="60" cy="50" r="4" fill="#fff"/><circle cx="245" cy="35" r="3" fill="#fff"/><circle cx="260" cy="120" r="4" fill="#fff" opacity="0.7"/>`;
    case 'stage': {
      let lace = '';
      for (let i = 0; i < 10; i++) lace += `M ${20 + i * 26} 20 L ${33 + i * 26} 44 L ${46 + i * 26} 20 `;
      let legs = '';
      for (const x of [20, 256]) {
        for (let j = 0; j < 7; j++) legs += `M ${x} ${44 + j * 26} L ${x + 24} ${57 + j * 26} L ${x} ${70 + j * 26} `;
      }
      return `
        <rect x="20" y="20" width="260" height="24" fill="none" stroke="url(#ic)" stroke-width="4"/>
        <path d="${lace}" fill="none" stroke="url(#ic)" stroke-width="3"/>
        <rect x="20" y="44" width="24" height="190" fill="none" stroke="url(#ic)" stroke-width="4"/>
        <rect x="256" y="44" width="24" height="190" fill="none" stroke="url(#ic)" stroke-width="4"/>
        <path d="${legs}" fill="none" stroke="url(#ic)" stroke-width="3"/>
        <polygon points="60,190 240,190 260,234 40,234" fill="#1f2937" stroke="url(#ic)" stroke-width="4"/>
        <polygon points="150,70 90,190 210,190" fill="url(#beam)" opacity="0.7"/>`;
    }
    case 'management':
      return `
        <rect x="50" y="30" width="200" height="215" rx="14" fill="#1f2937" stroke="url(#ic)" stroke-width="5"/>
        <rect x="105" y="16" width="90" height="30" rx="8" fill="url(#ic)"/>
        ${[0, 1, 2, 3]
          .map(
            (i) =>
              `<path d="M 78 ${86 + i * 42} l 12 12 l 22 -24" fill="none" stroke="${i < 3 ? p.accent2 : '#6b7280'}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/><rect x="128" y="${82 + i * 42}" width="${96 - i * 10}" height="12" rx="6" fill="#fff" opacity="${i < 3 ? 0.85 : 0.35}"/>`,
          )
          .join('')}`;
    case 'streaming':
      return `
        <rect x="20" y="70" width="190" height="130" rx="18" fill="#1f2937" stroke="url(#ic)" stroke-width="5"/>
        <polygon points="210,110 280,75 280,195 210,160" fill="url(#ic)"/>
        <circle cx="80" cy="50" r="28" fill="none" stroke="url(#ic)" stroke-width="5"/>
        <circle cx="150" cy="50" r="28" fill="none" stroke="url(#ic)" stroke-width="5"/>
        <polygon points="95,105 95,165 145,135" fill="#fff"/>
        <rect x="30" y="218" width="90" height="34" rx="6" fill="#dc2626"/>
        <circle cx="48" cy="235" r="7" fill="#fff"/>
        <text x="62" y="244" ${FONT} font-size="24" font-weight="bold" fill="#fff">LIVE</text>`;
  }
}

// The card prints the service's title in the page's language, so the photo carries none.
function serviceSvg(kind: ServiceIcon, p: Palette): string {
  const W = 800;
  const H = 600;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient>
    <radialGradient id="halo" cx="0.5" cy="0.4" r="0.5"><stop offset="0" stop-color="${p.accent1}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.accent1}" stop-opacity="0"/></radialGradient>
    <linearGradient id="ic" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent1}"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.95"/><stop offset="0.4" stop-color="${p.accent2}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.accent2}" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#halo)"/>
  <g opacity="0.08" stroke="#fff">${Array.from({ length: 20 }, (_, i) => `<line x1="${i * 40}" y1="0" x2="${i * 40}" y2="${H}"/>`).join('')}${Array.from({ length: 15 }, (_, i) => `<line x1="0" y1="${i * 40}" x2="${W}" y2="${i * 40}"/>`).join('')}</g>
  <g transform="translate(250 90)">${serviceIcon(kind, p)}</g>
  <rect x="340" y="440" width="120" height="5" rx="2.5" fill="url(#ic)"/>
  <text x="400" y="500" ${FONT} font-size="20" fill="#fff" opacity="0.55" text-anchor="middle" letter-spacing="6">7STARS EVENTS</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Team portraits: a stylised silhouette on a studio-lit gradient, with the person's initials.

function portraitSvg(name: string, p: Palette, seed: number): string {
  const S = 600;
  const rnd = random(seed);
  const hair = rnd() < 0.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="${p.accent1}"/><stop offset="0.55" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></radialGradient>
    <linearGradient id="fig" gradientUnits="userSpaceOnUse" x1="0" y1="130" x2="0" y2="600"><stop offset="0" stop-color="#e5e7eb"/><stop offset="1" stop-color="#8b95a3"/></linearGradient>
    <linearGradient id="badge" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent1}"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient>
  </defs>
  <rect width="${S}" height="${S}" fill="url(#bg)"/>
  <circle cx="300" cy="300" r="270" fill="none" stroke="#fff" stroke-width="2" opacity="0.15"/>
  <path d="M 90 600 C 90 450, 170 395, 300 395 C 430 395, 510 450, 510 600 Z" fill="url(#fig)"/>
  <path d="M 262 320 L 338 320 L 346 410 L 254 410 Z" fill="url(#fig)"/>
  <ellipse cx="300" cy="250" rx="86" ry="102" fill="url(#fig)"/>
  ${hair ? '<path d="M 208 240 C 200 150, 250 125, 300 125 C 360 125, 405 160, 392 250 C 380 200, 350 180, 300 185 C 250 180, 220 200, 208 240 Z" fill="#4b5563" opacity="0.55"/>' : '<path d="M 210 225 C 215 160, 255 135, 300 135 C 345 135, 385 160, 390 225 C 370 190, 340 175, 300 176 C 260 175, 230 190, 210 225 Z" fill="#374151" opacity="0.5"/>'}
  <circle cx="300" cy="505" r="58" fill="url(#badge)" stroke="#fff" stroke-width="4"/>
  <text x="300" y="523" ${FONT} font-size="48" font-weight="bold" fill="#fff" text-anchor="middle">${esc(initials(name))}</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Client logos (transparent PNG): an emblem with initials next to the name.

type Emblem = 'circle' | 'hexagon' | 'diamond' | 'shield' | 'arch' | 'square';

function emblemShape(kind: Emblem): string {
  switch (kind) {
    case 'circle':
      return '<circle cx="80" cy="100" r="62" fill="url(#em)"/>';
    case 'hexagon':
      return '<polygon points="80,36 135,68 135,132 80,164 25,132 25,68" fill="url(#em)"/>';
    case 'diamond':
      return '<polygon points="80,34 146,100 80,166 14,100" fill="url(#em)"/>';
    case 'shield':
      return '<path d="M 24 42 L 80 28 L 136 42 L 136 100 C 136 138, 110 160, 80 172 C 50 160, 24 138, 24 100 Z" fill="url(#em)"/>';
    case 'arch':
      return '<path d="M 22 166 L 22 96 A 58 58 0 0 1 138 96 L 138 166 Z" fill="url(#em)"/>';
    case 'square':
      return '<rect x="22" y="42" width="116" height="116" rx="26" fill="url(#em)"/>';
  }
}

function logoSvg(name: string, mark: string, tagline: string, color1: string, color2: string, emblem: Emblem): string {
  const words = name.split(' ');
  // Bold capitals are about 0.76 em wide; the text block has 220 px.
  const fit = (text: string) => Math.min(30, 220 / (text.length * 0.76));
  // One line when it stays large enough, otherwise two balanced lines.
  let line1 = name;
  let line2 = '';
  if (words.length > 1 && fit(name) < 24) {
    let best = 1;
    let bestDiff = Infinity;
    for (let i = 1; i < words.length; i++) {
      const diff = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
      if (diff < bestDiff) {
        bestDiff = diff;
        best = i;
      }
    }
    line1 = words.slice(0, best).join(' ');
    line2 = words.slice(best).join(' ');
  }
  const size = Math.min(fit(line1), fit(line2));
  const top = line2 ? 92 : 108;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">
  <defs><linearGradient id="em" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color1}"/><stop offset="1" stop-color="${color2}"/></linearGradient></defs>
  ${emblemShape(emblem)}
  <text x="80" y="${emblem === 'arch' ? 142 : 117}" ${FONT} font-size="46" font-weight="bold" fill="#fff" text-anchor="middle">${esc(mark)}</text>
  <text x="165" y="${top}" ${FONT} font-size="${size.toFixed(1)}" font-weight="bold" fill="${color1}">${esc(line1.toUpperCase())}</text>
  ${line2 ? `<text x="165" y="${top + size * 1.15}" ${FONT} font-size="${size.toFixed(1)}" font-weight="bold" fill="${color1}">${esc(line2.toUpperCase())}</text>` : ''}
  <rect x="166" y="${top + (line2 ? size * 1.15 : 0) + 14}" width="40" height="4" rx="2" fill="${color2}"/>
  <text x="166" y="${top + (line2 ? size * 1.15 : 0) + 40}" ${FONT} font-size="15" fill="${color2}" letter-spacing="2">${esc(tagline.toUpperCase())}</text>
</svg>`;
}

function contactLogoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
  <defs>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fde68a"/><stop offset="0.5" stop-color="#f59e0b"/><stop offset="1" stop-color="#b45309"/></linearGradient>
    <radialGradient id="disc" cx="0.5" cy="0.4" r="0.65"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#0b0b1a"/></radialGradient>
  </defs>
  <circle cx="150" cy="150" r="142" fill="url(#disc)" stroke="url(#gold)" stroke-width="8"/>
  ${Array.from({ length: 7 }, (_, i) => {
    const angle = ((-90 + (i - 3) * 22) * Math.PI) / 180;
    const x = 150 + 112 * Math.cos(angle);
    const y = 150 + 112 * Math.sin(angle) + 10;
    return `<polygon points="${starPoints(x, y, i === 3 ? 14 : 9, i === 3 ? 6 : 4)}" fill="url(#gold)"/>`;
  }).join('')}
  <text x="150" y="196" ${FONT} font-size="132" font-weight="bold" fill="url(#gold)" text-anchor="middle">7</text>
  <text x="150" y="236" ${FONT} font-size="30" font-weight="bold" fill="#fff" text-anchor="middle" letter-spacing="5">STARS</text>
  <text x="150" y="262" ${FONT} font-size="14" fill="#fde68a" text-anchor="middle" letter-spacing="6">EVENTS</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Certification and award badges (transparent PNG): a seal with its short mark and a ribbon line.

function badgeSvg(mark: string, sub: string, color1: string, color2: string): string {
  const teeth = Array.from({ length: 24 }, (_, i) => {
    const angle = (i * 15 * Math.PI) / 180;
    return `${(200 + 180 * Math.cos(angle)).toFixed(1)},${(200 + 180 * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs><linearGradient id="seal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color1}"/><stop offset="1" stop-color="${color2}"/></linearGradient></defs>
  <polygon points="${teeth}" fill="url(#seal)" opacity="0.35"/>
  <circle cx="200" cy="200" r="160" fill="url(#seal)"/>
  <circle cx="200" cy="200" r="136" fill="none" stroke="#fff" stroke-width="6" opacity="0.8"/>
  <polygon points="${starPoints(200, 112, 26, 11)}" fill="#fff"/>
  <text x="200" y="222" ${FONT} font-size="${Math.min(64, 240 / (mark.length * 0.68)).toFixed(1)}" font-weight="bold" fill="#fff" text-anchor="middle">${esc(mark)}</text>
  <text x="200" y="280" ${FONT} font-size="24" fill="#fff" text-anchor="middle" letter-spacing="4">${esc(sub)}</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// What each file shows. The names in lib/db/demo/content.json refer to these files.

const SLIDES: { file: string; screen: 'star' | 'waves' | 'bars' | 'rings'; palette: number; seed: number }[] = [
  { file: 'slide-1.jpg', screen: 'star', palette: 4, seed: 101 },
  { file: 'slide-2.jpg', screen: 'bars', palette: 0, seed: 102 },
  { file: 'slide-3.jpg', screen: 'waves', palette: 2, seed: 103 },
  { file: 'slide-4.jpg', screen: 'rings', palette: 3, seed: 104 },
];
const CLIENT_LOGOS: { file: string; name: string; mark: string; tagline: string; colors: [string, string]; emblem: Emblem }[] = [
  {
    file: 'client-al-noor-hospitality-group.png',
    name: 'Al Noor Hospitality Group',
    mark: 'AN',
    tagline: 'Hotels & Resorts',
    colors: ['#b45309', '#d97706'],
    emblem: 'arch',
  },
  {
    file: 'client-gulf-crest-bank.png',
    name: 'Gulf Crest Bank',
    mark: 'GC',
    tagline: 'Banking',
    colors: ['#1d4ed8', '#0891b2'],
    emblem: 'shield',
  },
  {
    file: 'client-sharjah-knowledge-council.png',
    name: 'Sharjah Knowledge Council',
    mark: 'SK',
    tagline: 'Government',
    colors: ['#047857', '#0d9488'],
    emblem: 'hexagon',
  },
  {
    file: 'client-desert-falcon-motors.png',
    name: 'Desert Falcon Motors',
    mark: 'DF',
    tagline: 'Automotive',
    colors: ['#b91c1c', '#ea580c'],
    emblem: 'diamond',
  },
  {
    file: 'client-najm-telecom.png',
    name: 'Najm Telecom',
    mark: 'NT',
    tagline: 'Telecommunications',
    colors: ['#7c3aed', '#db2777'],
    emblem: 'circle',
  },
  {
    file: 'client-al-waha-real-estate-development.png',
    name: 'Al Waha Real Estate Development',
    mark: 'AW',
    tagline: 'Real Estate',
    colors: ['#0f766e', '#65a30d'],
    emblem: 'square',
  },
];
// No caption on event photos: the card prints the name and place under the photo, in the page's
// language; English burnt into the photo repeated it, and in English on /ar.
const EVENTS: { file: string; palette: number; seed: number; text: string; sub?: string }[] = [
  { file: 'event-najm-telecom-5g-launch-night.jpg', palette: 1, seed: 201, text: '5G', sub: 'LAUNCH NIGHT' },
  { file: 'event-gulf-crest-bank-leadership-summit.jpg', palette: 2, seed: 202, text: 'LEADERSHIP', sub: 'SUMMIT 2023' },
  { file: 'event-sharjah-reading-festival-opening-ceremony.jpg', palette: 3, seed: 203, text: 'READ', sub: 'FESTIVAL 2024' },
  { file: 'event-desert-falcon-motors-suv-reveal.jpg', palette: 4, seed: 204, text: 'THE REVEAL', sub: 'DESERT FALCON' },
  { file: 'event-al-noor-new-year-s-eve-gala.jpg', palette: 5, seed: 205, text: '2025', sub: 'HAPPY NEW YEAR' },
  { file: 'event-al-waha-waterfront-community-launch.jpg', palette: 6, seed: 206, text: 'AL WAHA', sub: 'WATERFRONT' },
  { file: 'event-gulf-crest-bank-national-day-celebration.jpg', palette: 7, seed: 207, text: 'UAE', sub: 'NATIONAL DAY' },
  { file: 'event-sharjah-knowledge-council-youth-forum.jpg', palette: 8, seed: 208, text: 'YOUTH', sub: 'FORUM 2026' },
];
const SERVICES: { file: string; icon: ServiceIcon; palette: number }[] = [
  { file: 'service-led.jpg', icon: 'led', palette: 0 },
  { file: 'service-sound.jpg', icon: 'sound', palette: 1 },
  { file: 'service-lighting.jpg', icon: 'lighting', palette: 2 },
  { file: 'service-stage.jpg', icon: 'stage', palette: 3 },
  { file: 'service-management.jpg', icon: 'management', palette: 4 },
  { file: 'service-streaming.jpg', icon: 'streaming', palette: 5 },
];
const BADGES: { file: string; mark: string; sub: string; colors: [string, string] }[] = [
  { file: 'cert-iso-9001.png', mark: 'ISO 9001', sub: 'QUALITY', colors: ['#1d4ed8', '#0e7490'] },
  { file: 'cert-event-safety.png', mark: 'SAFETY', sub: 'EVENT SITES', colors: ['#047857', '#65a30d'] },
  { file: 'cert-award-2024.png', mark: '2024', sub: 'BEST AV', colors: ['#b45309', '#eab308'] },
];
const PORTRAITS: { file: string; name: string; palette: number; seed: number }[] = [
  { file: 'team-khalid-al-mansoori.jpg', name: 'Khalid Al Mansoori', palette: 2, seed: 301 },
  { file: 'team-sara-haddad.jpg', name: 'Sara Haddad', palette: 3, seed: 302 },
  { file: 'team-omar-farouk.jpg', name: 'Omar Farouk', palette: 4, seed: 303 },
  { file: 'team-layla-al-hashimi.jpg', name: 'Layla Al Hashimi', palette: 5, seed: 304 },
  { file: 'team-rashid-khan.jpg', name: 'Rashid Khan', palette: 6, seed: 305 },
  { file: 'team-noura-al-suwaidi.jpg', name: 'Noura Al Suwaidi', palette: 7, seed: 306 },
];

function jpeg(svg: string, quality = 80): Promise<Buffer> {
  return sharp(Buffer.from(svg)).flatten({ background: '#000000' }).jpeg({ quality }).toBuffer();
}

function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
}

const jobs: [string, Promise<Buffer>][] = [
  ...SLIDES.map((s): [string, Promise<Buffer>] => [
    s.file,
    jpeg(sceneSvg({ width: 1600, height: 900, palette: palette(s.palette), seed: s.seed, screen: s.screen })),
  ]),
  ...CLIENT_LOGOS.map((c): [string, Promise<Buffer>] => [
    c.file,
    png(logoSvg(c.name, c.mark, c.tagline, c.colors[0], c.colors[1], c.emblem)),
  ]),
  ...EVENTS.map((e): [string, Promise<Buffer>] => [
    e.file,
    jpeg(sceneSvg({ width: 1200, height: 800, palette: palette(e.palette), seed: e.seed, screen: { text: e.text, sub: e.sub } })),
  ]),
  ...SERVICES.map((s): [string, Promise<Buffer>] => [s.file, jpeg(serviceSvg(s.icon, palette(s.palette)))]),
  ...PORTRAITS.map((t): [string, Promise<Buffer>] => [t.file, jpeg(portraitSvg(t.name, palette(t.palette), t.seed))]),
  ['contact.png', png(contactLogoSvg())],
  ...BADGES.map((b): [string, Promise<Buffer>] => [b.file, png(badgeSvg(b.mark, b.sub, b.colors[0], b.colors[1]))]),
];

mkdirSync(OUT, { recursive: true });
for (const [file, data] of jobs) writeFileSync(`${OUT}/${file}`, await data);
console.log(`wrote ${jobs.length} images to ${OUT}`);
