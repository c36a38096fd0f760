// Generates the committed brand images in public/brand (run once; nothing is downloaded).
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const star = (x: number, y: number, s: number) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M20 3l4.4 9 9.9 1.4-7.2 7 1.7 9.8L20 25.6l-8.8 4.6 1.7-9.8-7.2-7 9.9-1.4z" fill="#d4a017"/>`;

const stage = (w: number, h: number, title: string) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b0b14"/><stop offset="1" stop-color="#1d1431"/></linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd86b" stop-opacity=".55"/><stop offset="1" stop-color="#ffd86b" stop-opacity="0"/></linearGradient>
    <linearGradient id="led" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a0ca3"/><stop offset=".5" stop-color="#7209b7"/><stop offset="1" stop-color="#f72585"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect x="${w * 0.08}" y="${h * 0.1}" width="${w * 0.84}" height="${h * 0.04}" fill="#444"/>
  ${[0.15, 0.32, 0.5, 0.68, 0.85].map((p) => `<polygon points="${w * p},${h * 0.14} ${w * p - w * 0.12},${h * 0.95} ${w * p + w * 0.12},${h * 0.95}" fill="url(#beam)"/>`).join('')}
  <rect x="${w * 0.25}" y="${h * 0.22}" width="${w * 0.5}" height="${h * 0.42}" rx="6" fill="url(#led)"/>
  <text x="${w / 2}" y="${h * 0.47}" font-family="sans-serif" font-size="${h * 0.09}" font-weight="800" fill="#fff" text-anchor="middle">${title}</text>
  <rect x="0" y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#08080c"/>
</svg>`;

await sharp(Buffer.from(stage(1200, 630, '7Stars Event')))
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile('public/brand/og.jpg');
await sharp(Buffer.from(stage(1200, 900, '2008')))
  .jpeg({ quality: 80, mozjpeg: true })
  .toFile('public/brand/about.jpg');
// The demo showreel's poster (Home, issue 37): 16:9, what the frame shows before play is pressed.
await sharp(Buffer.from(stage(1280, 720, 'Showreel')))
  .jpeg({ quality: 80, mozjpeg: true })
  .toFile('public/brand/showreel.jpg');
const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" rx="96" fill="#0b0b14"/>${star(96, 70, 8)}<text x="256" y="440" font-family="sans-serif" font-size="96" font-weight="800" fill="#fff" text-anchor="middle">7Stars</text></svg>`;
await sharp(Buffer.from(logo)).png().toFile('public/brand/logo.png');
await sharp(Buffer.from(logo)).resize(180, 180).png().toFile('public/brand/apple-icon.png');
writeFileSync(
  'public/brand/icon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#0b0b14"/>${star(0, 2, 1)}</svg>`,
);

// A one-page PDF portfolio placeholder, written by hand (PDF 1.4, Helvetica).
const lines = [
  '7Stars Event - Portfolio',
  'Events, audio, lighting and LED screen production since 2008.',
  'Dubai - Abu Dhabi - Sharjah',
  'info@7stars-events.ae',
];
const content = lines.map((l, i) => `BT /F1 ${i ? 14 : 28} Tf 60 ${760 - i * 40} Td (${l}) Tj ET`).join('\n');
const objects = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
];
let pdf = '%PDF-1.4\n';
const offsets: number[] = [];
objects.forEach((body, i) => {
  offsets.push(pdf.length);
  pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
});
const xref = pdf.length;
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
writeFileSync('public/brand/portfolio.pdf', pdf);
console.log('brand assets written');
