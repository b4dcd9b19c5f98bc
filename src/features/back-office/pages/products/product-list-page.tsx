import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pencil, Plus, Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatTaka } from '@contract/money';
import type { Product } from '@contract/catalogue';
import { Alert } from '@/components/alert';
import { Button, buttonClassName } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { imageUrl } from '@/lib/image-url';
import { notify } from '@/lib/notify';
import { isWaitingForNetwork, useOnline } from '@/lib/online';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Pager } from '../../components/pager';
import { ResponsiveList, type ListColumn } from '../../components/responsive-list';
import { screenLink } from '../../lib/screens';
import { productListQuery, useDeleteProduct } from '../../lib/products/product-api';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete';
import type { Area } from '../../lib/screens';

const TEXT = {
  title: 'Products',
  add: 'Add product',
  search: 'Search by name',
  searchButton: 'Search',
  empty: 'No products found.',
  failed: 'The products could not be loaded. Try again.',
  image: 'Image',
  name: 'Name',
  price: 'Price',
  stock: 'Stock',
  edit: (name: string) => `Edit ${name}`,
  delete: (name: string) => `Delete ${name}`,
  editShort: 'Edit',
  deleteShort: 'Delete',
  confirmTitle: 'Delete this product?',
  confirmText: (name: string) => `“${name}” will be removed from the shop. This cannot be undone.`,
  deleteFailed: 'The product could not be deleted',
  deleted: 'Product deleted',
  pages: 'Products pages',
  offlineList: 'You are offline — showing what you saw last.',
};

const COLUMNS: ListColumn<Product>[] = [
  {
    key: 'image',
    header: TEXT.image,
    cell: (product) => <img src={imageUrl(product.productImages[0], 64, 2)} alt="" width={64} height={64} className="size-16 shrink-0 rounded object-cover" />,
  },
  { key: 'name', header: TEXT.name, primary: true, cell: (product) => product.productName },
  { key: 'price', header: TEXT.price, cell: (product) => formatTaka(product.productPrice) },
  { key: 'stock', header: TEXT.stock, cell: (product) => product.remainingProducts },
];

/** The products an admin manages (all) or a seller manages (their own): search, page, edit and delete. */
export function ProductListPage({ area }: { area: Area }) {
  const online = useOnline();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const query = useQuery(productListQuery({ page, search }));
  const deletion = useConfirmedDelete({
    remove: useDeleteProduct(),
    idOf: (product: Product) => product._id,
    failed: TEXT.deleteFailed,
    onDeleted: () => notify.success(TEXT.deleted),
  });

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
        ) : (
          <ResponsiveList
            items={list?.data ?? []}
            columns={COLUMNS}
            itemKey={(product) => product._id}
            label={TEXT.title}
            empty={TEXT.empty}
            actions={(product) => (
              <>
                <Link {...screenLink(area, `products/${product._id}`)} aria-label={TEXT.edit(product.productName)} className={buttonClassName('secondary', 'px-3')}>
                  <Pencil aria-hidden="true" className="size-5" />
                  {TEXT.editShort}
                </Link>
                <Button variant="ghost" aria-label={TEXT.delete(product.productName)} className="px-3 text-red-700" onClick={() => deletion.ask(product)}>
                  <X aria-hidden="true" className="size-5" />
                  {TEXT.deleteShort}
                </Button>
              </>
            )}
          />
        )}
      </div>
      {list && <Pager page={list.page} pages={list.pages} total={list.total} label={TEXT.pages} onPageChange={setPage} />}
      <ConfirmDialog
        {...deletion.dialog}
        title={TEXT.confirmTitle}
        message={TEXT.confirmText(deletion.target?.productName ?? '')}
        confirmLabel={TEXT.deleteShort}
      />
    </div>
  );
}
