import { characters, TEXT_FACE } from '../../../contract/webfont';
import { fontBytes } from '../../lib/fonts';
import { serveJobs } from '../../lib/worker-pool';
import { faceForWords, MAX_SYLLABLES, type Cut } from './glyphs';
import type { WebfontJob } from './service';

/** The webfont worker thread: the shop's Bangla words and a weight in, the face cut for them (or the whole block) out (WOFF2). */
serveJobs<WebfontJob, { woff2: Uint8Array; cut: Cut }>(({ weight, words, whole }) =>
  faceForWords(fontBytes('bengali', weight), whole ? [] : words, characters(TEXT_FACE), whole ? -1 : MAX_SYLLABLES),
);
