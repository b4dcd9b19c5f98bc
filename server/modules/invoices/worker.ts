import { serveJobs } from '../../lib/worker-pool';
import { renderPackingSlip } from './packing-slip';
import type { RenderJob } from './renderer';
import { renderInvoice } from './service';

/** The order documents' worker thread: an order and which document in, its PDF out. */
serveJobs<RenderJob, Uint8Array>(({ document, order, locale }) => (document === 'invoice' ? renderInvoice(order, locale) : renderPackingSlip(order, locale)));
