export { WishlistPage } from './components/WishlistPage';
export { WishlistHeart } from './components/WishlistHeart';
