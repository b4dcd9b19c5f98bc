import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type texts from '@/messages/back-office/en';

/** Whose back office: an admin runs the whole shop, a seller their own products. */
export type Area = 'admin' | 'seller';

/** What a screen is given: its area, and the rest of the path after its own name ('' for its start, 'new', an id). */
export type ScreenProps = { area: Area; rest: string };

/** The menu's names of the screens, among the `back-office` texts. */
export type ScreenLabel = Extract<keyof typeof texts, `screen${string}`>;

/** One entry of a back-office menu: its path under the area, its name in the menu, its icon and what it shows. */
export type BackOfficeScreen = { path: string; label: ScreenLabel; icon: LucideIcon; component: ComponentType<ScreenProps> };

/** A screen's address: each area is one route (`/admin/$`, `/seller/$`), its screens the rest of the path. */
export function screenLink(area: Area, path: string) {
  return { to: area === 'admin' ? ('/admin/$' as const) : ('/seller/$' as const), params: { _splat: path } };
}

/** The screen a path under the area opens, with the rest of the path; the area's own address opens its first screen. */
export function screenAt(screens: readonly BackOfficeScreen[], splat: string): { screen: BackOfficeScreen; rest: string } | null {
  const [name = '', ...rest] = splat.split('/').filter(Boolean);
  const screen = name === '' ? screens[0] : screens.find((candidate) => candidate.path === name);
  return screen ? { screen, rest: rest.map(decodeURIComponent).join('/') } : null;
}
