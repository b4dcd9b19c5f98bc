import type { Order } from '../../../contract/orders';
import { serveJobs } from '../../lib/worker-pool';
import { renderInvoice } from './service';

/** The invoice worker thread: one order in, its PDF out. */
serveJobs<Order, Uint8Array>(renderInvoice);
