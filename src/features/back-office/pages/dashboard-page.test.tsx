import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@contract/back-office-orders';
import { ok, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import { DashboardPage } from './dashboard-page';

/** The chart's drawing module, replaced (jsdom has no canvas): it records when the page first imports it and what it was asked to draw. */
const chart = vi.hoisted(() => ({ loaded: false, plotRevenue: vi.fn() }));
vi.mock('../lib/revenue-plot', () => {
  chart.loaded = true;
  return { plotRevenue: chart.plotRevenue };
});
/** Whether importing the page (above) brought the chart's module with it. */
const chartLoadedWithThePage = chart.loaded;

/** 30 Dhaka days ending 26 Nov 2025; sales on the last two. */
const DAYS = Array.from({ length: 30 }, (_, index) => {
  const date = new Date(Date.UTC(2025, 9, 28 + index)).toISOString().slice(0, 10);
  return { date, orders: index === 28 ? 2 : index === 29 ? 3 : 0, revenue: index === 28 ? 1500 : index === 29 ? 142800.5 : 0 };
});

const DASHBOARD: Dashboard = {
  today: { orders: 3, revenue: 142800.5, placed: 5 },
  last7Days: { orders: 5, revenue: 144300.5, placed: 9 },
  last30Days: { orders: 5, revenue: 144300.5, placed: 12 },
  ordersByStatus: { pending: 4, processing: 2, shipped: 1, delivered: 5, cancelled: 0 },
  refundsWaiting: 2,
  lowStock: [
    { _id: 'p9', variantId: null, size: null, color: null, name: 'Jamdani saree', remaining: 0, image: null },
    { _id: 'p7', variantId: null, size: null, color: null, name: 'Clay pot', remaining: 3, image: null },
  ],
  topProducts: [{ productId: 'p1', name: 'Hilsa, 1 kg', quantity: 12, revenue: 18000 }],
  revenueByDay: DAYS,
};

beforeEach(() => {
  signInAs('admin');
  stubScreenWidth(1280);
  chart.plotRevenue.mockReset();
  chart.plotRevenue.mockReturnValue({ resize: vi.fn(), destroy: vi.fn() });
});

const renderDashboard = () => renderPage(<DashboardPage area="admin" rest="" />, { at: '/admin', path: '/admin/$' });

describe('Dashboard', () => {
  it('shows the sales of today, 7 and 30 days in taka, orders by status, refunds waiting, low stock and top products', async () => {
    stubApi({ 'GET /api/admin/dashboard': ok(DASHBOARD) });
    await renderDashboard();

    const sales = await screen.findByRole('region', { name: 'Sales' });
    expect(within(sales).getByRole('listitem', { name: 'Today' })).toHaveTextContent('৳1,42,800.50');
    expect(within(sales).getByRole('listitem', { name: 'Today' })).toHaveTextContent('3 orders paid · 5 placed');
    expect(within(sales).getByRole('listitem', { name: 'Last 7 days' })).toHaveTextContent('৳1,44,300.50');
    expect(within(sales).getByRole('listitem', { name: 'Last 30 days' })).toHaveTextContent('12 placed');

    const statuses = screen.getByRole('region', { name: 'Orders by status' });
    expect(
      within(statuses)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pending4', 'Processing2', 'Shipped1', 'Delivered5', 'Cancelled0']);

    const refunds = screen.getByRole('region', { name: 'Refunds waiting' });
    expect(refunds).toHaveTextContent('2 refund requests wait for a decision.');
    expect(within(refunds).getByRole('link', { name: 'Review refunds' })).toHaveAttribute('href', '/admin/refunds');

    const lowStock = screen.getByRole('region', { name: 'Low on stock' });
    expect(within(lowStock).getByRole('link', { name: 'Jamdani saree' })).toHaveAttribute('href', '/admin/products/p9');
    expect(within(lowStock).getByRole('link', { name: 'Clay pot' }).closest('li')).toHaveTextContent('3 left');

    const top = screen.getByRole('table', { name: 'Top products, last 30 days' });
    expect(within(top).getByRole('row', { name: /Hilsa, 1 kg/ })).toHaveTextContent('12৳18,000.00');
  });

  it('loads the chart library only when the chart is shown, draws the 30 days, and offers the same figures as a table', async () => {
    expect(chartLoadedWithThePage).toBe(false);
    stubApi({ 'GET /api/admin/dashboard': ok(DASHBOARD) });
    await renderDashboard();

    await waitFor(() => expect(chart.plotRevenue).toHaveBeenCalledTimes(1));
    expect(chart.loaded).toBe(true);
    const [target, series] = chart.plotRevenue.mock.calls[0] as [HTMLElement, { labels: string[]; revenue: number[] }];
    expect(target).toHaveAttribute('aria-hidden', 'true');
    expect(series.labels).toHaveLength(30);
    expect(series.labels.slice(-2)).toEqual(['25 Nov', '26 Nov']);
    expect(series.revenue.slice(-2)).toEqual([1500, 142800.5]);

    const chartRegion = screen.getByRole('region', { name: 'Revenue per day, last 30 days' });
    expect(chartRegion).toHaveTextContent('৳1,44,300.50 in all. Best day: 26 Nov, ৳1,42,800.50.');
    expect(within(chartRegion).queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(within(chartRegion).getByRole('button', { name: 'Show the days as a table' }));
    const table = within(chartRegion).getByRole('table', { name: 'Revenue per day, last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: /26 Nov/ })).toHaveTextContent('26 Nov3৳1,42,800.50');
    expect(within(chartRegion).getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the table when the chart cannot be drawn (its chunk not downloaded while offline, no canvas)', async () => {
    chart.plotRevenue.mockImplementation(() => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    stubApi({ 'GET /api/admin/dashboard': ok(DASHBOARD) });
    await renderDashboard();

    const chartRegion = await screen.findByRole('region', { name: 'Revenue per day, last 30 days' });
    expect(await within(chartRegion).findByText(/The chart could not be shown/)).toBeInTheDocument();
    expect(within(within(chartRegion).getByRole('table')).getAllByRole('row')).toHaveLength(31);
    expect(within(chartRegion).queryByRole('button')).not.toBeInTheDocument();
  });
});
