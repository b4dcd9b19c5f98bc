import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { followBrowserOnlineState, isWaitingForNetwork, useOnline } from './online';

function OnlineState() {
  return <p>{useOnline() ? 'online' : 'offline'}</p>;
}

describe('online state', () => {
  it('an app opened with no connection knows it from the start', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    followBrowserOnlineState();
    expect(onlineManager.isOnline()).toBe(false);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    followBrowserOnlineState();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it("useOnline follows the browser's offline and online events", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OnlineState />
      </QueryClientProvider>,
    );
    expect(screen.getByText('online')).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('offline')).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByText('online')).toBeInTheDocument();
  });
});

describe('isWaitingForNetwork', () => {
  it('is true only for a paused query with nothing of its own to show', () => {
    expect(isWaitingForNetwork({ isPending: true, isPaused: true })).toBe(true);
    expect(isWaitingForNetwork({ isPending: false, isPaused: true, isPlaceholderData: true })).toBe(true);
    expect(isWaitingForNetwork({ isPending: false, isPaused: true, isPlaceholderData: false })).toBe(false);
    expect(isWaitingForNetwork({ isPending: true, isPaused: false })).toBe(false);
  });
});
