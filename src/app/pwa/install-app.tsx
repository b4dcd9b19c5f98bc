import { Download, Share, X } from 'lucide-react';
import { useHydrated } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { buttonClassName } from '@/components/button';
import { useMessages } from '@/i18n/react';
import { pwaText } from '@/messages/pwa';
import { installPrompt as defaultStore, type InstallPromptStore } from './install-prompt';
import { dismissIosHint, iosHintDismissed, isIosBrowserTab, subscribeToIosHintDismissal } from './ios-install-hint';

/** Shown only while the browser offers installation; gone once the shopper has chosen. */
export function InstallButton({ store = defaultStore }: { store?: InstallPromptStore }) {
  const available = useSyncExternalStore(store.subscribe, store.available, () => false);
  const text = useMessages(pwaText);
  if (!available) return null;
  return (
    <button type="button" onClick={() => void store.prompt()} className={buttonClassName('secondary', 'px-3 text-sm')}>
      <Download aria-hidden="true" className="size-4" />
      {text.installApp}
    </button>
  );
}

/**
 * iOS Safari offers no install prompt: a short note on how to add the app, until the shopper closes it. Decided
 * after the first render, which has to match a page the server drew without knowing the browser.
 */
export function IosInstallHint() {
  const inBrowser = useHydrated();
  const dismissed = useSyncExternalStore(subscribeToIosHintDismissal, iosHintDismissed, () => false);
  const text = useMessages(pwaText);
  if (!inBrowser || dismissed || !isIosBrowserTab()) return null;
  return (
    <aside aria-label={text.installHaat} className="flex items-center gap-2 rounded-md border border-brand-100 bg-white py-1 pl-3 text-sm text-gray-800">
      <Share aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
      <p>
        {text.iosHint} <span className="font-semibold">{text.iosSteps}</span>
      </p>
      <button
        type="button"
        onClick={dismissIosHint}
        aria-label={text.dismissHint}
        className="ml-auto flex size-11 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}

/** Ways to add haat to the home screen: the browser's own offer as a button, or the iOS hint (footer and account menu). */
export function InstallApp() {
  return (
    <div className="mt-3 flex flex-col items-start gap-2 empty:hidden">
      <InstallButton />
      <IosInstallHint />
    </div>
  );
}
