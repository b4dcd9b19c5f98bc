import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail';
import type { SmsSender } from '../../adapters/sms';
import type { PushSender } from '../../adapters/web-push';
import type { Db, Tx } from '../../db/client';
import { customerMessages, pushSubscriptions, users } from '../../db/schema';
import { loggableError } from '../../http/errors';
import type { OrderMessageKey } from './messages';
import { queueOwnerAlerts } from './owner-alerts';
import { isOwnerAlert } from './owner-messages';
import { ownerPushDelivery, pushDelivery } from './push-messages';
import { queueOrderMessage, type OrderEvent } from './service';

/** After the first attempt fails, the next ones wait this long each; after the last, the message is `failed`. */
export const RETRY_DELAYS_MINUTES = [1, 5, 30, 120, 360] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;
/**
 * A claimed message is left to its sender this long: no other process takes it while it is being sent, and one whose
 * process stopped mid-send is taken again after it. Longer than any send may take (`SEND_DEADLINE_MS`).
 */
const CLAIM_MINUTES = 5;
/** A provider that has not answered by then counts as a failure, and the message is retried. */
const SEND_DEADLINE_MS = 60_000;
/** Messages claimed in one statement, and at most in one run; the next run takes the rest. */
const CLAIM_BATCH = 20;
const MESSAGES_PER_RUN = 200;
/** Sent and failed messages are kept this long, for an operator to look at, then deleted. */
export const KEEP_DAYS = 30;
const PRUNE_BATCH = 1000;

const MINUTE = 60_000;

/** Where the sender reports what did not go out: the app's logger. */
export type MessageLog = { warn(details: object, line: string): void; error(details: object, line: string): void };

export type OrderMessagesDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  push: PushSender;
  publicUrl: string;
  log: MessageLog;
  /** Whether admins and sellers are told of new orders (`OWNER_ORDER_ALERTS`). */
  ownerAlerts: boolean;
};

/**
 * The customer's messages about their orders, and the shop's people's alerts of them (owner-alerts.ts). A service writes one with `queue` inside the transaction of its change
 * and calls `sendSoon` once that has committed; the housekeeping calls `sendDue` and `prune` for whatever is left.
 */
export type OrderMessages = {
  /** Writes the messages `event` sends (if any): the customer's, and the owners' of a new order, in the change's transaction `tx`. */
  queue(tx: Tx, orderId: string, event: OrderEvent): Promise<void>;
  /** Starts sending what is due, without waiting for it: call it after the commit. */
  sendSoon(): void;
  /** Sends the messages due at `now`, each claimed so that no other sender takes it meanwhile; answers how many went. */
  sendDue(now?: Date): Promise<number>;
  /** Deletes sent and failed messages older than KEEP_DAYS; answers how many. */
  prune(now?: Date): Promise<number>;
  /** Resolves once the sending `sendSoon` started is over. */
  idle(): Promise<void>;
  /** Starts nothing more and waits for the sending under way. */
  close(): Promise<void>;
};

type MessageRow = typeof customerMessages.$inferSelect;

function withDeadline(ms: number, sending: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the provider did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([sending, late]).finally(() => clearTimeout(timer));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function orderMessages({ db, mailer, sms, push, publicUrl, log, ownerAlerts }: OrderMessagesDeps): OrderMessages {
  let closed = false;
  let running: Promise<void> | null = null;
  let kickedWhileRunning = false;

  /**
   * One statement claims the oldest due messages: the rows are locked with SKIP LOCKED (a concurrent claim passes
   * them by) and claimed under the same condition, so of several processes exactly one gets each. The claim runs by
   * the database's clock, which every process shares; when a message is due, by the caller's.
   */
  async function claim(now: Date): Promise<MessageRow[]> {
    const due = and(
      eq(customerMessages.status, 'queued'),
      lte(customerMessages.nextAttemptAt, now),
      or(isNull(customerMessages.claimedUntil), lt(customerMessages.claimedUntil, sql`now()`)),
    );
    const oldestDue = db
      .select({ id: customerMessages.id })
      .from(customerMessages)
      .where(due)
      .orderBy(asc(customerMessages.createdAt), asc(customerMessages.id))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(customerMessages)
      .set({ attempts: sql`${customerMessages.attempts} + 1`, claimedUntil: sql`now() + make_interval(mins => ${CLAIM_MINUTES})` })
      .where(and(inArray(customerMessages.id, oldestDue), due))
      .returning();
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  /**
   * A push goes to every device the user has subscribed now, unless they turned order notifications (an owner's
   * alert: their alerts) off meanwhile.
   * A device whose push service forgot it is removed; any other refusal fails the whole message, and its retry sends
   * to every device again (at least once: a device shows the repeat in place of the first, by the order's tag).
   */
  async function pushToDevices(message: MessageRow): Promise<void> {
    const owners = isOwnerAlert(message.kind);
    const [user] = await db
      .select({ wanted: owners ? users.ownerAlerts : users.orderNotifications })
      .from(users)
      .where(eq(users.id, message.recipient))
      .limit(1);
    if (!user?.wanted) return;
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, message.recipient));
    const { ttlSeconds, urgency } = owners ? ownerPushDelivery : pushDelivery(message.kind as OrderMessageKey);
    // What is left of its time to live: a retry hours later must not arrive as fresh news days after.
    const ttlLeft = Math.max(0, ttlSeconds - Math.floor((Date.now() - message.createdAt.getTime()) / 1000));
    const options = { ttlSeconds: ttlLeft, urgency, topic: (message.orderId ? `order${message.orderId}` : message.kind).slice(0, 32) };
    const outcomes = await Promise.allSettled(devices.map((device) => push.send(device, message.body, options)));
    const refused: unknown[] = [];
    for (const [index, outcome] of outcomes.entries()) {
      const device = devices[index]!;
      if (outcome.status === 'rejected') refused.push(outcome.reason);
      else if (outcome.value === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      else await db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, device.id));
    }
    if (refused.length > 0) throw new Error(`${refused.length} of ${devices.length} devices not reached: ${errorText(refused[0])}`);
  }

  const handOver = (message: MessageRow) => {
    switch (message.channel) {
      case 'email':
        return mailer.send({ to: message.recipient, subject: message.subject ?? '', text: message.body });
      case 'sms':
        return sms.send({ to: message.recipient, text: message.body });
      case 'push':
        return pushToDevices(message);
    }
  };

  /** Sends one claimed message and records how it went; answers whether it went. */
  async function deliver(message: MessageRow, now: Date): Promise<boolean> {
    // Recorded only while the claim is still ours: unchanged since, not taken again after the claim ran out.
    const stillOurs = and(eq(customerMessages.id, message.id), eq(customerMessages.status, 'queued'), eq(customerMessages.attempts, message.attempts));
    const about = { orderId: message.orderId, messageId: message.id, kind: message.kind, channel: message.channel, attempts: message.attempts };
    try {
      await withDeadline(SEND_DEADLINE_MS, handOver(message));
    } catch (error) {
      const lastError = errorText(error);
      if (message.attempts >= MAX_ATTEMPTS) {
        await db.update(customerMessages).set({ status: 'failed', claimedUntil: null, lastError }).where(stillOurs);
        log.error({ ...about, err: error }, 'order message failed: not sent after the last attempt');
      } else {
        const retryAt = new Date(now.getTime() + RETRY_DELAYS_MINUTES[message.attempts - 1]! * MINUTE);
        await db.update(customerMessages).set({ nextAttemptAt: retryAt, claimedUntil: null, lastError }).where(stillOurs);
        log.warn({ ...about, err: error, retryAt: retryAt.toISOString() }, 'order message not delivered: will retry');
      }
      return false;
    }
    await db.update(customerMessages).set({ status: 'sent', sentAt: new Date(), claimedUntil: null, lastError: null }).where(stillOurs);
    return true;
  }

  async function sendDue(now = new Date()): Promise<number> {
    let sent = 0;
    for (let claimed = 0; claimed < MESSAGES_PER_RUN && !closed;) {
      const batch = await claim(now);
      claimed += batch.length;
      // Handed over in the order they happened (the outbox file and SMTP keep that order), without waiting on each other.
      const delivered = await Promise.all(batch.map((message) => deliver(message, now)));
      sent += delivered.filter(Boolean).length;
      if (batch.length < CLAIM_BATCH) break;
    }
    return sent;
  }

  function sendSoon(): void {
    if (closed) return;
    // A run already under way may have claimed before this commit: it goes round once more.
    if (running) {
      kickedWhileRunning = true;
      return;
    }
    running = (async () => {
      do {
        kickedWhileRunning = false;
        await sendDue();
      } while (kickedWhileRunning && !closed);
    })()
      .catch((error: unknown) => log.error({ err: loggableError(error) }, 'order messages not sent: the housekeeping retries'))
      .finally(() => {
        running = null;
      });
  }

  return {
    async queue(tx, orderId, event) {
      await queueOrderMessage(tx, publicUrl, orderId, event);
      if (ownerAlerts) await queueOwnerAlerts(tx, publicUrl, orderId, event);
    },
    sendSoon,
    sendDue,
    async prune(now = new Date()) {
      const cutoff = new Date(now.getTime() - KEEP_DAYS * 24 * 60 * MINUTE);
      const old = db
        .select({ id: customerMessages.id })
        .from(customerMessages)
        .where(and(ne(customerMessages.status, 'queued'), lt(customerMessages.createdAt, cutoff)))
        .limit(PRUNE_BATCH);
      const deleted = await db.delete(customerMessages).where(inArray(customerMessages.id, old)).returning({ id: customerMessages.id });
      return deleted.length;
    },
    idle: () => running ?? Promise.resolve(),
    async close() {
      closed = true;
      await running;
    },
  };
}
