import { rmSync } from 'node:fs';

/** The e2e webServer command: every run starts from an empty DATA_DIR (fresh database and outbox). */
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('e2e/support/serve.ts needs DATA_DIR');
rmSync(dataDir, { recursive: true, force: true });
await import('../../server/main');
