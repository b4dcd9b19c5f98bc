import { defineMessages } from '@/i18n/messages';

export const backOfficeCatalogueText = await defineMessages('back-office-catalogue', { en: () => import('./en'), bn: () => import('./bn') });
