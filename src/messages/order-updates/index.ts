import { defineMessages } from '@/i18n/messages';

export const orderUpdatesText = await defineMessages('order-updates', { en: () => import('./en'), bn: () => import('./bn') });
