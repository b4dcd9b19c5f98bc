export { ProductDetailPage, type ProductDetailPageProps } from './ProductDetailPage';
