import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@contract/auth';
import type * as LoginPageModule from '@/features/auth/pages/login-page';
import type * as ResetPasswordPageModule from '@/features/auth/pages/reset-password-page';
import type * as VerifyAccountPageModule from '@/features/auth/pages/verify-account-page';
import { setLocale } from '@/i18n/messages';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { ok, stubApi } from '@/test/api';
import { makeProduct, signInAs } from '@/test/fixtures';
import { renderApp } from '@/test/render';

// The routes hand the sign-in page where to go next and the verify page its token: the real pages, with what they were handed beside them.
vi.mock('@/features/auth/pages/login-page', async (importOriginal) => {
  const page = await importOriginal<typeof LoginPageModule>();
  return {
    LoginPage: ({ redirectTo }: { redirectTo?: string }) => (
      <>
        <page.LoginPage redirectTo={redirectTo} />
        <p>Login page, then {redirectTo ?? 'home'}</p>
      </>
    ),
  };
});
vi.mock('@/features/auth/pages/verify-account-page', async (importOriginal) => {
  const page = await importOriginal<typeof VerifyAccountPageModule>();
  return {
    VerifyAccountPage: ({ token }: { token: string }) => (
      <>
        <page.VerifyAccountPage token={token} />
        <p>Verify account page for {token}</p>
      </>
    ),
  };
});

// A page that fails to render, for the error screen: the reset-password page while `failing.resetPassword` is set.
const failing = vi.hoisted(() => ({ resetPassword: false }));
vi.mock('@/features/auth/pages/reset-password-page', async (importOriginal) => {
  const page = await importOriginal<typeof ResetPasswordPageModule>();
  return {
    ResetPasswordPage: () => {
      if (failing.resetPassword) throw new Error('render failure');
      return <page.ResetPasswordPage />;
    },
  };
});

// A back-office screen that fails to render, for its error screen.
vi.mock('@/features/back-office/pages/refunds-page', () => ({
  RefundsPage: () => {
    throw new Error('render failure');
  },
}));

const heading = () => screen.findByRole('heading', { level: 1 });

// The dashboard's chart is drawn on a canvas, which jsdom does not have; its own tests stand in for it the same way.
vi.mock('@/features/back-office/lib/revenue-plot', () => ({ plotRevenue: () => ({ resize: () => {}, destroy: () => {} }) }));

const NO_SALES = { orders: 0, revenue: 0, placed: 0 };
const EMPTY_DASHBOARD = {
  today: NO_SALES,
  last7Days: NO_SALES,
  last30Days: NO_SALES,
  ordersByStatus: { pending: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0 },
  refundsWaiting: 0,
  lowStock: [],
  topProducts: [],
  revenueByDay: [],
};

beforeEach(() => {
  session.logout();
  stubApi({ 'GET /api/logo': ok(null) });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('screens inside the main layout', () => {
  it('home: in the layout, with the site title', async () => {
    renderApp('/');
    expect(await heading()).toHaveTextContent('Welcome to haat');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(document.title).toBe('haat — online shop');
  });

  it.each([
    ['/products', 'Products'],
    ['/checkout', 'Checkout'],
    ['/payment/failed/TRX-9', 'Payment Failed'],
  ])('%s shows "%s" as heading and document title', async (path, title) => {
    renderApp(path);
    expect(await heading()).toHaveTextContent(title);
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(document.title).toBe(`${title} | haat`);
  });

  it('/wishlist signed out goes to /login, remembering the wishlist', async () => {
    const { router } = renderApp('/wishlist');
    expect(await screen.findByText('Login page, then /wishlist')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('/payment/success/$tranId shows the transaction ID', async () => {
    renderApp('/payment/success/TRX-123');
    expect(await heading()).toHaveTextContent('Payment Successful');
    expect(screen.getByText('TRX-123')).toBeInTheDocument();
  });
});

describe('customer area /user', () => {
  it('signed out: goes to /login with redirect=/user', async () => {
    const { router } = renderApp('/user');
    expect(await screen.findByText('Login page, then /user')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/user' });
  });

  it('signed in as a seller: goes to /unauthorized, outside the layout', async () => {
    signInAs('seller');
    const { router } = renderApp('/user/my-orders');
    expect(await heading()).toHaveTextContent('Unauthorized Access');
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it.each([
    ['/user', 'Dashboard'],
    ['/user/my-orders', 'My Orders'],
    ['/user/refund-request', 'Refund Request'],
    ['/user/profile', 'Settings'],
  ])('signed in as a customer: %s shows "%s"', async (path, title) => {
    signInAs('user');
    const { router } = renderApp(path);
    expect(await heading()).toHaveTextContent(title);
    expect(router.state.location.pathname).toBe(path);
  });
});

describe('back office /admin and /seller', () => {
  it.each(['/admin', '/admin/categories', '/seller'])('signed out: %s goes to /login, remembering it', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByText(`Login page, then ${path}`)).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: path });
  });

  it.each([
    ['user', '/admin/banners'],
    ['seller', '/admin'],
    ['user', '/seller'],
    ['admin', '/seller'],
  ] as const)('signed in as a %s: %s goes to /unauthorized', async (role, path) => {
    signInAs(role);
    const { router } = renderApp(path);
    expect(await heading()).toHaveTextContent('Unauthorized Access');
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it("an admin's /admin shows the dashboard, outside the storefront, with the back office's menu and a way back to the shop", async () => {
    signInAs('admin');
    stubApi({ 'GET /api/admin/dashboard': ok(EMPTY_DASHBOARD) });
    const { router } = renderApp('/admin');
    expect(await heading()).toHaveTextContent('Dashboard');
    expect(router.state.location.pathname).toBe('/admin');

    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'haat admin' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Orders', '/admin/orders'],
      ['Refunds', '/admin/refunds'],
      ['Returns', '/admin/returns'],
      ['Products', '/admin/products'],
      ['Categories', '/admin/categories'],
      ['Banners & logo', '/admin/banners'],
      ['Delivery fees', '/admin/delivery-fees'],
      ['Search words', '/admin/search-words'],
      ['Coupons', '/admin/coupons'],
      ['Users', '/admin/users'],
      ['Speed', '/admin/speed'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  it("an admin's screen is picked by the rest of the path, and marked in the menu; an unknown one is not found", async () => {
    signInAs('admin');
    stubApi({ 'GET /api/logo': ok(null), 'GET /api/categories': ok([]) });
    const { router } = renderApp('/admin/categories');
    expect(await heading()).toHaveTextContent('Categories');
    const menu = screen.getByRole('navigation', { name: 'haat admin' });
    expect(within(menu).getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');

    await router.navigate({ href: '/admin/no-such-screen' });
    expect(await heading()).toHaveTextContent('Oops! Page Not Found');
    expect(screen.getByRole('navigation', { name: 'haat admin' })).toBeInTheDocument();
  });

  it("the back office's menu opens a screen in place, through the router", async () => {
    signInAs('admin');
    stubApi({ 'GET /api/admin/dashboard': ok(EMPTY_DASHBOARD), 'GET /api/categories': ok([]) });
    const { router } = renderApp('/admin');
    expect(await heading()).toHaveTextContent('Dashboard');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'haat admin' })).getByRole('link', { name: 'Categories' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/categories');
    expect(router.history.length).toBe(2);
  });

  it("a screen that fails shows the error screen in the back office's frame, leading home to the area's first screen", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signInAs('admin');
    renderApp('/admin/refunds');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'haat admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/admin');
  });

  it("a seller's /seller shows their products, in the seller's back office", async () => {
    signInAs('seller');
    stubApi({ 'GET /api/products/manage': ok({ count: 0, total: 0, page: 1, pages: 1, data: [] }) });
    renderApp('/seller');
    expect(await heading()).toHaveTextContent('Products');
    const menu = screen.getByRole('navigation', { name: 'haat seller' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/seller/products', '/seller/orders']);
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toBeInTheDocument();
  });
});

describe('sign-in and registration routes', () => {
  it('/wishlist signed out in Bangla says in Bangla why it went to sign in', async () => {
    const error = vi.spyOn(notify, 'error');
    await act(() => setLocale('bn'));
    try {
      renderApp('/wishlist');
      await heading();
      expect(error).toHaveBeenCalledWith('পছন্দের তালিকা দেখতে সাইন ইন করুন');
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('/login hands a same-site redirect to the login page', async () => {
    renderApp('/login?redirect=%2Fuser%2Fmy-orders');
    expect(await screen.findByText('Login page, then /user/my-orders')).toBeInTheDocument();
    expect(document.title).toBe('Sign in | haat');
  });

  it.each([['https%3A%2F%2Fevil.example'], ['%2F%2Fevil.example'], ['123']])('/login drops the redirect %s', async (redirect) => {
    const { router } = renderApp(`/login?redirect=${redirect}`);
    expect(await screen.findByText('Login page, then home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/login', '/register'])('%s sends a signed-in user home', async (path) => {
    signInAs('user');
    const { router } = renderApp(path);
    expect(await heading()).toHaveTextContent('Welcome to haat');
    expect(router.state.location.pathname).toBe('/');
  });

  it('/register opens for a guest, inside the layout', async () => {
    renderApp('/register');
    expect(await heading()).toHaveTextContent('Create your account');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it.each(['/user/verify/tok-1', '/verify/tok-2'])('%s hands the verify page its token', async (path) => {
    renderApp(path);
    expect(await screen.findByText(`Verify account page for ${path.split('/').at(-1)}`)).toBeInTheDocument();
  });

  it.each([
    ['/user/verify/tok-1', 'Verify account'],
    ['/verify/tok-2', 'Verify account'],
    ['/verify/pending', 'Almost Done!'],
    ['/otp-verification-register', 'Verify your phone'],
    ['/otp-verification', 'Enter OTP'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'Reset password'],
  ])('%s opens signed out, outside the main layout', async (path, title) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(document.title).toBe(`${title} | haat`));
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('404 page', () => {
  it('shows for an unknown path, with Go Back and Go to Homepage', async () => {
    renderApp('/no-such-page');
    expect(await heading()).toHaveTextContent('Oops! Page Not Found');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page Not Found | haat');
  });

  it('shows for an unknown path under a real route', async () => {
    signInAs('user');
    renderApp('/user/no-such-tab');
    expect(await heading()).toHaveTextContent('Oops! Page Not Found');
  });

  it('is not what a route that fails to render shows: that is the error screen, with a landmark of its own', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    failing.resetPassword = true;
    try {
      renderApp('/reset-password');
      expect(await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByRole('main')).toContainElement(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.queryByText('Oops! Page Not Found')).not.toBeInTheDocument();
    } finally {
      failing.resetPassword = false;
    }
  });

  it('Go Back returns to the previous page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    await heading();
    act(() => router.history.push('/no-such-page'));
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
  });

  it('Go Back leads home when there is no previous page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/no-such-page');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to haat' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('Go to Homepage leads home', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/no-such-page');
    await user.click(await screen.findByRole('link', { name: 'Go to Homepage' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to haat' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('page titles', () => {
  const product = makeProduct();
  // Every route's page, and the back office's first screens, with the document title it sets in each language
  // (a page's own title is "{title} | haat", "{title} | হাট" in Bangla); signed in first where the page needs a role.
  const titles: [path: string, en: string, bn: string, role?: Role][] = [
    ['/', 'haat — online shop', 'হাট — অনলাইন শপ'],
    ['/products', 'Products | haat', 'পণ্য | হাট'],
    [`/products/${product._id}`, `${product.productName} | haat`, `${product.productName} | হাট`],
    ['/products/nope', 'Product not found | haat', 'পণ্যটি পাওয়া যায়নি | হাট'],
    ['/cart', 'Shopping Cart | haat', 'শপিং কার্ট | হাট'],
    ['/checkout', 'Checkout | haat', 'চেকআউট | হাট'],
    ['/wishlist', 'My Wishlist | haat', 'আমার পছন্দের তালিকা | হাট', 'user'],
    ['/payment/success/TRX-1', 'Payment Successful | haat', 'পেমেন্ট সফল হয়েছে | হাট'],
    ['/payment/failed/TRX-1', 'Payment Failed | haat', 'পেমেন্ট হয়নি | হাট'],
    ['/user', 'Dashboard | haat', 'ড্যাশবোর্ড | হাট', 'user'],
    ['/user/my-orders', 'My Orders | haat', 'আমার অর্ডার | হাট', 'user'],
    ['/user/addresses', 'Addresses | haat', 'ঠিকানা | হাট', 'user'],
    ['/user/refund-request', 'Refund Request | haat', 'রিফান্ডের অনুরোধ | হাট', 'user'],
    ['/user/profile', 'Settings | haat', 'সেটিংস | হাট', 'user'],
    ['/confirm-email/tok-3', 'Confirm your email | haat', 'আপনার ইমেইল নিশ্চিত করুন | হাট', 'user'],
    ['/login', 'Sign in | haat', 'সাইন ইন | হাট'],
    ['/register', 'Create account | haat', 'অ্যাকাউন্ট খুলুন | হাট'],
    ['/forgot-password', 'Forgot password | haat', 'পাসওয়ার্ড ভুলে গেছেন | হাট'],
    ['/reset-password', 'Reset password | haat', 'পাসওয়ার্ড রিসেট | হাট'],
    ['/otp-verification', 'Enter OTP | haat', 'ওটিপি দিন | হাট'],
    ['/otp-verification-register', 'Verify your phone | haat', 'ফোন যাচাই করুন | হাট'],
    ['/verify/pending', 'Almost Done! | haat', 'প্রায় শেষ! | হাট'],
    ['/verify/abc', 'Verify account | haat', 'অ্যাকাউন্ট যাচাই | হাট'],
    ['/user/verify/abc', 'Verify account | haat', 'অ্যাকাউন্ট যাচাই | হাট'],
    ['/unauthorized', 'Unauthorized Access | haat', 'প্রবেশাধিকার নেই | হাট'],
    ['/no-such-page', 'Page Not Found | haat', 'পাতাটি পাওয়া যায়নি | হাট'],
    ['/admin', 'Dashboard | haat', 'ড্যাশবোর্ড | হাট', 'admin'],
    ['/seller', 'Products | haat', 'পণ্য | হাট', 'seller'],
  ];

  beforeEach(() => {
    stubApi({
      'GET /api/logo': ok(null),
      [`GET /api/products/${product._id}`]: ok(product),
      'GET /api/admin/dashboard': ok(EMPTY_DASHBOARD),
      'GET /api/products/manage': ok({ count: 0, total: 0, page: 1, pages: 1, data: [] }),
    });
  });

  it.each(titles)('%s is titled "%s"', async (path, title, _bangla, role) => {
    if (role) signInAs(role);
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each(titles)('%s in Bangla is titled "%s"', async (path, _english, title, role) => {
    await act(() => setLocale('bn'));
    try {
      if (role) signInAs(role);
      renderApp(path);
      await waitFor(() => expect(document.title).toBe(title));
    } finally {
      await act(() => setLocale('en'));
    }
  });
});

describe('navigation', () => {
  it('starts every new page at the top', async () => {
    const { router } = renderApp('/');
    await heading();
    vi.mocked(window.scrollTo).mockClear();

    await act(() => router.navigate({ to: '/products' }));

    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0, left: 0 }));
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toHaveTextContent('Products');
  });
});
