import { defineMessages } from '@/i18n/messages';

export const checkoutText = await defineMessages('checkout', { en: () => import('./en'), bn: () => import('./bn') });
