import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

afterEach(() => onlineManager.setOnline(true));

describe('the query client', () => {
  it('asks even while the browser is offline, so the service worker can answer from what it kept', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const kept = vi.fn(async () => ({ products: ['kept by the service worker'] }));
    await expect(client.fetchQuery({ queryKey: ['products', 'seen-briefly'], queryFn: kept })).resolves.toEqual({ products: ['kept by the service worker'] });
    expect(kept).toHaveBeenCalledTimes(1);
  });
});
