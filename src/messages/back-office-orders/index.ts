import { defineMessages } from '@/i18n/messages';

export const backOfficeOrdersText = await defineMessages('back-office-orders', { en: () => import('./en'), bn: () => import('./bn') });
