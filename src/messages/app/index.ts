import { defineMessages } from '@/i18n/messages';

export const appText = await defineMessages('app', { en: () => import('./en'), bn: () => import('./bn') });
