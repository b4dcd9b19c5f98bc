import { useParams } from '@tanstack/react-router';
import { ClipboardList, Gauge, Images, LayoutDashboard, Package, ReceiptText, Tags, TicketPercent, Truck, Users } from 'lucide-react';
import { NotFoundPage } from '@/components/not-found-page';
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
  { path: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, component: DashboardPage },
  { path: 'orders', label: 'Orders', icon: ClipboardList, component: OrdersScreen },
  { path: 'refunds', label: 'Refunds', icon: ReceiptText, component: RefundsPage },
  { path: 'products', label: 'Products', icon: Package, component: ProductsScreen },
  { path: 'categories', label: 'Categories', icon: Tags, component: CategoriesPage },
  { path: 'banners', label: 'Banners & logo', icon: Images, component: BannersPage },
  { path: 'delivery-fees', label: 'Delivery fees', icon: Truck, component: DeliveryFeesPage },
  { path: 'coupons', label: 'Coupons', icon: TicketPercent, component: CouponsPage },
  { path: 'users', label: 'Users', icon: Users, component: UsersPage },
  { path: 'speed', label: 'Speed', icon: Gauge, component: SpeedPage },
];

/** The seller's screens, in the menu's order; `/seller` opens the first. */
const SELLER_SCREENS: readonly BackOfficeScreen[] = [
  { path: 'products', label: 'Products', icon: Package, component: ProductsScreen },
  { path: 'orders', label: 'Orders', icon: ClipboardList, component: SellerOrdersPage },
];

function Area({ area, title, screens }: { area: Area; title: string; screens: readonly BackOfficeScreen[] }) {
  const splat = useParams({ strict: false })._splat ?? '';
  const shown = screenAt(screens, splat);
  return (
    <BackOfficeLayout title={title} area={area} screens={screens} current={shown?.screen ?? null}>
      {shown ? <shown.screen.component area={area} rest={shown.rest} /> : <NotFoundPage />}
    </BackOfficeLayout>
  );
}

export function AdminArea() {
  return <Area area="admin" title="haat admin" screens={ADMIN_SCREENS} />;
}

export function SellerArea() {
  return <Area area="seller" title="haat seller" screens={SELLER_SCREENS} />;
}
