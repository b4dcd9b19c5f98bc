import type { Courier } from './adapters/courier';
import type { Mailer } from './adapters/mail';
import type { SmsSender } from './adapters/sms';
import type { GoogleVerifier } from './adapters/google';
import type { ChangeFeed } from './cluster/change-feed';
import type { RateLimitsNow } from './cluster/rate-limit-store';
import type { Tallies } from './cluster/tallies';
import type { Config } from './config';
import type { Db, DatabaseStats } from './db/client';
import type { AccessTokens } from './http/auth';
import type { ResponseCache } from './http/response-cache';
import type { InvoiceRenderer } from './modules/invoices/renderer';
import type { OrderMessages } from './modules/notifications/sender';
import type { MediaStore } from './modules/media/store';
import type { PaymentDeps } from './modules/payments/service';
import type { ShopWebfont } from './modules/webfont/service';

/** What every module's routes and services are given: configuration, the database and the outside world. */
export type AppContext = {
  config: Config;
  db: Db;
  /** How busy the database's connections are, read when the metrics are. */
  databaseStats: () => DatabaseStats;
  mailer: Mailer;
  sms: SmsSender;
  google: GoogleVerifier;
  /** Account mail and SMS, sent after the answer (through `mailer` and `sms`). */
  courier: Courier;
  /** The customer's messages about their orders: written in each change's transaction, sent after it commits. */
  orderMessages: OrderMessages;
  /** What opening payments and refunds needs: the database, the configured gateway, our public URL and the customer's messages. */
  payments: PaymentDeps;
  tokens: AccessTokens;
  /** Product list answers; cleared by every successful write that can change them, on every process (`changes`). */
  listCache: ResponseCache;
  /** Tells every server process that shared data changed, and hears it from the others. */
  changes: ChangeFeed;
  /** Where the per-client rate limits count right now, and whether Redis, configured for them, is down. */
  rateLimits: () => RateLimitsNow;
  /** The shop's own shared counts: wrong codes per account, messages per destination, coupon checks. */
  tallies: Tallies;
  /** `draining` from SIGTERM on: /api/ready answers 503 so a balancer sends this process nothing new. */
  lifecycle: { draining: boolean };
  /** PDF invoices, rendered in worker threads and cached until their order changes. */
  invoices: InvoiceRenderer;
  /** Uploaded images: storing within each account's allowance, resized variants, deleting what nothing uses. */
  media: MediaStore;
  /** The shop's Bangla webfont, cut in a worker thread for the words the shop shows. */
  webfont: ShopWebfont;
};
