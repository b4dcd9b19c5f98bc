import { defineMessages } from '@/i18n/messages';

export const paymentText = await defineMessages('payment', { en: () => import('./en'), bn: () => import('./bn') });
