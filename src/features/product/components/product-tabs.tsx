import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Product, Review } from '@contract/catalogue';
import { Stars } from '@/components/stars';
import { Tabs } from '@/components/tabs';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { formatShopDate } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { useFormat, useLocale, useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

// Only a signed-in customer sees the form, never a first visit: its code (the form, its fields) comes when shown.
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

function Avatar({ name, image }: { name: string; image: string | null }) {
  if (image)
    return (
      <img
        src={imageUrl(image, 40)}
        srcSet={imageSrcSet(image, 40)}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        className="size-10 shrink-0 rounded-full object-cover"
      />
    );
  return (
    <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const text = useMessages(productText);
  const locale = useLocale();
  const name = review.userId?.name || text.anonymous;
  return (
    <li className="flex gap-3 border-b border-gray-200 py-4 last:border-b-0">
      <Avatar name={name} image={review.userId?.profileImg ?? null} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-semibold text-gray-900">{name}</p>
          <time dateTime={review.date} className="text-sm text-gray-600">
            {formatShopDate(review.date, locale)}
          </time>
        </div>
        <Stars rating={review.stars} className="mt-1" />
        <p className="mt-2 break-words whitespace-pre-line text-gray-800">{review.text}</p>
      </div>
    </li>
  );
}

function Reviews({ product }: { product: Product }) {
  const { user } = useSession();
  const href = useRouterState({ select: (state) => state.location.href });
  const text = useMessages(productText);
  let form: ReactNode = null;
  if (user?.role === 'user')
    form = (
      <Suspense fallback={null}>
        <ReviewForm productId={product._id} userId={user._id} />
      </Suspense>
    );
  else if (!user)
    form = (
      <p className="text-gray-700">
        <Link to="/login" search={{ redirect: href }} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          {text.signInToReview}
        </Link>
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      {product.reviews.length === 0 ? (
        <p className="text-gray-700">{text.noReviews}</p>
      ) : (
        <ul aria-label={text.reviews}>
          {product.reviews.map((review) => (
            <ReviewItem key={review._id} review={review} />
          ))}
        </ul>
      )}
      {form}
    </div>
  );
}

/** Description; Details (bullet list plus Tags); Reviews (n) with the review form; FAQ (n). */
export function ProductTabs({ product }: { product: Product }) {
  const text = useMessages(productText);
  const format = useFormat();
  return (
    <Tabs
      label={text.productInformation}
      className="mt-8"
      panelClassName="py-4"
      tabs={[
        {
          id: 'description',
          label: text.description,
          panel: <p className="break-words whitespace-pre-line text-gray-800">{product.productDescription}</p>,
        },
        {
          id: 'details',
          label: text.details,
          panel: (
            <div className="flex flex-col gap-4">
              {product.productDetails.length > 0 && (
                <ul className="list-disc space-y-1 pl-5 text-gray-800">
                  {product.productDetails.map((detail, i) => (
                    <li key={i}>{detail}</li>
                  ))}
                </ul>
              )}
              {product.searchTags.length > 0 && (
                <div>
                  <h3 className="mb-2 text-base font-semibold text-gray-900">{text.tags}</h3>
                  <ul className="flex flex-wrap gap-2" aria-label={text.tags}>
                    {product.searchTags.map((tag) => (
                      <li key={tag} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800">
                        {tag}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          ),
        },
        { id: 'reviews', label: text.reviewsTab(format.count(product.reviews.length)), panel: <Reviews product={product} /> },
        {
          id: 'faq',
          label: text.faqTab(format.count(product.faqs.length)),
          panel:
            product.faqs.length === 0 ? (
              <p className="text-gray-700">{text.noFaqs}</p>
            ) : (
              <dl className="flex flex-col gap-4">
                {product.faqs.map((faq, i) => (
                  <div key={i}>
                    <dt className="font-semibold text-gray-900">{faq.question}</dt>
                    <dd className="mt-1 text-gray-800">{faq.answer}</dd>
                  </div>
                ))}
              </dl>
            ),
        },
      ]}
    />
  );
}
