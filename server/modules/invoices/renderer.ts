import { createHash } from 'node:crypto';
import { apiMessage } from '../../../contract/api-messages';
import type { Locale } from '../../../contract/locale';
import type { Order } from '../../../contract/orders';
import { HttpError } from '../../http/errors';
import { boundedCache } from '../../lib/bounded-cache';
import { moduleBeside, PoolBusyError, spareCores, workerPool } from '../../lib/worker-pool';

/** Invoices rendered at once: one per spare core, at most two (a PDF takes about 0.1 s of CPU). */
const RENDERERS = spareCores(2);
/** Invoices waiting for a renderer; more at once are told to retry (about 3 s of work on one core). */
const MAX_WAITING = 32;
const RENDER_TIMEOUT_MS = 30_000;
/** Rendered PDFs kept in memory (about 15 KB each: a thousand or so). */
export const INVOICE_CACHE_BYTES = 16 * 1024 * 1024;
const RETRY_AFTER_SECONDS = 5;

/** The documents drawn for an order: its invoice, and the packing slip that goes in the parcel. */
export type OrderDocument = 'invoice' | 'packing-slip';
export type RenderJob = { document: OrderDocument; order: Order; locale: Locale };

export type InvoiceRenderer = {
  /** The order's invoice as a PDF in `locale`: from the cache while the order is unchanged, else rendered in a worker thread. */
  pdf(order: Order, locale: Locale): Promise<Buffer>;
  /** The order's packing slip as a PDF in `locale`, the same way. */
  packingSlip(order: Order, locale: Locale): Promise<Buffer>;
  /** Documents waiting for a renderer (not counting those being drawn). */
  readonly waiting: number;
  close(): Promise<void>;
};

const fingerprint = (order: Order) => createHash('sha256').update(JSON.stringify(order)).digest('base64url');

export function invoiceRenderer(): InvoiceRenderer {
  const pool = workerPool<RenderJob, Uint8Array>({
    script: moduleBeside('worker', import.meta.url),
    size: RENDERERS,
    maxWaiting: MAX_WAITING,
    timeoutMs: RENDER_TIMEOUT_MS,
  });
  // Keyed by order, holding the version it was drawn from: any change to the order (status, payment) misses.
  const rendered = boundedCache<{ version: string; pdf: Buffer }>({ maxBytes: INVOICE_CACHE_BYTES });
  const rendering = new Map<string, Promise<Buffer>>();

  function render(document: OrderDocument, order: Order, locale: Locale = 'en'): Promise<Buffer> {
    const version = fingerprint(order);
    const cacheKey = `${document}:${locale}:${order._id}`;
    const hit = rendered.get(cacheKey);
    if (hit?.version === version) return Promise.resolve(hit.pdf);
    const key = `${cacheKey}:${version}`;
    const pending = rendering.get(key);
    if (pending) return pending;
    const drawn = pool
      .run({ document, order, locale })
      .then(
        (bytes) => {
          const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          rendered.set(cacheKey, { version, pdf }, pdf.byteLength);
          return pdf;
        },
        (err: unknown) => {
          if (err instanceof PoolBusyError) {
            throw new HttpError(503, apiMessage(document === 'invoice' ? 'invoicesBusy' : 'packingSlipsBusy'), undefined, RETRY_AFTER_SECONDS);
          }
          throw err;
        },
      )
      .finally(() => rendering.delete(key));
    rendering.set(key, drawn);
    return drawn;
  }

  return {
    pdf: (order, locale) => render('invoice', order, locale),
    packingSlip: (order, locale) => render('packing-slip', order, locale),
    get waiting() {
      return pool.waiting;
    },
    close: () => pool.close(),
  };
}
