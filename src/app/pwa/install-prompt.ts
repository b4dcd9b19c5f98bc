import { EARLY_INSTALL_OFFER } from '@contract/page-document';
import { requestPersistentStorage } from '@/lib/persistent-storage';

/** Chromium's deferred install offer (not in TypeScript's DOM types). */
export type InstallPromptEvent = Event & {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export type InstallPromptStore = ReturnType<typeof createInstallPromptStore>;

/** Holds the browser's offer to install the app for the 'Install app' button; an offer is used once. */
export function createInstallPromptStore(onInstalled: () => void = () => void requestPersistentStorage()) {
  let offer: InstallPromptEvent | null = null;
  const listeners = new Set<() => void>();
  const change = (next: InstallPromptEvent | null) => {
    offer = next;
    listeners.forEach((listener) => listener());
  };

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    available: (): boolean => offer !== null,
    /** Shows the browser's install dialog; the button goes away whatever the shopper chooses. */
    async prompt(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
      const current = offer;
      if (!current) return 'unavailable';
      change(null);
      await current.prompt();
      return (await current.userChoice).outcome;
    },
    /**
     * Listens before the app renders, as Chromium may make its offer before React is up. Keeping the offer (instead
     * of letting the browser show its own mini-infobar) lets the app show it as a button. Once the app is installed
     * the shopper means to come back, so the site's storage is asked to be kept. A page the server rendered starts the
     * app after its largest picture, and keeps an offer that came before (EARLY_INSTALL_OFFER).
     */
    capture(target: Pick<Window, 'addEventListener'> = window): void {
      const early = (target as Partial<Record<typeof EARLY_INSTALL_OFFER, InstallPromptEvent>>)[EARLY_INSTALL_OFFER];
      if (early) change(early);
      target.addEventListener('beforeinstallprompt', (event) => {
        event.preventDefault();
        change(event as InstallPromptEvent);
      });
      target.addEventListener('appinstalled', () => {
        change(null);
        onInstalled();
      });
    },
  };
}

export const installPrompt = createInstallPromptStore();
