import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, toasterDemand } from '@/lib/notify';
import { AppToaster } from './toaster';

describe('AppToaster', () => {
  it('loads the toaster with the first toast and shows the toasts raised before it was on screen', async () => {
    const { container } = render(<AppToaster />);
    expect(toasterDemand.wanted()).toBe(false);
    expect(container).toBeEmptyDOMElement();

    notify.success('Added to cart');
    notify.error('Out of stock');

    expect(toasterDemand.wanted()).toBe(true);
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /notifications/i })).toBeInTheDocument();
  });
});
