import { IOS_HINT_DISMISSED_KEY } from '@/lib/storage-keys';

type NavigatorLike = Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & { standalone?: boolean };

/**
 * An iPhone or iPad browser tab. iOS fires no install offer; its Share sheet's 'Add to Home Screen' installs the app.
 * iPadOS asks for desktop pages as a Mac: a Mac with a touch screen is an iPad. An app opened from the home screen
 * (navigator.standalone) is already installed.
 */
export function isIosBrowserTab(nav: NavigatorLike = navigator): boolean {
  const ios = /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
  return ios && nav.standalone !== true;
}

/** The hint shows in the footer and in the account menu: closing one closes every one on the page. */
const listeners = new Set<() => void>();
let dismissedOnThisPage = false;

export function subscribeToIosHintDismissal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function iosHintDismissed(): boolean {
  if (dismissedOnThisPage) return true;
  try {
    return localStorage.getItem(IOS_HINT_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function dismissIosHint(): void {
  try {
    localStorage.setItem(IOS_HINT_DISMISSED_KEY, 'true');
  } catch {
    // Storage blocked: the hint goes away for this page only.
    dismissedOnThisPage = true;
  }
  for (const listener of listeners) listener();
}
