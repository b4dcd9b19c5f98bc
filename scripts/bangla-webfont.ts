import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { characters, TAKA_FACE, WEBFONT_WEIGHTS, webfontFile } from '../contract/webfont';
import { fontBytes } from '../server/lib/fonts';
import { faceForWords } from '../server/modules/webfont/glyphs';

/**
 * Cuts the taka sign's faces (src/assets/fonts) from Noto Sans Bengali: the one Bengali character every price shows,
 * so the build ships it. Bangla text has a face the server cuts for the shop's words (server/modules/webfont). The
 * files are committed; run after updating the font package: `node --import tsx scripts/bangla-webfont.ts`.
 */
const out = fileURLToPath(new URL('../src/assets/fonts/', import.meta.url));
mkdirSync(out, { recursive: true });

const taka = characters(TAKA_FACE);
for (const weight of WEBFONT_WEIGHTS) {
  const { woff2 } = await faceForWords(fontBytes('bengali', weight), [taka], taka);
  writeFileSync(out + webfontFile(TAKA_FACE, weight), woff2);
  console.log(`${webfontFile(TAKA_FACE, weight)}: ${woff2.length} bytes`);
}
