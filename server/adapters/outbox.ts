import { appendFile, mkdir, rename, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export type OutboxMessage = { channel: 'email' | 'sms'; to: string; subject?: string; text: string };

/**
 * The outbox file's size before it is set aside as `outbox.jsonl.1` (replacing the one before): registrations and
 * code requests can come from anyone, so the outbox keeps the recent messages, never more than twice this on disk.
 */
const OUTBOX_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Without a mail or SMS provider, messages are appended to DATA_DIR/outbox.jsonl, one JSON line each,
 * so local users and tests can read verification links and OTP codes.
 */
export function outbox(dataDir: string, log: (line: string) => void, { maxBytes = OUTBOX_MAX_BYTES }: { maxBytes?: number } = {}) {
  const file = join(dataDir, 'outbox.jsonl');
  // One append at a time, so the size check and the set-aside see every line before them.
  let queue: Promise<void> = Promise.resolve();
  const write = async (line: string) => {
    await mkdir(dirname(file), { recursive: true });
    const size = (await stat(file).catch(() => null))?.size ?? 0;
    if (size > 0 && size + Buffer.byteLength(line) > maxBytes) await rename(file, `${file}.1`);
    await appendFile(file, line);
  };
  return {
    file,
    async append(message: OutboxMessage) {
      const line = JSON.stringify({ ...message, createdAt: new Date().toISOString() }) + '\n';
      const written = queue.then(() => write(line));
      queue = written.catch(() => {});
      await written;
      log(`${message.channel} to ${message.to} written to ${file}`);
    },
  };
}
export type Outbox = ReturnType<typeof outbox>;
