import { defineMessages } from '@/i18n/messages';

export const productText = await defineMessages('product', { en: () => import('./en'), bn: () => import('./bn') });
