import { useParams } from '@tanstack/react-router';
import { ClipboardList, Gauge, Images, LayoutDashboard, Package, ReceiptText, Tags, TicketPercent, Truck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/not-found-page';
import { useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';
import { BackOfficeLayout } from '../components/back-office-layout';
import { screenAt, type Area, type BackOfficeScreen } from '../lib/screens';
import { BannersPage } from './banners-page';
import { CategoriesPage } from './categories-page';
import { CouponsPage } from './coupons-page';
import { DashboardPage } from './dashboard-page';
import { DeliveryFeesPage } from './delivery-fees-page';
import { OrdersScreen } from './orders/orders-screen';
import { ProductsScreen } from './products/products-screen';
import { RefundsPage } from './refunds-page';
import { SellerOrdersPage } from './seller-orders-page';
import { SpeedPage } from './speed-page';
import { UsersPage } from './users-page';

/** The admin's screens, in the menu's order; `/admin` opens the first. */
const ADMIN_SCREENS: readonly BackOfficeScreen[] = [
  { path: 'dashboard', label: 'screenDashboard', icon: LayoutDashboard, component: DashboardPage },
  { path: 'orders', label: 'screenOrders', icon: ClipboardList, component: OrdersScreen },
  { path: 'refunds', label: 'screenRefunds', icon: ReceiptText, component: RefundsPage },
  { path: 'products', label: 'screenProducts', icon: Package, component: ProductsScreen },
  { path: 'categories', label: 'screenCategories', icon: Tags, component: CategoriesPage },
  { path: 'banners', label: 'screenBanners', icon: Images, component: BannersPage },
  { path: 'delivery-fees', label: 'screenDeliveryFees', icon: Truck, component: DeliveryFeesPage },
  { path: 'coupons', label: 'screenCoupons', icon: TicketPercent, component: CouponsPage },
  { path: 'users', label: 'screenUsers', icon: Users, component: UsersPage },
  { path: 'speed', label: 'screenSpeed', icon: Gauge, component: SpeedPage },
];

/** The seller's screens, in the menu's order; `/seller` opens the first. */
const SELLER_SCREENS: readonly BackOfficeScreen[] = [
  { path: 'products', label: 'screenProducts', icon: Package, component: ProductsScreen },
  { path: 'orders', label: 'screenOrders', icon: ClipboardList, component: SellerOrdersPage },
];

/** `languageSwitch`: the shop's own switch, which the route gives (a feature does not reach into the app's frame). */
type AreaProps = { languageSwitch?: ReactNode };

function Area({ area, title, screens, languageSwitch }: { area: Area; title: string; screens: readonly BackOfficeScreen[] } & AreaProps) {
  const splat = useParams({ strict: false })._splat ?? '';
  const shown = screenAt(screens, splat);
  return (
    <BackOfficeLayout title={title} area={area} screens={screens} current={shown?.screen ?? null} languageSwitch={languageSwitch}>
      {shown ? <shown.screen.component area={area} rest={shown.rest} /> : <NotFoundPage />}
    </BackOfficeLayout>
  );
}

export function AdminArea({ languageSwitch }: AreaProps) {
  return <Area area="admin" title={useMessages(backOfficeText).adminTitle} screens={ADMIN_SCREENS} languageSwitch={languageSwitch} />;
}

export function SellerArea({ languageSwitch }: AreaProps) {
  return <Area area="seller" title={useMessages(backOfficeText).sellerTitle} screens={SELLER_SCREENS} languageSwitch={languageSwitch} />;
}
