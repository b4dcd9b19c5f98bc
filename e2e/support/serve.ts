import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SERVER_MAIN } from '../../bench/support/server';

/** The e2e webServer command: every run starts from an empty DATA_DIR (fresh database and outbox), then the server's build. */
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('e2e/support/serve.ts needs DATA_DIR');
rmSync(dataDir, { recursive: true, force: true });
await import(pathToFileURL(SERVER_MAIN).href);
