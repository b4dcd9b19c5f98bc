import { defineMessages } from '@/i18n/messages';

export const backOfficeText = await defineMessages('back-office', { en: () => import('./en'), bn: () => import('./bn') });
