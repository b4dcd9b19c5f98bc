import { readFile, writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgliteFailure, PgliteReply, PgliteRequest, PgliteResults } from './pglite-thread';

/** The contrib extensions the migrations create; PostgreSQL ships them in its contrib package. */
const extensions = { pg_trgm };

/** PostgreSQL's error fields worth carrying back: the SQLSTATE the services branch on, and what a log needs. */
const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity'] as const;

function failure(err: unknown): PgliteFailure {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: PgliteFailure = { message: err.message };
  for (const field of ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string') fields[field] = value;
  }
  return fields;
}

let client: PGlite | undefined;

async function handle(request: PgliteRequest): Promise<PgliteResults | null> {
  if (request.kind === 'open') {
    const options = { extensions, loadDataDir: request.copyOf ? new Blob([await readFile(request.copyOf)]) : undefined };
    client = request.dataDir ? await PGlite.create(request.dataDir, options) : await PGlite.create(options);
    return null;
  }
  if (!client) throw new Error('the database is not open');
  if (request.kind === 'dump') {
    // Uncompressed: the copies read it back faster than they would inflate it.
    const tarball = await client.dumpDataDir('none');
    await writeFile(request.file, new Uint8Array(await tarball.arrayBuffer()));
    return null;
  }
  if (request.kind === 'close') {
    await client.close();
    client = undefined;
    return null;
  }
  // The caller's parsers for these types return the text as it came; functions cannot cross threads, so they are named by type.
  const parsers = Object.fromEntries(request.textTypes.map((type) => [type, (text: string) => text]));
  const { rows, affectedRows, fields } = await client.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
  return { rows, affectedRows, fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) };
}

if (!parentPort) throw new Error('the PGlite worker runs in a worker thread');
const port = parentPort;
port.on('message', ({ id, request }: { id: number; request: PgliteRequest }) => {
  handle(request).then(
    (value) => port.postMessage({ id, ok: true, value } satisfies PgliteReply),
    (err: unknown) => port.postMessage({ id, ok: false, error: failure(err) } satisfies PgliteReply),
  );
});
