import { api } from './api';

/** Another try at paying an unpaid online order, by its transaction id: answers the gateway page to open. */
export async function payAgain(tranId: string): Promise<string> {
  return (await api<{ url: string }>(`/payment/retry/${encodeURIComponent(tranId)}`, { method: 'POST' })).data.url;
}
