import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { session } from '@/lib/session';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

// The app renders only once the persisted session is back (or the rehydration time-out passed).
void session.rehydrate().then(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
}
