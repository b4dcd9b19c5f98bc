import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { VerifyPendingPage } from './verify-pending-page';

describe('VerifyPendingPage', () => {
  it("says 'Almost Done!', mentions the spam folder, and 'Resend Email' leads to /register", async () => {
    await renderPage(<VerifyPendingPage />, { at: '/verify/pending' });
    expect(await screen.findByRole('heading', { name: 'Almost Done!' })).toBeInTheDocument();
    expect(screen.getByText(/activation link/)).toHaveTextContent(/spam/);
    expect(screen.getByRole('link', { name: 'Resend Email' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'haat home' })).toHaveAttribute('href', '/');
  });
});
