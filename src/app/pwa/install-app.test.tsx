import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InstallButton, IosInstallHint } from './install-app';
import { createInstallPromptStore, type InstallPromptEvent } from './install-prompt';
import { IOS_HINT_DISMISSED_KEY } from '@/lib/storage-keys';
import { isIosBrowserTab } from './ios-install-hint';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('InstallButton', () => {
  it("appears only while the browser offers installation, opens the browser's dialog and then goes away", async () => {
    const target = new EventTarget();
    const store = createInstallPromptStore(() => undefined);
    store.capture(target as unknown as Window);
    render(<InstallButton store={store} />);
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();

    const offer = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
    const prompt = vi.fn(() => Promise.resolve());
    Object.assign(offer, { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
    act(() => void target.dispatchEvent(offer));

    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });
});

describe('isIosBrowserTab', () => {
  it('recognises iPhones and iPads (also those asking for desktop pages as a Mac with a touch screen)', () => {
    expect(isIosBrowserTab({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(true);
    expect(isIosBrowserTab({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe(true);
  });

  it('leaves out Macs, Android and the app opened from the home screen', () => {
    expect(isIosBrowserTab({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe(false);
    expect(isIosBrowserTab({ userAgent: ANDROID, maxTouchPoints: 5 })).toBe(false);
    expect(isIosBrowserTab({ userAgent: IPHONE, maxTouchPoints: 5, standalone: true })).toBe(false);
  });
});

describe('IosInstallHint', () => {
  it('tells iPhone shoppers how to add the app, until they close it for good', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const { unmount } = render(<IosInstallHint />);
    const hint = screen.getByRole('complementary', { name: 'Install haat' });
    expect(hint).toHaveTextContent('Install haat: Share → Add to Home Screen');

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss install hint' }));
    expect(screen.queryByRole('complementary', { name: 'Install haat' })).not.toBeInTheDocument();
    expect(localStorage.getItem(IOS_HINT_DISMISSED_KEY)).toBe('true');

    unmount();
    render(<IosInstallHint />);
    expect(screen.queryByRole('complementary', { name: 'Install haat' })).not.toBeInTheDocument();
  });

  it('closes in the footer and the account menu at once', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    render(
      <>
        <IosInstallHint />
        <IosInstallHint />
      </>,
    );
    expect(screen.getAllByRole('complementary', { name: 'Install haat' })).toHaveLength(2);
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss install hint' })[0]!);
    expect(screen.queryByRole('complementary', { name: 'Install haat' })).not.toBeInTheDocument();
  });

  it('is not shown elsewhere', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    render(<IosInstallHint />);
    expect(screen.queryByRole('complementary', { name: 'Install haat' })).not.toBeInTheDocument();
  });
});
