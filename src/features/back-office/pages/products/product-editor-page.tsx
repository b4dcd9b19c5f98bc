import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import type { Product } from '@contract/catalogue';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { useMessages } from '@/i18n/react';
import { notify } from '@/lib/notify';
import { isWaitingForNetwork } from '@/lib/online';
import { useSession } from '@/lib/session';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { NotYours } from '../../components/products/not-yours';
import { ProductForm } from '../../components/products/product-form';
import { ScreenLink } from '../../components/screen-link';
import { useOpenScreen } from '../../lib/screens';
import { productDetailQuery } from '../../lib/products/product-api';
import type { Area } from '../../lib/screens';

/** `/admin/products/new` and `/seller/products/new` create; `…/products/{id}` edits (a seller: their own only). */
export function ProductEditorPage({ area, productId }: { area: Area; productId?: string }) {
  const text = useMessages(backOfficeCatalogueText);
  const title = productId ? text.editProduct : text.newProduct;
  return (
    <div>
      <PageHead title={title} />
      <ScreenLink area={area} path="products" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-5" />
        {text.productsTitle}
      </ScreenLink>
      <h1 className="mt-2 text-2xl font-bold text-gray-900">{title}</h1>
      <div className="mt-4">{productId ? <EditProduct area={area} productId={productId} /> : <Editor area={area} />}</div>
    </div>
  );
}

function EditProduct({ area, productId }: { area: Area; productId: string }) {
  const text = useMessages(backOfficeCatalogueText);
  const { user } = useSession();
  const query = useQuery(productDetailQuery(productId));
  if (isWaitingForNetwork(query)) return <OfflineNotice />;
  if (query.isPending) return <Skeleton className="h-96 w-full max-w-3xl" />;
  if (query.isError) return <p role="alert">{text.productFailed}</p>;
  const product = query.data;
  // Reading a product is public; the server refuses another seller's writes, and the editor does not offer them.
  if (!product || (area === 'seller' && product.OwnerId?._id !== user?._id)) return <NotYours area={area} />;
  return <Editor area={area} product={product} />;
}

function Editor({ area, product }: { area: Area; product?: Product }) {
  const text = useMessages(backOfficeCatalogueText);
  const openScreen = useOpenScreen();
  const [refused, setRefused] = useState(false);
  if (refused) return <NotYours area={area} />;
  return (
    <ProductForm
      key={product?._id ?? 'new'}
      product={product}
      onRefused={() => setRefused(true)}
      onSaved={() => {
        notify.success(product ? text.productSaved : text.productCreated);
        void openScreen(area, 'products');
      }}
    />
  );
}
