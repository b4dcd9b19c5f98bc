import { defineMessages } from '@/i18n/messages';

export const shopText = await defineMessages('shop', { en: () => import('./en'), bn: () => import('./bn') });
