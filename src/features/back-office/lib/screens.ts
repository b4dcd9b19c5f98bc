import type { LinkProps } from '@tanstack/react-router';
import { Images, Tags, Truck, type LucideIcon } from 'lucide-react';

/** One entry of a back-office navigation: a screen's route, its name in the menu and its icon. */
export type BackOfficeScreen = { to: NonNullable<LinkProps['to']>; label: string; icon: LucideIcon };

/**
 * The admin's screens, in the menu's order: Dashboard, Orders, Refunds, Products, Categories, Banners & logo,
 * Delivery fees, Coupons, Users. A screen is listed once its route exists; `/admin` opens the first one.
 */
export const ADMIN_SCREENS: readonly BackOfficeScreen[] = [
  { to: '/admin/categories', label: 'Categories', icon: Tags },
  { to: '/admin/banners', label: 'Banners & logo', icon: Images },
  { to: '/admin/delivery-fees', label: 'Delivery fees', icon: Truck },
];

/** The seller's screens, in the menu's order: Products, Orders. A screen is listed once its route exists. */
export const SELLER_SCREENS: readonly BackOfficeScreen[] = [];
