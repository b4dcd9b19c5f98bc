import { JsonLd, PageHead } from '@/components/page-head';
import { pageContext } from '@/lib/page-context';
import { shopStructuredData } from '@/lib/structured-data';
import { BannerSection } from '../components/banner-section';
import { CategoryStrip } from '../components/category-strip';
import { OfferProducts } from '../components/offer-products';
import type { CardAction } from '../components/product-grid';
import { RecommendedProducts } from '../components/recommended-products';

/** The home page's four blocks, in the spec's order. */
export function HomePage({ cardAction }: { cardAction?: CardAction }) {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-4 sm:py-6">
      <PageHead path="/" />
      <JsonLd data={shopStructuredData(pageContext().origin)} />
      <h1 className="sr-only">Welcome to haat</h1>
      <CategoryStrip />
      <BannerSection />
      <OfferProducts cardAction={cardAction} />
      <RecommendedProducts cardAction={cardAction} />
    </div>
  );
}
