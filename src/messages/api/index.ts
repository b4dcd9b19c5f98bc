import { defineMessages } from '@/i18n/messages';

export const apiText = await defineMessages('api', { en: () => import('./en'), bn: () => import('./bn') });
