export { CheckoutPage } from './components/CheckoutPage';
export { PaymentResultPage } from './components/PaymentResultPage';
