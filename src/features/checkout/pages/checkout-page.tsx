import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { deliveryFee } from '@contract/delivery';
import { Page } from '@/components/page';
import type { CheckoutSource } from '@/lib/navigation-state';
import { notify } from '@/lib/notify';
import { savedAddressesQuery } from '@/lib/saved-addresses';
import { readSavedDelivery, saveDelivery } from '@/lib/saved-delivery';
import { useSession } from '@/lib/session';
import { deliveryZonesQuery } from '../api';
import { DeliveryFields } from '../components/delivery-fields';
import { OrderSummary, type FeeState } from '../components/order-summary';
import { CouponField } from '../components/coupon-field';
import { PaymentFields } from '../components/payment-fields';
import { PlaceOrderButton } from '../components/place-order-button';
import { PriceChanges } from '../components/price-changes';
import { checkoutFormSchema, emptyCheckoutForm, locationToast, type CheckoutFormInput, type CheckoutFormValues } from '../lib/form';
import type { CheckoutLine } from '../lib/payload';
import { useCheckoutPricing, type AgreedQuote } from '../lib/pricing';
import { checkoutTotal } from '../lib/totals';
import { useCoupon } from '../lib/use-coupon';
import { usePlaceOrder } from '../lib/use-place-order';
import { useMessages } from '@/i18n/react';
import { checkoutText } from '@/messages/checkout';

const DELIVERY_FIELDS = ['phone', 'addressDetails', 'division', 'district', 'city'] as const;

type CheckoutLines = { items?: readonly CheckoutLine[]; from?: CheckoutSource };

/** /checkout: the lines handed over in navigation state (cart, Buy Now, Buy Again), or nothing to check out. */
export function CheckoutPage({ items, from }: CheckoutLines) {
  const text = useMessages(checkoutText);
  return (
    <Page title={text.title}>
      {items && items.length > 0 ? <CheckoutForm items={items} from={from} /> : <p className="mt-4 text-gray-700">{text.noItems}</p>}
    </Page>
  );
}

function CheckoutForm({ items, from }: Required<Pick<CheckoutLines, 'items'>> & Pick<CheckoutLines, 'from'>) {
  const { user } = useSession();
  const text = useMessages(checkoutText);
  const zones = useQuery(deliveryZonesQuery);
  const [agreed, setAgreed] = useState<AgreedQuote | null>(null);
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { ...emptyCheckoutForm, phone: user?.phone ?? '', addressDetails: user?.address ?? '', ...readSavedDelivery(user?._id) },
  });
  // The delivery fields are kept as typed: a reload, or an order waiting offline, finds them filled in.
  const userId = user?._id;
  const [phone, addressDetails, division, district, city] = useWatch({
    control: form.control,
    name: ['phone', 'addressDetails', 'division', 'district', 'city'],
  });
  useEffect(() => {
    if (userId) saveDelivery(userId, { phone, addressDetails, division, district, city });
  }, [userId, phone, addressDetails, division, district, city]);
  // The account's default address starts the form once it is known (the device's copy meanwhile, and offline), unless
  // the shopper has already changed a delivery field.
  const savedAddresses = useQuery({ ...savedAddressesQuery(userId ?? ''), enabled: userId !== undefined });
  const defaultAddress = savedAddresses.data?.find((address) => address.isDefault);
  useEffect(() => {
    if (!defaultAddress) return;
    const { dirtyFields } = form.formState;
    if (DELIVERY_FIELDS.some((name) => dirtyFields[name])) return;
    for (const name of DELIVERY_FIELDS) form.setValue(name, defaultAddress[name]);
  }, [defaultAddress, form]);
  const couponState = useCoupon(items, form);
  const pricing = useCheckoutPricing(user?._id, items, couponState.coupon, district, agreed);
  const { coupon, lines, agreed: agreedNow } = pricing;
  const order = usePlaceOrder(lines, from, (quote) => setAgreed({ quote, district: form.getValues('district') }));

  // The server's figures for the district chosen are what the order is charged; until they come (and offline) the same
  // rule estimates them from the zones.
  const quoted = agreedNow ? { fee: agreedNow.deliveryFee, total: agreedNow.totalPrice } : pricing.delivered;
  const fee = quoted ? quoted.fee : deliveryFee(district ?? '', pricing.subtotal - (coupon?.discount ?? 0), zones.data);
  const feeState: FeeState = quoted
    ? { status: 'ready', fee }
    : zones.isPending
      ? { status: 'loading' }
      : zones.isError
        ? { status: 'error' }
        : { status: 'ready', fee };
  const total = quoted ? quoted.total : checkoutTotal(pricing.subtotal, fee, coupon);

  const onValid = async (values: CheckoutFormValues) => {
    // A code typed but not applied: apply it first, so the shopper sees the discount and the total before ordering.
    if (values.coupon && !couponState.coupon) {
      await couponState.apply();
      return;
    }
    order.place(values, feeState.status === 'ready' ? fee : null, coupon, feeState.status === 'ready' ? total : null);
  };
  const onInvalid = (invalid: FieldErrors<CheckoutFormInput>) => {
    const toast = locationToast(invalid);
    if (toast) notify.error(text[toast]);
  };

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="lg:sticky lg:top-4 lg:col-start-2 lg:row-start-1">
        <OrderSummary items={lines} subtotal={pricing.subtotal} coupon={coupon} fee={feeState} total={total} />
        {pricing.changes.length > 0 && <PriceChanges changes={pricing.changes} />}
      </div>

      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-5 lg:col-start-1 lg:row-start-1" aria-label={text.form}>
          {!user && (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {text.signInNeeded}{' '}
              <Link to="/login" search={{ redirect: '/cart' }} className="font-semibold text-brand-700 underline">
                {text.signIn}
              </Link>
            </p>
          )}
          <DeliveryFields />
          <PaymentFields />
          <CouponField {...couponState} />
          <PlaceOrderButton busy={order.busy} waiting={order.waiting} agreedTotal={agreedNow?.totalPrice} />
        </form>
      </FormProvider>
    </div>
  );
}
