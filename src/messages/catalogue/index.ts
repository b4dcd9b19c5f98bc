import { defineMessages } from '@/i18n/messages';

export const catalogueText = await defineMessages('catalogue', { en: () => import('./en'), bn: () => import('./bn') });
