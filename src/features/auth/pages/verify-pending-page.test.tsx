import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { bodiesSentTo, ok, refused, stubApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { VerifyPendingPage } from './verify-pending-page';

const resendPath = 'POST /api/user/resend-registration';
const registered = { email: 'rahim@example.com', registration: 'reg-1' };

describe('VerifyPendingPage', () => {
  it("says 'Almost Done!', mentions the spam folder, and without a registration 'Resend Email' leads to /register", async () => {
    await renderPage(<VerifyPendingPage />, { at: '/verify/pending' });
    expect(await screen.findByRole('heading', { name: 'Almost Done!' })).toBeInTheDocument();
    expect(screen.getByText(/activation link/)).toHaveTextContent(/spam/);
    expect(screen.getByRole('link', { name: 'Resend Email' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'haat home' })).toHaveAttribute('href', '/');
  });

  it('names the address the link went to', async () => {
    await renderPage(<VerifyPendingPage />, { at: '/verify/pending', state: registered });
    expect(await screen.findByText('rahim@example.com')).toBeInTheDocument();
    expect(screen.getByText(/activation link/)).toHaveTextContent("We've emailed you an activation link at rahim@example.com. Open it");
  });

  it("'Resend Email' asks the server for a new link, says so, and asks the next time with the registration's new token", async () => {
    const success = vi.spyOn(notify, 'success');
    let issued = 1;
    const fetchMock = stubApi({ [resendPath]: () => ok({ method: 'email', email: 'rahim@example.com', registration: `reg-${(issued += 1)}` }) });
    await renderPage(<VerifyPendingPage />, { at: '/verify/pending', state: registered });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Resend Email' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('We sent a new link to rahim@example.com'));
    await user.click(screen.getByRole('button', { name: 'Resend Email' }));
    await waitFor(() => expect(success).toHaveBeenCalledTimes(2));
    expect(bodiesSentTo(fetchMock, resendPath)).toEqual([
      { method: 'email', email: 'rahim@example.com', registration: 'reg-1' },
      { method: 'email', email: 'rahim@example.com', registration: 'reg-2' },
    ]);
  });

  it("toasts the server's refusal, e.g. the hourly limit", async () => {
    const error = vi.spyOn(notify, 'error');
    stubApi({ [resendPath]: refused(429, 'Too many codes and links were asked for from your network. Please try again in an hour.') });
    await renderPage(<VerifyPendingPage />, { at: '/verify/pending', state: registered });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend Email' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Too many codes and links were asked for from your network. Please try again in an hour.'));
    expect(screen.getByRole('button', { name: 'Resend Email' })).toBeEnabled();
  });
});
