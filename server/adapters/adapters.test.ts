import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { googleVerifier } from './google';
import { createAdapters } from './index';
import { outboxMailer, smtpMailer } from './mail';
import { outbox } from './outbox';
import { gatewayNumber, httpSms, outboxSms } from './sms';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'haat-adapters-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    cleanups.push(() => new Promise<void>((done) => server.close(() => done())));
  });
}

function readLines(file: string) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('outbox', () => {
  it('appends one JSON line per message with channel, to, subject, text and createdAt, and logs each', async () => {
    const dir = tempDir();
    const logged: string[] = [];
    const box = outbox(join(dir, 'nested'), (line) => logged.push(line));
    const before = Date.now();
    await outboxMailer(box).send({ to: 'rahim@example.com', subject: 'Hello', text: 'Line one\nLine two' });
    await outboxSms(box).send({ to: '01711000000', text: 'Your code is 1234' });

    expect(box.file).toBe(join(dir, 'nested', 'outbox.jsonl'));
    const raw = readFileSync(box.file, 'utf8');
    expect(raw.endsWith('\n')).toBe(true);
    const [mail, sms, ...rest] = readLines(box.file);
    expect(rest).toHaveLength(0);
    expect(mail).toMatchObject({ channel: 'email', to: 'rahim@example.com', subject: 'Hello', text: 'Line one\nLine two' });
    expect(sms).toMatchObject({ channel: 'sms', to: '01711000000', text: 'Your code is 1234' });
    expect(sms).not.toHaveProperty('subject');
    for (const line of [mail, sms]) {
      expect(Date.parse(line!.createdAt as string)).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain('rahim@example.com');
    expect(logged[1]).toContain(box.file);
  });

  it('keeps at most two files of maxBytes: the current one and the one before', async () => {
    const dir = tempDir();
    const box = outbox(dir, () => {}, { maxBytes: 2_000 });
    for (let i = 0; i < 100; i += 1) await outboxSms(box).send({ to: '01711000000', text: `Your code is ${1000 + i}` });
    expect(statSync(box.file).size).toBeLessThanOrEqual(2_000);
    expect(statSync(`${box.file}.1`).size).toBeLessThanOrEqual(2_000);
    expect(readdirSync(dir).sort()).toEqual(['outbox.jsonl', 'outbox.jsonl.1']);
    // The newest message is always in the current file.
    expect(readLines(box.file).at(-1)).toMatchObject({ text: 'Your code is 1099' });
  });
});

type GatewayCall = { method: string; contentType: string; fields: Record<string, string> };

async function startGateway(answer: { status: number; body: string }) {
  const calls: GatewayCall[] = [];
  const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
      const fields = Object.fromEntries([...query, ...new URLSearchParams(raw)]);
      calls.push({ method: req.method ?? '', contentType: req.headers['content-type'] ?? '', fields });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/api/smsapi`, calls };
}

describe('httpSms', () => {
  const accepted = { status: 200, body: JSON.stringify({ response_code: 202, message_id: 77, success_message: 'SMS Submitted Successfully' }) };

  it('posts api_key, senderid, the number with country code and the message', async () => {
    const gateway = await startGateway(accepted);
    await httpSms({ apiUrl: gateway.url, apiKey: 'key-123', senderId: '8809617' }).send({ to: '01711000000', text: 'Your code is 1234 & more' });
    expect(gateway.calls).toHaveLength(1);
    expect(gateway.calls[0]).toEqual({
      method: 'POST',
      contentType: expect.stringContaining('application/x-www-form-urlencoded'),
      fields: { api_key: 'key-123', type: 'text', senderid: '8809617', number: '8801711000000', message: 'Your code is 1234 & more' },
    });
  });

  it('rejects when the gateway refuses the message or fails', async () => {
    const refused = await startGateway({ status: 200, body: JSON.stringify({ response_code: 1007, error_message: 'Balance Insufficient' }) });
    await expect(httpSms({ apiUrl: refused.url, apiKey: 'k', senderId: 's' }).send({ to: '01711000000', text: 'x' })).rejects.toThrow(/Balance Insufficient/);
    const broken = await startGateway({ status: 500, body: 'oops' });
    await expect(httpSms({ apiUrl: broken.url, apiKey: 'k', senderId: 's' }).send({ to: '01711000000', text: 'x' })).rejects.toThrow(/HTTP 500/);
  });

  it('writes numbers in the gateway form', () => {
    expect(gatewayNumber('01911222333')).toBe('8801911222333');
    expect(gatewayNumber('8801911222333')).toBe('8801911222333');
  });
});

/** Just enough of an SMTP server to receive one message over plain SMTP on loopback. */
async function startSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = createTcpServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 127.0.0.1 ESMTP test\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else {
            current.data += `${line}\n`;
          }
          continue;
        }
        switch (line.slice(0, 4).toUpperCase()) {
          case 'EHLO':
          case 'HELO':
            socket.write('250 127.0.0.1\r\n');
            break;
          case 'MAIL':
            current.from = line;
            socket.write('250 2.1.0 OK\r\n');
            break;
          case 'RCPT':
            current.to.push(line);
            socket.write('250 2.1.5 OK\r\n');
            break;
          case 'DATA':
            inData = true;
            socket.write('354 go ahead\r\n');
            break;
          case 'QUIT':
            socket.end('221 bye\r\n');
            break;
          default:
            socket.write('250 OK\r\n');
        }
      }
    });
  });
  const port = await listen(server);
  return { url: `smtp://127.0.0.1:${port}`, received };
}

describe('smtpMailer', () => {
  it('delivers the message to the SMTP server with the configured sender', async () => {
    const smtp = await startSmtpServer();
    await smtpMailer(smtp.url, 'haat <no-reply@haat.local>').send({
      to: 'rahim@example.com',
      subject: 'Verify your haat account',
      text: 'Open this link',
    });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toContain('<no-reply@haat.local>');
    expect(mail?.to).toEqual([expect.stringContaining('<rahim@example.com>')]);
    expect(mail?.data).toContain('Subject: Verify your haat account');
    expect(mail?.data).toContain('Open this link');
  });
});

describe('createAdapters', () => {
  const baseEnv = (dir: string) => ({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' as const });

  it('uses the outbox in DATA_DIR when no provider is configured', async () => {
    const dir = tempDir();
    const logged: string[] = [];
    const adapters = createAdapters(loadConfig(baseEnv(dir)), { log: (line) => logged.push(line) });
    await adapters.mailer.send({ to: 'a@example.com', subject: 's', text: 't' });
    await adapters.sms.send({ to: '01711000000', text: 'code 1234' });
    expect(readLines(join(dir, 'outbox.jsonl')).map((m) => m.channel)).toEqual(['email', 'sms']);
    expect(logged).toHaveLength(2);
  });

  it('uses the SMTP server and SMS gateway when they are configured', async () => {
    const dir = tempDir();
    const smtp = await startSmtpServer();
    const gateway = await startGateway({ status: 200, body: '{"response_code":202}' });
    const config = loadConfig({ ...baseEnv(dir), SMTP_URL: smtp.url, SMS_API_URL: gateway.url, SMS_API_KEY: 'key', SMS_SENDER_ID: 'haat' });
    const adapters = createAdapters(config, { log: () => {} });
    await adapters.mailer.send({ to: 'a@example.com', subject: 's', text: 't' });
    await adapters.sms.send({ to: '01711000000', text: 'code 1234' });
    expect(smtp.received).toHaveLength(1);
    expect(gateway.calls.map((c) => c.fields.number)).toEqual(['8801711000000']);
    expect(() => readFileSync(join(dir, 'outbox.jsonl'))).toThrow();
  });

  it('refuses every Google token when GOOGLE_CLIENT_ID is unset', async () => {
    const adapters = createAdapters(loadConfig(baseEnv(tempDir())), { log: () => {} });
    await expect(adapters.google.verify('any.token.here')).rejects.toThrow(/GOOGLE_CLIENT_ID/);
  });
});

describe('googleVerifier', () => {
  let sign: (claims: JWTPayload) => Promise<string>;
  let keys: ReturnType<typeof createLocalJWKSet>;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] });
    sign = (claims) =>
      new SignJWT({ iss: 'accounts.google.com', aud: 'client-1', sub: '42', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setExpirationTime('5m')
        .sign(privateKey);
  });

  it('maps the claims of a valid token, accepting both Google issuers', async () => {
    const verifier = googleVerifier('client-1', keys);
    expect(
      await verifier.verify(await sign({ email: 'a@gmail.com', email_verified: true, name: ' Ayesha Akter ', picture: 'https://lh3.googleusercontent.com/x' })),
    ).toEqual({ sub: '42', email: 'a@gmail.com', emailVerified: true, name: 'Ayesha Akter', picture: 'https://lh3.googleusercontent.com/x' });

    const minimal = await verifier.verify(await sign({ iss: 'https://accounts.google.com', email: 'bina@gmail.com', email_verified: 'true' }));
    expect(minimal).toEqual({ sub: '42', email: 'bina@gmail.com', emailVerified: true, name: 'bina', picture: null });
  });

  it('rejects another audience, another issuer and a token without subject', async () => {
    const verifier = googleVerifier('client-1', keys);
    await expect(verifier.verify(await sign({ aud: 'client-2' }))).rejects.toThrow();
    await expect(verifier.verify(await sign({ iss: 'https://login.example.com' }))).rejects.toThrow();
    await expect(verifier.verify(await sign({ sub: '' }))).rejects.toThrow(/subject/);
  });
});
