import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pencil, Plus, Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatTaka } from '@contract/money';
import type { Product } from '@contract/catalogue';
import { Alert } from '@/components/alert';
import { Button, buttonClassName } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { ApiError } from '@/lib/api';
import { imageUrl } from '@/lib/image-url';
import { notify } from '@/lib/notify';
import { isWaitingForNetwork, useOnline } from '@/lib/online';
import { screenLink } from '../../lib/screens';
import { productListQuery, useDeleteProduct } from '../../lib/products/product-api';
import type { Area } from '../../lib/screens';

const TEXT = {
  title: 'Products',
  add: 'Add product',
  search: 'Search by name',
  searchButton: 'Search',
  empty: 'No products found.',
  failed: 'The products could not be loaded. Try again.',
  price: 'Price',
  stock: 'Stock',
  edit: (name: string) => `Edit ${name}`,
  delete: (name: string) => `Delete ${name}`,
  editShort: 'Edit',
  deleteShort: 'Delete',
  confirmTitle: 'Delete this product?',
  confirmText: (name: string) => `“${name}” will be removed from the shop. This cannot be undone.`,
  cancel: 'Cancel',
  deleted: 'Product deleted',
  offline: 'You are offline. Deleting a product needs a connection.',
  previous: 'Previous page',
  next: 'Next page',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  offlineList: 'You are offline — showing what you saw last.',
};

/** The products an admin manages (all) or a seller manages (their own): search, page, edit and delete. */
export function ProductListPage({ area }: { area: Area }) {
  const online = useOnline();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const query = useQuery(productListQuery({ page, search }));
  const [deleting, setDeleting] = useState<Product | null>(null);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  const list = query.data;
  return (
    <div>
      <PageHead title={TEXT.title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">{TEXT.title}</h1>
        <Link {...screenLink(area, 'products/new')} className={buttonClassName('primary')}>
          <Plus aria-hidden="true" className="size-5" />
          {TEXT.add}
        </Link>
      </div>
      <form role="search" onSubmit={submitSearch} className="mt-4 flex max-w-xl gap-2">
        <label htmlFor="product-search" className="sr-only">
          {TEXT.search}
        </label>
        <input
          id="product-search"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={TEXT.search}
          className="min-h-11 w-full min-w-0 rounded-md border border-gray-500 bg-white px-3 text-base"
        />
        <Button type="submit" variant="secondary" aria-label={TEXT.searchButton} className="px-3">
          <Search aria-hidden="true" className="size-5" />
        </Button>
      </form>
      {!online && list && <p className="mt-3 text-sm text-gray-700">{TEXT.offlineList}</p>}
      <div className="mt-4">
        {isWaitingForNetwork(query) ? (
          <OfflineNotice />
        ) : query.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : query.isError ? (
          <Alert>{TEXT.failed}</Alert>
        ) : list && list.data.length === 0 ? (
          <p>{TEXT.empty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-200 rounded-md border border-gray-200">
            {list?.data.map((product) => (
              <ProductRow key={product._id} area={area} product={product} onDelete={() => setDeleting(product)} />
            ))}
          </ul>
        )}
      </div>
      {list && list.pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {TEXT.previous}
          </Button>
          <span className="text-sm text-gray-700">{TEXT.page(list.page, list.pages)}</span>
          <Button variant="secondary" disabled={page >= list.pages} onClick={() => setPage((p) => p + 1)}>
            {TEXT.next}
          </Button>
        </nav>
      )}
      <DeleteDialog product={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function ProductRow({ area, product, onDelete }: { area: Area; product: Product; onDelete: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
      <img src={imageUrl(product.productImages[0], 64, 2)} alt="" width={64} height={64} className="size-16 shrink-0 rounded object-cover" />
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-semibold break-words text-gray-900">{product.productName}</p>
        <p className="text-sm text-gray-700">
          {TEXT.price}: {formatTaka(product.productPrice)} · {TEXT.stock}: {product.remainingProducts}
        </p>
      </div>
      <div className="flex gap-2">
        <Link {...screenLink(area, `products/${product._id}`)} aria-label={TEXT.edit(product.productName)} className={buttonClassName('secondary', 'px-3')}>
          <Pencil aria-hidden="true" className="size-5" />
          {TEXT.editShort}
        </Link>
        <Button variant="ghost" aria-label={TEXT.delete(product.productName)} className="px-3 text-red-700" onClick={onDelete}>
          <X aria-hidden="true" className="size-5" />
          {TEXT.deleteShort}
        </Button>
      </div>
    </li>
  );
}

function DeleteDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const online = useOnline();
  const remove = useDeleteProduct();
  const [failure, setFailure] = useState<string>();
  const close = () => {
    setFailure(undefined);
    onClose();
  };
  const confirm = () => {
    if (!product) return;
    if (!online) {
      setFailure(TEXT.offline);
      return;
    }
    remove.mutate(product._id, {
      onSuccess: () => {
        notify.success(TEXT.deleted);
        close();
      },
      onError: (error) => setFailure(error instanceof ApiError && error.isNetworkError ? TEXT.offline : error.message),
    });
  };
  return (
    <Dialog open={product !== null} onClose={close} title={TEXT.confirmTitle}>
      <p className="text-gray-800">{TEXT.confirmText(product?.productName ?? '')}</p>
      {failure && <Alert className="mt-3">{failure}</Alert>}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          {TEXT.cancel}
        </Button>
        <Button busy={remove.isPending} className="bg-red-700 hover:bg-red-800" onClick={confirm}>
          {TEXT.deleteShort}
        </Button>
      </div>
    </Dialog>
  );
}
