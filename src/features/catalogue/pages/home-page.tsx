import { useDocumentTitle } from '@/components/use-document-title';
import { BannerSection } from '../components/banner-section';
import { CategoryStrip } from '../components/category-strip';
import { OfferProducts } from '../components/offer-products';
import type { CardAction } from '../components/product-grid';
import { RecommendedProducts } from '../components/recommended-products';

/** The home page's four blocks: categories, banners, offers, recommended. */
export function HomePage({ cardAction }: { cardAction?: CardAction }) {
  useDocumentTitle();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-4 sm:py-6">
      <h1 className="sr-only">Welcome to haat</h1>
      <CategoryStrip />
      <BannerSection />
      <OfferProducts cardAction={cardAction} />
      <RecommendedProducts cardAction={cardAction} />
    </div>
  );
}
