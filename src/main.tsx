import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { installPrompt } from '@/app/pwa/install-prompt';
import { session } from '@/lib/session';
import './styles.css';

// Before anything renders: Chromium may offer installation as soon as the page has loaded.
installPrompt.capture();

const root = createRoot(document.getElementById('root')!);

// The app renders only once the persisted session is back (or the rehydration time-out passed).
void session.rehydrate().then(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// After the page has loaded, so the shell's download for offline use does not compete with the first paint on 3G.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('@/app/pwa/register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
