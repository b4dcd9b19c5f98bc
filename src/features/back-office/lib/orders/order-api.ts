import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { BACK_OFFICE_PAGE_SIZE, type AdminOrderDetail, type AdminOrderPage, type OrderNote } from '@contract/back-office-orders';
import type { OrderStatus, ShopCancelCode } from '@contract/orders';
import type { CancelFormValues } from '@/lib/cancel-form';

/** Another courier's parcel as the admin types it. */
export type OtherCourierInput = { courier: string; code: string; url?: string };
import { api, apiBlob } from '@/lib/api';
import { useAdminWrite } from '../../api';
import { filterQuery, type OrderFilters } from './order-filters';

const enc = encodeURIComponent;

/** Read with the admin's token; saved with the rest of the query cache, so a list seen stays readable offline. */
export const adminOrderKeys = {
  all: ['back-office', 'orders'] as const,
  list: (filters: OrderFilters) => ['back-office', 'orders', 'list', filters] as const,
  detail: (id: string) => ['back-office', 'orders', 'detail', id] as const,
};

export const adminOrdersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: adminOrderKeys.list(filters),
    queryFn: async ({ signal }) =>
      (await api<AdminOrderPage>('/admin/orders', { signal, query: { ...filterQuery(filters), page: filters.page, limit: BACK_OFFICE_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: adminOrderKeys.detail(id),
    queryFn: async ({ signal }) => (await api<AdminOrderDetail>(`/admin/orders/${enc(id)}`, { signal })).data,
  });

/** Moves an order to `status`; the order and every page of the queue are read again, so both show the change. */
export const useChangeOrderStatus = (orderId: string) =>
  useAdminWrite(
    (change: StatusChange) => ({ path: `/admin/orders/${enc(orderId)}/status`, method: 'PATCH', body: change }),
    () => [[...adminOrderKeys.all]],
  );

/** A new status; cancelling says why. */
export type StatusChange = { status: OrderStatus } & Partial<CancelFormValues<ShopCancelCode>>;

export const orderNotesQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...adminOrderKeys.detail(orderId), 'notes'] as const,
    queryFn: async ({ signal }) => (await api<OrderNote[]>(`/admin/orders/${enc(orderId)}/notes`, { signal })).data,
  });

/** Adds an internal note; the order's notes are read again. */
export const useAddOrderNote = (orderId: string) =>
  useAdminWrite(
    (body: string) => ({ path: `/admin/orders/${enc(orderId)}/notes`, method: 'POST', body: { body } }),
    () => [[...adminOrderKeys.detail(orderId), 'notes']],
  );

/** Confirms a cash order the admin confirmed by calling its phone; the order and the queue are read again. */
export const useConfirmByPhone = (orderId: string) =>
  useAdminWrite(
    () => ({ path: `/admin/orders/${enc(orderId)}/confirm-cash`, method: 'POST' }),
    () => [[...adminOrderKeys.all]],
  );

/** Books the order's parcel with the shop's courier, or records one sent with another (`other`); the order and the queue are read again. */
export const useBookParcel = (orderId: string) =>
  useAdminWrite(
    (other: OtherCourierInput | undefined) => ({ path: `/admin/orders/${enc(orderId)}/courier`, method: 'POST', body: other ? { other } : {} }),
    () => [[...adminOrderKeys.all]],
  );

/** Asks the courier where the parcel is; the order is read again. */
export const useReadParcel = (orderId: string) =>
  useAdminWrite(
    () => ({ path: `/admin/orders/${enc(orderId)}/courier/status`, method: 'POST' }),
    () => [[...adminOrderKeys.all]],
  );

/** Saves a file the browser holds as `name`, through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns; give it time before letting the blob go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the CSV of every order the filters match (any page); the server refuses too many with a 400 to narrow them. */
export async function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  const blob = await apiBlob('/admin/orders/export', { query: filterQuery(filters), headers: { Accept: 'text/csv' } });
  saveBlob(blob, 'orders.csv');
}

export type OrderPdf = 'packing-slip' | 'invoice';
const PDF_PATHS: Record<OrderPdf, (orderId: string) => string> = {
  'packing-slip': (orderId) => `/admin/orders/${enc(orderId)}/packing-slip`,
  invoice: (orderId) => `/order/invoice/${enc(orderId)}`,
};

/**
 * Opens an order's PDF in a new tab to read or print. The PDF needs the admin's token, so it is fetched here and shown
 * from an object URL. The tab is opened at the click, before the fetch, where a popup blocker allows it; when the
 * browser refuses a tab the PDF is downloaded instead.
 */
export async function openOrderPdf(kind: OrderPdf, orderId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await apiBlob(PDF_PATHS[kind](orderId), { headers: { Accept: 'application/pdf' } });
    if (!tab) {
      saveBlob(blob, `${kind}-${orderId}.pdf`);
      return;
    }
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // The tab keeps the document it loaded; the URL itself may go once it had time to load.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
