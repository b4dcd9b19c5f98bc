import { defineMessages } from '@/i18n/messages';

export const cartText = await defineMessages('cart', { en: () => import('./en'), bn: () => import('./bn') });
