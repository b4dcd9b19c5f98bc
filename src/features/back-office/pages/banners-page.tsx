import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Banner, Logo } from '@contract/catalogue';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { useFormat, useMessages } from '@/i18n/react';
import { imageUrl } from '@/lib/image-url';
import { isWaitingForNetwork } from '@/lib/online';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import type catalogueTexts from '@/messages/back-office-catalogue/en';
import { adminBannersQuery, adminCategoriesQuery, adminLogoQuery, backOfficeKeys, formOf, useAdminWrite } from '../api';
import { BannerForm, type BannerFormValues } from '../components/banner-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { OfflineWriteMessage, useWriteGuard } from '../components/offline-write-guard';
import { LogoForm } from '../components/logo-form';
import { ResponsiveList, type ListColumn } from '../components/responsive-list';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';

const BANNER_LISTS = [backOfficeKeys.banners];

type Direction = 'up' | 'down';

type CatalogueTexts = typeof catalogueTexts;
type Format = ReturnType<typeof useFormat>;

/** How a banner is named to someone who cannot see its picture: its category and its offer. */
const bannerName = (banner: Banner, text: CatalogueTexts, format: Format) =>
  `${banner.bannerCategory?.categoryName ?? text.allProducts}${banner.bannerOffer > 0 ? `, ${text.percentOff(format.count(banner.bannerOffer))}` : ''}`;

const bannerFields = (values: BannerFormValues) =>
  formOf({ bannerOffer: values.bannerOffer, bannerCategory: values.bannerCategory }, { field: 'bannerImage', file: values.file });

/** The home page's banners (image, offer, category, order) and the shop's logo, each with a live preview as the shop shows it. */
export function BannersPage() {
  const text = useMessages(backOfficeCatalogueText);
  return (
    <div className="flex flex-col gap-6">
      <PageHead title={text.bannersTitle} />
      <h1 className="text-2xl font-bold text-gray-900">{text.bannersTitle}</h1>
      <BannersSection />
      <LogoSection />
    </div>
  );
}

function BannersSection() {
  const text = useMessages(backOfficeCatalogueText);
  const format = useFormat();
  const banners = useQuery(adminBannersQuery());
  const categories = useQuery(adminCategoriesQuery());
  const [editing, setEditing] = useState<Banner | null>(null);
  const create = useAdminWrite(
    (values: BannerFormValues) => ({ path: '/banner', method: 'POST', body: bannerFields(values) }),
    () => BANNER_LISTS,
  );
  const update = useAdminWrite(
    ({ id, values }: { id: string; values: BannerFormValues }) => ({ path: `/banner/${id}`, method: 'PUT', body: bannerFields(values) }),
    () => BANNER_LISTS,
  );
  const deletion = useConfirmedDelete({
    remove: useAdminWrite(
      (id: string) => ({ path: `/banner/${id}`, method: 'DELETE' }),
      () => BANNER_LISTS,
    ),
    idOf: (banner: Banner) => banner._id,
    failed: text.bannerDeleteFailed,
  });
  const categoryList = categories.data ?? [];
  const ordering = useBannerOrder(banners.data ?? []);

  const columns: ListColumn<Banner>[] = [
    {
      key: 'image',
      header: text.banner,
      primary: true,
      cell: (banner) => (
        <img
          src={imageUrl(banner.bannerImage, 320)}
          alt={text.bannerFor(banner.bannerCategory?.categoryName ?? text.allProductsLower)}
          className="aspect-[3/1] w-40 rounded-md bg-gray-100 object-cover"
        />
      ),
    },
    { key: 'offer', header: text.offer, cell: (banner) => (banner.bannerOffer > 0 ? text.percentOff(format.count(banner.bannerOffer)) : text.none) },
    { key: 'category', header: text.category, cell: (banner) => banner.bannerCategory?.categoryName ?? text.allProducts },
    {
      key: 'order',
      header: text.order,
      cell: (banner) => (
        <div className="flex items-center gap-2">
          <span className="min-w-6 text-center tabular-nums">{format.count(banner.position)}</span>
          <MoveButton banner={banner} direction="up" ordering={ordering} />
          <MoveButton banner={banner} direction="down" ordering={ordering} />
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="banners-heading" className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="banners-heading" className="text-xl font-bold text-gray-900">
        {text.banners}
      </h2>
      <details className="rounded-md border border-gray-200 p-3 open:pb-4">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">{text.newBanner}</summary>
        <div className="mt-3">
          <BannerForm categories={categoryList} submitLabel={text.createBanner} onSubmit={(values) => create.mutateAsync(values)} />
        </div>
      </details>
      <p className="text-sm text-gray-700">{text.bannerOrderHint}</p>
      <OfflineWriteMessage message={ordering.refused} />
      {isWaitingForNetwork(banners) ? (
        <OfflineNotice compact detail={text.bannersNotSaved} />
      ) : banners.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <ResponsiveList
          items={banners.data ?? []}
          columns={columns}
          itemKey={(banner) => banner._id}
          label={text.banners}
          empty={text.noBanners}
          actions={(banner) => (
            <>
              <Button variant="secondary" onClick={() => setEditing(banner)} className="px-3">
                {text.edit}
                <span className="sr-only"> {text.bannerWord}</span>
              </Button>
              <Button variant="ghost" onClick={() => deletion.ask(banner)} className="px-3 text-red-700 hover:bg-red-50">
                {text.delete}
                <span className="sr-only"> {text.bannerWord}</span>
              </Button>
            </>
          )}
        />
      )}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={text.editBanner}>
        {editing && (
          <BannerForm
            categories={categoryList}
            current={editing}
            submitLabel={text.saveChanges}
            onSubmit={(values) => update.mutateAsync({ id: editing._id, values })}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog {...deletion.dialog} title={text.deleteBannerTitle} message={text.deleteBannerText} confirmLabel={text.delete} />
      <p aria-live="polite" className="sr-only">
        {ordering.announcement}
      </p>
    </section>
  );
}

/**
 * Moving banners one place at a time. The moved banner's button keeps the focus once the list is read again in its
 * new order (or its other button, when the moved one reached the end), and the new place is announced.
 */
function useBannerOrder(banners: Banner[]) {
  const text = useMessages(backOfficeCatalogueText);
  const format = useFormat();
  const { online, guard, refused } = useWriteGuard();
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<{ id: string; direction: Direction; position: number } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const move = useAdminWrite(
    ({ id, position }: { id: string; position: number }) => ({ path: `/banner/${id}`, method: 'PUT', body: { position } }),
    () => BANNER_LISTS,
  );

  useEffect(() => {
    if (!focusAfterMove.current) return;
    const { id, direction, position } = focusAfterMove.current;
    // Until the list is read again the banner still shows in its old place.
    if (banners.find((banner) => banner._id === id)?.position !== position) return;
    focusAfterMove.current = null;
    const button = buttons.current.get(`${id}:${direction}`);
    (button && !button.disabled ? button : buttons.current.get(`${id}:${direction === 'up' ? 'down' : 'up'}`))?.focus();
  }, [banners]);

  const moveBanner = (banner: Banner, direction: Direction) => {
    // One move at a time: the next one starts from the order the last one made.
    if (move.isPending) return;
    const position = banner.position + (direction === 'up' ? -1 : 1);
    guard(() => {
      focusAfterMove.current = { id: banner._id, direction, position };
      move.mutate(
        { id: banner._id, position },
        {
          onSuccess: () => setAnnouncement(text.bannerMoved(bannerName(banner, text, format), format.count(position), format.count(banners.length))),
          onError: () => {
            focusAfterMove.current = null;
            setAnnouncement(text.bannerNotMoved(bannerName(banner, text, format)));
          },
        },
      );
    });
  };

  const buttonRef = (id: string, direction: Direction) => (button: HTMLButtonElement | null) => {
    if (button) buttons.current.set(`${id}:${direction}`, button);
    else buttons.current.delete(`${id}:${direction}`);
  };

  const moveLabel = (banner: Banner, direction: Direction) => (direction === 'up' ? text.moveBannerUp : text.moveBannerDown)(bannerName(banner, text, format));
  return { online, refused, announcement, last: banners.length, moveBanner, buttonRef, moveLabel };
}

function MoveButton({ banner, direction, ordering }: { banner: Banner; direction: Direction; ordering: ReturnType<typeof useBannerOrder> }) {
  const atEnd = direction === 'up' ? banner.position <= 1 : banner.position >= ordering.last;
  const Icon = direction === 'up' ? ArrowUp : ArrowDown;
  return (
    <Button
      ref={ordering.buttonRef(banner._id, direction)}
      variant="secondary"
      disabled={atEnd || !ordering.online}
      onClick={() => ordering.moveBanner(banner, direction)}
      aria-label={ordering.moveLabel(banner, direction)}
      className="min-w-11 px-2"
    >
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
}

function LogoSection() {
  const text = useMessages(backOfficeCatalogueText);
  const logo = useQuery(adminLogoQuery());
  const save = useAdminWrite(
    ({ alt, file }: { alt: string; file: File }) => ({ path: '/logo', method: 'POST', body: formOf({ alt }, { field: 'url', file }) }),
    () => [backOfficeKeys.logo],
  );
  const deletion = useConfirmedDelete({
    remove: useAdminWrite(
      (id: string) => ({ path: `/logo/${id}`, method: 'DELETE' }),
      () => [backOfficeKeys.logo],
    ),
    idOf: (shown: Logo) => shown._id,
    failed: text.logoDeleteFailed,
  });
  const current = logo.data ?? null;

  return (
    <section aria-labelledby="logo-heading" className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="logo-heading" className="text-xl font-bold text-gray-900">
        {text.logo}
      </h2>
      {isWaitingForNetwork(logo) ? (
        <OfflineNotice compact detail={text.logoNotSaved} />
      ) : logo.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        // Remounted with each saved logo, so the form starts from it.
        <LogoForm key={current?._id ?? 'none'} current={current} onSubmit={(values) => save.mutateAsync(values)} />
      )}
      {current && (
        <Button variant="ghost" onClick={() => deletion.ask(current)} className="self-start px-3 text-red-700 hover:bg-red-50">
          {text.deleteLogo}
        </Button>
      )}
      <ConfirmDialog {...deletion.dialog} title={text.deleteLogoTitle} message={text.deleteLogoText} confirmLabel={text.delete} />
    </section>
  );
}
