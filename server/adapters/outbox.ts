import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export type OutboxMessage = { channel: 'email' | 'sms'; to: string; subject?: string; text: string };

/**
 * Without a mail or SMS provider, messages are appended to DATA_DIR/outbox.jsonl, one JSON line each,
 * so local users and tests can read verification links and OTP codes.
 */
export function outbox(dataDir: string, log: (line: string) => void) {
  const file = join(dataDir, 'outbox.jsonl');
  return {
    file,
    async append(message: OutboxMessage) {
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, JSON.stringify({ ...message, createdAt: new Date().toISOString() }) + '\n');
      log(`${message.channel} to ${message.to} written to ${file}`);
    },
  };
}
export type Outbox = ReturnType<typeof outbox>;
