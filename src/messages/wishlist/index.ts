import { defineMessages } from '@/i18n/messages';

export const wishlistText = await defineMessages('wishlist', { en: () => import('./en'), bn: () => import('./bn') });
