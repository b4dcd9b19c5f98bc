import { defineMessages } from '@/i18n/messages';

export const pwaText = await defineMessages('pwa', { en: () => import('./en'), bn: () => import('./bn') });
