import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, requestsMade, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { OwnerAlertsSetting } from './owner-alerts-setting';

describe("Settings' order alerts for the shop", () => {
  it("shows an admin the account's setting and turns it off on the server", async () => {
    signInAs('admin');
    const fetchMock = stubApi({
      'GET /api/user/get-single-user/id-admin': ok({ ownerAlerts: true }),
      'PUT /api/user/update-profile': ok({ _id: 'id-admin', ownerAlerts: false }),
    });
    await renderPage(<OwnerAlertsSetting />, { at: '/user/settings' });
    const toggle = await screen.findByRole('switch', { name: 'Order alerts for the shop' });
    await screen.findByText('An email and a notification for each new order, and each morning a summary of what waits.');
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription('An email and a notification for each new order, and each morning a summary of what waits.');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(requestsMade(fetchMock).find(({ route }) => route === 'PUT /api/user/update-profile')?.body).toEqual({ id: 'id-admin', ownerAlerts: false });
  });

  it('tells a seller of orders holding their products, and shows a shopper nothing', async () => {
    signInAs('seller');
    stubApi({ 'GET /api/user/get-single-user/id-seller': ok({ ownerAlerts: false }) });
    const { unmount } = await renderPage(<OwnerAlertsSetting />, { at: '/user/settings' });
    expect(await screen.findByRole('switch', { name: 'Order alerts for the shop' })).not.toBeChecked();
    expect(screen.getByText('An email and a notification when a new order holds your products.')).toBeInTheDocument();
    unmount();

    signInAs('user');
    await renderPage(<OwnerAlertsSetting />, { at: '/user/settings' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
