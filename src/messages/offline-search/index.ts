import { defineMessages } from '@/i18n/messages';

export const offlineSearchText = await defineMessages('offline-search', { en: () => import('./en'), bn: () => import('./bn') });
