import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../config';

/** s3rver's built-in account: it checks every request's signature against these. */
const ACCESS_KEY = 'S3RVER';

export type TestS3Server = {
  /** The bucket as the server's configuration names it (`MEDIA_STORAGE=s3` and the `S3_*` variables). */
  env: Record<string, string>;
  config: S3StorageConfig;
  /** The requests the bucket has answered so far, as `METHOD /path`. */
  requests: string[];
  stop(): Promise<void>;
};

/**
 * An S3-protocol server in this process (s3rver) on 127.0.0.1, a free port and a temporary directory, with one empty
 * bucket; `stop` closes it and deletes the directory.
 */
export async function startS3Server(bucket = 'haat-media'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'haat-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer.on('request', (request: { method?: string; url?: string }) => requests.push(`${request.method} ${request.url}`));
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    config: {
      driver: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
    },
    requests,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
