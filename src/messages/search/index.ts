import { defineMessages } from '@/i18n/messages';

export const searchText = await defineMessages('search', { en: () => import('./en'), bn: () => import('./bn') });
