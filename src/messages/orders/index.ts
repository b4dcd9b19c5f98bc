import { defineMessages } from '@/i18n/messages';

export const ordersText = await defineMessages('orders', { en: () => import('./en'), bn: () => import('./bn') });
