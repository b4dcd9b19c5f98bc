import { zodResolver } from '@hookform/resolvers/zod';
import { onlineManager, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Info } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { deliveryFee } from '@contract/delivery';
import { linesTotal } from '@contract/money';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { TextArea, TextField } from '@/components/text-field';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { deliveryFeesQuery, type PlaceOrderVariables } from '../api';
import { outcomeUnknown } from '../lib/errors';
import { checkoutFormSchema, emptyCheckoutForm, locationToast, type CheckoutFormInput, type CheckoutFormValues } from '../lib/form';
import { followOrder, type OrderFollower } from '../lib/order-followers';
import { buildOrderPayload, newIdempotencyKey, type CheckoutLine } from '../lib/payload';
import { orderTotal } from '../lib/totals';
import { placeOrderMutation } from '../lib/place-order';
import { OrderSummary, type FeeState } from '../components/order-summary';
import { SelectField } from '../components/select-field';
import { useLocations } from '../lib/use-locations';

/** /checkout: the lines handed over in navigation state (cart, Buy Now, Buy Again), or nothing to check out. */
export function CheckoutPage({ items, subtotal }: { items?: readonly CheckoutLine[]; subtotal?: number }) {
  return (
    <Page title="Checkout">
      {items && items.length > 0 ? (
        <CheckoutForm items={items} subtotal={subtotal ?? linesTotal(items)} />
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
  const queryClient = useQueryClient();
  const fees = useQuery(deliveryFeesQuery);
  const locations = useLocations();
  const placeOrder = useMutation(placeOrderMutation);
  // One key per checkout attempt: a retry after a lost answer must find the first order, not make a second.
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const pendingOrders = usePendingOrders();
  const orderWaiting = pendingOrders.some((order) => order.paused);
  const follow = useFollowOrders(
    useMemo<OrderFollower>(
      () => ({
        goToOrders: () => void navigate({ to: '/user/my-orders' }),
        goToPayment: (url) => {
          setRedirecting(true);
          window.location.assign(url);
        },
        // A refused order created nothing, so the next attempt is a new one.
        refused: (error) => {
          if (!outcomeUnknown(error)) setAttemptKey(null);
        },
      }),
      [navigate],
    ),
    pendingOrders,
  );
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
    // One order at a time: one already on its way (queued, or sent a moment ago by a double click) is the order.
    if (queryClient.isMutating({ mutationKey: placeOrderMutation.mutationKey }) > 0) return;
    const orderFee = deliveryFee(values.division, fees.data);
    const idempotencyKey = attemptKey ?? newIdempotencyKey();
    setAttemptKey(idempotencyKey);
    const queuedOffline = !onlineManager.isOnline();
    if (queuedOffline) notify.message('You are offline — your order will be placed when you are back online');
    follow(idempotencyKey);
    placeOrder.mutate({
      payload: buildOrderPayload({ user, items, form: values, deliveryFee: orderFee, totalPrice: orderTotal(subtotal, orderFee) }),
      idempotencyKey,
      queuedOffline,
    });
  };

  const onInvalid = (invalid: FieldErrors<CheckoutFormInput>) => {
    const toast = locationToast(invalid);
    if (toast) notify.error(toast);
  };

  const busy = (pendingOrders.length > 0 && !orderWaiting) || redirecting;
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
          <TextArea
            label="Shipping Address"
            autoComplete="street-address"
            placeholder="Street, house, area..."
            error={errors.addressDetails?.message}
            {...register('addressDetails')}
          />
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

        {orderWaiting && (
          <p id="checkout-order-waiting" role="status" className="rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-800">
            Your order is waiting for a connection and will be placed when you are back online.
          </p>
        )}
        <button
          type="submit"
          disabled={busy || orderWaiting}
          aria-busy={busy || undefined}
          aria-describedby={orderWaiting ? 'checkout-order-waiting' : undefined}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 text-base font-semibold text-white transition-colors hover:bg-brand-800 disabled:cursor-progress disabled:opacity-80"
        >
          {orderWaiting ? (
            'Waiting for connection...'
          ) : busy ? (
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

type PendingOrder = { idempotencyKey: string; paused: boolean };

/** Orders on their way, placed here or queued before a reload; `paused` while one waits for the connection. */
function usePendingOrders(): PendingOrder[] {
  return useMutationState({
    filters: { mutationKey: placeOrderMutation.mutationKey, status: 'pending' },
    select: (mutation) => ({ idempotencyKey: (mutation.state.variables as PlaceOrderVariables).idempotencyKey, paused: mutation.state.isPaused }),
  });
}

/**
 * While the page is open it follows its own orders and those queued before a reload, so their outcome takes the
 * shopper on from here. Returns how to follow an order the moment it is sent (before its state reaches the page).
 */
function useFollowOrders(follower: OrderFollower, pendingOrders: readonly PendingOrder[]): (idempotencyKey: string) => void {
  const unfollows = useRef(new Map<string, () => void>());
  const follow = useMemo(
    () => (idempotencyKey: string) => {
      unfollows.current.get(idempotencyKey)?.();
      unfollows.current.set(idempotencyKey, followOrder(idempotencyKey, follower));
    },
    [follower],
  );
  useEffect(() => {
    pendingOrders.forEach((order) => follow(order.idempotencyKey));
  }, [follow, pendingOrders]);
  useEffect(() => {
    const current = unfollows.current;
    return () => {
      current.forEach((unfollow) => unfollow());
      current.clear();
    };
  }, []);
  return follow;
}
