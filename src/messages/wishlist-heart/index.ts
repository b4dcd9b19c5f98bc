import { defineMessages } from '@/i18n/messages';

export const wishlistHeartText = await defineMessages('wishlist-heart', { en: () => import('./en'), bn: () => import('./bn') });
