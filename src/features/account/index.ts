export { AccountLayout } from './components/AccountLayout';
export { ConfirmEmailPage } from './pages/ConfirmEmailPage';
export { DashboardPage } from './pages/DashboardPage';
export { MyOrdersPage } from './pages/MyOrdersPage';
export { RefundRequestPage } from './pages/RefundRequestPage';
export { SettingsPage } from './pages/SettingsPage';
