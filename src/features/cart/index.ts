export { CartPage } from './components/CartPage';
