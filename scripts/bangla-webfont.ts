import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { characters, WEBFONT_FACES, WEBFONT_WEIGHTS, webfontFile } from './bangla-webfont-faces';

/**
 * Cuts the web app's Bengali webfont (src/assets/fonts) from @fontsource/noto-sans-bengali with HarfBuzz's subsetter,
 * keeping the layout tables that shape conjuncts and vowel signs. The files are committed; run after changing the
 * faces in bangla-webfont-faces.ts or updating the font package: `node --import tsx scripts/bangla-webfont.ts`.
 */
const require = createRequire(import.meta.url);
const out = fileURLToPath(new URL('../src/assets/fonts/', import.meta.url));
mkdirSync(out, { recursive: true });

for (const weight of WEBFONT_WEIGHTS) {
  const source = readFileSync(require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`));
  for (const face of WEBFONT_FACES) {
    const subset = await subsetFont(source, characters(face), { targetFormat: 'woff2' });
    writeFileSync(out + webfontFile(face, weight), subset);
    console.log(`${webfontFile(face, weight)}: ${subset.length} bytes`);
  }
}
