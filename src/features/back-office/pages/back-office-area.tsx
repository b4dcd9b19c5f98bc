import { CatchBoundary, useMatch, type ErrorComponentProps } from '@tanstack/react-router';
import { ClipboardList, Gauge, Images, LayoutDashboard, Package, ReceiptText, SpellCheck, Tags, TicketPercent, Truck, Undo2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/not-found-page';
import { RouteError } from '@/components/route-error';
import { useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';
import { BackOfficeLayout } from '../components/back-office-layout';
import { pathInArea, screenAt, type Area, type BackOfficeScreen } from '../lib/screens';
import { BannersPage } from './banners-page';
import { CategoriesPage } from './categories-page';
import { CouponsPage } from './coupons-page';
import { DashboardPage } from './dashboard-page';
import { DeliveryFeesPage } from './delivery-fees-page';
import { OrdersScreen } from './orders/orders-screen';
import { ProductsScreen } from './products/products-screen';
import { RefundsPage } from './refunds-page';
import { ReturnsPage } from './returns-page';
import { SearchWordsPage } from './search-words-page';
import { SellerOrdersPage } from './seller-orders-page';
import { SpeedPage } from './speed-page';
import { UsersPage } from './users-page';

/** The admin's screens, in the menu's order; `/admin` opens the first. */
const ADMIN_SCREENS: readonly BackOfficeScreen[] = [
  { path: 'dashboard', label: 'screenDashboard', icon: LayoutDashboard, component: DashboardPage },
  { path: 'orders', label: 'screenOrders', icon: ClipboardList, component: OrdersScreen },
  { path: 'refunds', label: 'screenRefunds', icon: ReceiptText, component: RefundsPage },
  { path: 'returns', label: 'screenReturns', icon: Undo2, component: ReturnsPage },
  { path: 'products', label: 'screenProducts', icon: Package, component: ProductsScreen },
  { path: 'categories', label: 'screenCategories', icon: Tags, component: CategoriesPage },
  { path: 'banners', label: 'screenBanners', icon: Images, component: BannersPage },
  { path: 'delivery-fees', label: 'screenDeliveryFees', icon: Truck, component: DeliveryFeesPage },
  { path: 'search-words', label: 'screenSearchWords', icon: SpellCheck, component: SearchWordsPage },
  { path: 'coupons', label: 'screenCoupons', icon: TicketPercent, component: CouponsPage },
  { path: 'users', label: 'screenUsers', icon: Users, component: UsersPage },
  { path: 'speed', label: 'screenSpeed', icon: Gauge, component: SpeedPage },
];

/** The seller's screens, in the menu's order; `/seller` opens the first. */
const SELLER_SCREENS: readonly BackOfficeScreen[] = [
  { path: 'products', label: 'screenProducts', icon: Package, component: ProductsScreen },
  { path: 'orders', label: 'screenOrders', icon: ClipboardList, component: SellerOrdersPage },
];

/**
 * `pathname`: the path on screen (`/admin/orders/<id>`), whose rest under the area picks the screen. `languageSwitch`:
 * the shop's own switch, which the app gives (a feature does not reach into the app's frame).
 */
type AreaProps = { pathname: string; languageSwitch?: ReactNode };

function Area({ area, title, screens, pathname, languageSwitch }: { area: Area; title: string; screens: readonly BackOfficeScreen[] } & AreaProps) {
  const shown = screenAt(screens, pathInArea(area, pathname));
  // Cleared by another screen, or when the router loads the page again (the error screen's Try again).
  const loadedAt = useMatch({ strict: false, select: (match) => match.updatedAt });
  return (
    <BackOfficeLayout title={title} area={area} screens={screens} current={shown?.screen ?? null} languageSwitch={languageSwitch}>
      <CatchBoundary getResetKey={() => `${pathname} ${loadedAt}`} errorComponent={area === 'admin' ? AdminScreenError : SellerScreenError}>
        {shown ? <shown.screen.component area={area} rest={shown.rest} /> : <NotFoundPage />}
      </CatchBoundary>
    </BackOfficeLayout>
  );
}

/** A screen that failed (its code, its data or its render), in the area's frame: 'Go home' leads to the area's first screen. */
const AdminScreenError = (props: ErrorComponentProps) => <RouteError {...props} home="admin" />;
const SellerScreenError = (props: ErrorComponentProps) => <RouteError {...props} home="seller" />;

export function AdminArea(props: AreaProps) {
  return <Area area="admin" title={useMessages(backOfficeText).adminTitle} screens={ADMIN_SCREENS} {...props} />;
}

export function SellerArea(props: AreaProps) {
  return <Area area="seller" title={useMessages(backOfficeText).sellerTitle} screens={SELLER_SCREENS} {...props} />;
}
