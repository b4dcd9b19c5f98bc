import { useRouter } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { BackOfficeArea } from '@/lib/guards';
import type texts from '@/messages/back-office/en';

/** Whose back office: an admin runs the whole shop, a seller their own products. */
export type Area = BackOfficeArea;

/** What a screen is given: its area, and the rest of the path after its own name ('' for its start, 'new', an id). */
export type ScreenProps = { area: Area; rest: string };

/** The menu's names of the screens, among the `back-office` texts. */
export type ScreenLabel = Extract<keyof typeof texts, `screen${string}`>;

/** One entry of a back-office menu: its path under the area, its name in the menu, its icon and what it shows. */
export type BackOfficeScreen = { path: string; label: ScreenLabel; icon: LucideIcon; component: ComponentType<ScreenProps> };

/** A screen's query: a screen's filters, as the router writes them into the address. */
export type ScreenSearch = Record<string, unknown>;

/**
 * A screen's address (`/admin/orders/<id>?status=pending`): the area's path, the screen's under it, its query. The back
 * office is no route of the router's table (the page for unlisted paths opens it), so its addresses are written here
 * and opened by `href`.
 */
export function useScreenAddress(): (area: Area, path: string, search?: ScreenSearch) => string {
  const { stringifySearch } = useRouter().options;
  return (area, path, search = {}) => `/${area}${path ? `/${path}` : ''}${stringifySearch(search)}`;
}

/** Opens a screen, as its link does; `replace` puts it in place of the current entry of the history. */
export function useOpenScreen(): (area: Area, path: string, options?: { search?: ScreenSearch; replace?: boolean }) => Promise<void> {
  const router = useRouter();
  const address = useScreenAddress();
  return (area, path, { search, replace } = {}) => router.navigate({ href: address(area, path, search), replace });
}

/** The part of a path under its area (`orders/<id>` of `/admin/orders/<id>`). */
export function pathInArea(area: Area, pathname: string): string {
  return pathname.slice(`/${area}`.length).replace(/^\//, '');
}

/** The screen a path under the area opens, with the rest of the path; the area's own address opens its first screen. */
export function screenAt(screens: readonly BackOfficeScreen[], path: string): { screen: BackOfficeScreen; rest: string } | null {
  const [name = '', ...rest] = path.split('/').filter(Boolean);
  const screen = name === '' ? screens[0] : screens.find((candidate) => candidate.path === name);
  return screen ? { screen, rest: rest.map(decodeURIComponent).join('/') } : null;
}
