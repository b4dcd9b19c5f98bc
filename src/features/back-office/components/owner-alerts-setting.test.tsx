import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, requestsMade, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { OwnerAlertsSetting } from './owner-alerts-setting';

const ADMIN_HINT = 'An email and a notification for each new order, and each morning a summary of what waits.';

describe('the order alerts switch', () => {
  it("shows an admin their account's setting and turns it off on the server", async () => {
    signInAs('admin');
    const fetchMock = stubApi({
      'GET /api/user/get-single-user/id-admin': ok({ ownerAlerts: true }),
      'PUT /api/user/update-profile': ok({ _id: 'id-admin', ownerAlerts: false }),
    });
    await renderPage(<OwnerAlertsSetting />, { at: '/admin/orders' });
    const toggle = screen.getByRole('switch', { name: 'Order alerts' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toHaveAccessibleDescription(ADMIN_HINT);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(requestsMade(fetchMock).find(({ route }) => route === 'PUT /api/user/update-profile')?.body).toEqual({ id: 'id-admin', ownerAlerts: false });
  });

  it('tells a seller of orders holding their products', async () => {
    signInAs('seller');
    stubApi({ 'GET /api/user/get-single-user/id-seller': ok({ ownerAlerts: false }) });
    await renderPage(<OwnerAlertsSetting />, { at: '/seller/orders' });
    const toggle = screen.getByRole('switch', { name: 'Order alerts' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('An email and a notification when a new order holds your products.');
  });
});
