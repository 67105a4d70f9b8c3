// Draws the installable app's icons (apps/web/public/icons/*.png) from the logo in
// apps/web/public/favicon.svg. Run it after changing the logo: `npx tsx scripts/make-app-icons.ts`.
// The PNGs are committed; the build only copies them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = new URL('../apps/web/public/', import.meta.url).pathname;
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

/**
 * The same mark on a full square: launchers that apply their own mask (Android's « maskable »,
 * iOS's rounded corners) need an opaque icon. The glyph reaches 18.5 of 64 units from the centre,
 * well inside the safe zone (a circle of radius 40 % of the side, 25.6 units).
 */
const fullBleed = logo.replace(/<rect ([^>]*?) rx="\d+"/, '<rect $1');
if (fullBleed === logo) throw new Error('favicon.svg: no rounded <rect> to square off');

const icons: { file: string; svg: string; size: number }[] = [
  { file: 'icon-192.png', svg: logo, size: 192 },
  { file: 'icon-512.png', svg: logo, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullBleed, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed, size: 180 },
];

for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, 'icons', file));
  console.log(`icons/${file} (${size}×${size})`);
}
