import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { clearCart } from '@/lib/cart';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { shippingFeesQuery, usePlaceOrder } from '../api';
import { orderFailureMessage, outcomeUnknown } from '../lib/errors';
import { checkoutFormSchema, emptyCheckoutForm, locationToast, type CheckoutFormInput, type CheckoutFormValues } from '../lib/form';
import { buildOrderPayload, newIdempotencyKey, type CheckoutLine } from '../lib/payload';
import { deliveryFee, linesSubtotal, orderTotal } from '../lib/totals';
import { OrderSummary, type FeeState } from './OrderSummary';
import { SelectField } from './SelectField';
import { useLocations } from './use-locations';

/** /checkout: the lines handed over in navigation state (cart, Buy Now, Buy Again), or nothing to check out. */
export function CheckoutPage({ items, subtotal }: { items?: readonly CheckoutLine[]; subtotal?: number }) {
  return (
    <Page title="Checkout">
      {items && items.length > 0 ? (
        <CheckoutForm items={items} subtotal={subtotal ?? linesSubtotal(items)} />
      ) : (
        <p className="mt-4 text-gray-700">No item selected for checkout.</p>
      )}
    </Page>
  );
}

const PAYMENT_OPTIONS = [
  { value: 'cash', label: 'Cash on Delivery' },
  { value: 'mobile-banking', label: 'Mobile Banking (Bkash/Nagad/Rocket)' },
] as const;

function CheckoutForm({ items, subtotal }: { items: readonly CheckoutLine[]; subtotal: number }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const fees = useQuery(shippingFeesQuery);
  const locations = useLocations();
  const placeOrder = usePlaceOrder();
  // One key per checkout attempt: a retry after a lost answer must find the first order, not make a second.
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // Back from the payment page, the browser may restore this page as it was left: busy. Let it be used again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { ...emptyCheckoutForm, phone: user?.phone ?? '', addressDetails: user?.address ?? '' },
  });
  const [paymentMethod, division, district] = useWatch({ control, name: ['paymentMethod', 'division', 'district'] });

  const fee = deliveryFee(division ?? '', fees.data);
  const total = orderTotal(subtotal, fee);
  const feeState: FeeState = fees.isPending ? { status: 'loading' } : fees.isError ? { status: 'error' } : { status: 'ready', fee };

  const onValid = (values: CheckoutFormValues) => {
    if (!user) {
      notify.error('Please login to place an order');
      return;
    }
    const orderFee = deliveryFee(values.division, fees.data);
    const idempotencyKey = attemptKey ?? newIdempotencyKey();
    setAttemptKey(idempotencyKey);
    placeOrder.mutate(
      {
        payload: buildOrderPayload({ user, items, form: values, deliveryFee: orderFee, totalPrice: orderTotal(subtotal, orderFee) }),
        idempotencyKey,
      },
      {
        onSuccess: ({ url }) => {
          if (url) {
            notify.success('Order received, redirecting to payment...');
            clearCart();
            setRedirecting(true);
            window.location.assign(url);
          } else {
            notify.success('Order placed successfully!');
            clearCart();
            void navigate({ to: '/user/my-orders' });
          }
        },
        onError: (error) => {
          // A refused order created nothing, so the next attempt is a new one.
          if (!outcomeUnknown(error)) setAttemptKey(null);
          notify.error(orderFailureMessage(error));
        },
      },
    );
  };

  const onInvalid = (invalid: FieldErrors<CheckoutFormInput>) => {
    const toast = locationToast(invalid);
    if (toast) notify.error(toast);
  };

  const busy = placeOrder.isPending || redirecting;
  const ready = locations.status === 'ready' ? locations.locations : null;
  const loadingText = 'Loading...';

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="lg:sticky lg:top-4 lg:col-start-2 lg:row-start-1">
        <OrderSummary items={items} subtotal={subtotal} fee={feeState} total={total} />
      </div>

      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-5 lg:col-start-1 lg:row-start-1" aria-label="Checkout">
        {!user && (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            You need to be signed in to place an order.{' '}
            <Link to="/login" search={{ redirect: '/cart' }} className="font-semibold text-brand-700 underline">
              Sign in
            </Link>
          </p>
        )}

        <section aria-labelledby="delivery-heading" className="space-y-4">
          <h2 id="delivery-heading" className="text-lg font-bold text-gray-900">
            Delivery
          </h2>
          <TextField label="Phone Number" type="tel" inputMode="numeric" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
          <div className="flex flex-col gap-1">
            <label htmlFor="checkout-address" className="text-sm font-medium text-gray-800">
              Shipping Address
            </label>
            <textarea
              id="checkout-address"
              rows={3}
              autoComplete="street-address"
              placeholder="Street, house, area..."
              aria-invalid={errors.addressDetails ? true : undefined}
              aria-describedby={errors.addressDetails ? 'checkout-address-error' : undefined}
              className={`min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 ${errors.addressDetails ? 'border-red-700' : 'border-gray-500'}`}
              {...register('addressDetails')}
            />
            {errors.addressDetails?.message && (
              <p id="checkout-address-error" className="text-sm text-red-700">
                {errors.addressDetails.message}
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label="Division"
              placeholder={ready ? 'Select division' : loadingText}
              options={ready?.divisions ?? []}
              disabled={!ready}
              error={errors.division?.message}
              {...register('division', {
                onChange: () => {
                  setValue('district', '');
                  setValue('city', '');
                },
              })}
            />
            <SelectField
              label="District"
              placeholder={ready ? 'Select district' : loadingText}
              options={ready && division ? ready.districtsOf(division) : []}
              disabled={!ready || !division}
              error={errors.district?.message}
              {...register('district', { onChange: () => setValue('city', '') })}
            />
            <SelectField
              label="City/Upazila"
              placeholder={ready ? 'Select city/upazila' : loadingText}
              options={ready && district ? ready.citiesOf(district) : []}
              disabled={!ready || !district}
              error={errors.city?.message}
              {...register('city')}
            />
          </div>
          {locations.status === 'error' && (
            <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
              Could not load the list of places.
              <button type="button" onClick={locations.retry} className="min-h-11 font-semibold text-brand-700 underline">
                Try again
              </button>
            </p>
          )}
        </section>

        <fieldset className="space-y-3">
          <legend className="text-lg font-bold text-gray-900">Payment Method</legend>
          <p className="flex items-start gap-2 rounded-md border border-brand-700/30 bg-brand-50 px-3 py-2 text-sm text-gray-800">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              For Mobile Banking, send the payment by bKash, Nagad or Rocket to our merchant mobile number; the payment page shows it
              after you place the order.
            </span>
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {PAYMENT_OPTIONS.map((option) => (
              <label
                key={option.value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input type="radio" value={option.value} className="size-5 accent-brand-700" {...register('paymentMethod')} />
                <span className="text-base text-gray-900">{option.label}</span>
              </label>
            ))}
          </div>
          {paymentMethod === 'mobile-banking' && (
            <TextField label="Payment Number" type="tel" inputMode="numeric" autoComplete="tel" placeholder="01XXXXXXXXX" {...register('paymentNumber')} />
          )}
        </fieldset>

        <TextField
          label="Coupon Code"
          placeholder="e.g. SAVE20"
          autoCapitalize="characters"
          autoComplete="off"
          hint="Optional. The discount is applied when the order is placed."
          {...register('coupon')}
        />

        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 text-base font-semibold text-white transition-colors hover:bg-brand-800 disabled:cursor-progress disabled:opacity-80"
        >
          {busy ? (
            <>
              <Spinner />
              Placing order...
            </>
          ) : (
            'Place Order'
          )}
        </button>
      </form>
    </div>
  );
}
