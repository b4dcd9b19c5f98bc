import { render, screen, waitFor } from '@testing-library/react';
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

  it('shows one toast per id: a retry replaces the last outcome, a success takes the error away, dismiss removes it', async () => {
    render(<AppToaster />);
    const attempt = { id: 'attempt' };
    notify.error('Wrong code', attempt);
    expect(await screen.findByText('Wrong code')).toBeInTheDocument();

    notify.error('Wrong code again', attempt);
    await waitFor(() => expect(screen.queryByText('Wrong code')).not.toBeInTheDocument());
    expect(screen.getByText('Wrong code again')).toBeInTheDocument();

    notify.success('Signed in', attempt);
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(screen.queryByText('Wrong code again')).not.toBeInTheDocument();

    notify.dismiss(attempt.id);
    await waitFor(() => expect(screen.queryByText('Signed in')).not.toBeInTheDocument(), { timeout: 3000 });
  });
});
