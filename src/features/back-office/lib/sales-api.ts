import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Dashboard, SellerOrder, SellerRevenue } from '@contract/back-office-orders';
import type { OrderStatus } from '@contract/orders';
import type { Page } from '@contract/pages';
import { api } from '@/lib/api';

/** Rows of the seller's order list a page shows. */
export const SELLER_ORDERS_PAGE_SIZE = 20;

export const salesKeys = {
  dashboard: ['back-office', 'dashboard'] as const,
  sellerRevenue: ['back-office', 'seller', 'revenue'] as const,
  sellerOrders: (params: { page: number; status?: OrderStatus }) => ['back-office', 'seller', 'orders', params] as const,
};

/** The admin's figures: sales by period, orders by status, refunds waiting, low stock, best sellers and revenue per day. */
export const dashboardQuery = () =>
  queryOptions({ queryKey: salesKeys.dashboard, queryFn: async ({ signal }) => (await api<Dashboard>('/admin/dashboard', { signal })).data });

/** The seller's revenue from their own lines, today and over the last 7 and 30 days. */
export const sellerRevenueQuery = () =>
  queryOptions({ queryKey: salesKeys.sellerRevenue, queryFn: async ({ signal }) => (await api<SellerRevenue>('/seller/revenue', { signal })).data });

/** The orders holding the seller's products, newest first, a page at a time; the previous page stays shown while the next arrives. */
export const sellerOrdersQuery = (params: { page: number; status?: OrderStatus }) =>
  queryOptions({
    queryKey: salesKeys.sellerOrders(params),
    queryFn: async ({ signal }) =>
      (await api<Page<SellerOrder>>('/seller/orders', { signal, query: { page: params.page, limit: SELLER_ORDERS_PAGE_SIZE, status: params.status } })).data,
    placeholderData: keepPreviousData,
  });
