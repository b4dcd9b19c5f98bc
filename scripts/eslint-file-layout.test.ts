import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The house rules `npm run lint` reports for a file at `path` (which need not exist). */
async function houseRules(path: string, code = 'export const value = 1;\n'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('file layout rules of npm run lint', () => {
  it.each([
    'src/features/cart/pages/CartPage.tsx',
    'src/components/textField.tsx',
    'src/features/product/components/Gallery.test.tsx',
    'contract/deliveryFee.ts',
    'sw/Shell.ts',
    'e2e/myOrders.spec.ts',
    'bench/support/slowNetwork.ts',
    'scripts/buildId.ts',
    'src/lib/Helpers/cart.ts',
  ])('fails on a name that is not kebab-case: %s', async (path) => {
    expect(await houseRules(path)).toEqual([expect.stringMatching(/^haat\/file-names: '[^']+' in .+ is not kebab-case/)]);
  });

  it.each([
    'src/features/cart/pages/cart-page.tsx',
    'src/features/wishlist/pages/wishlist-page.offline.test.tsx',
    'src/env.d.ts',
    'contract/catalogue-constants.ts',
    'src/routes/__root.tsx',
    'src/routes/_main.tsx',
    'src/routes/_main/payment.success.$tranId.tsx',
    'src/routes/user_.verify.$token.tsx',
    'src/routes/admin/products.$.tsx',
    'server/modules/orders/anyName.ts',
  ])('accepts %s', async (path) => {
    expect(await houseRules(path)).toEqual([]);
  });

  it('keeps route files to TanStack Router conventions', async () => {
    expect(await houseRules('src/routes/_main/myOrders.tsx')).toEqual([expect.stringContaining("haat/file-names: 'myOrders'")]);
  });

  it.each(['src/features/cart/index.ts', 'src/features/cart/test/render.tsx', 'src/features/catalogue/detail/api.ts', 'src/features/checkout/place-order.ts'])(
    'fails on a feature file outside api.ts, pages/, components/ and lib/: %s',
    async (path) => {
      expect(await houseRules(path)).toEqual([expect.stringMatching(/^haat\/feature-shape: /)]);
    },
  );

  it('accepts the parts of a feature', async () => {
    for (const path of [
      'src/features/cart/api.ts',
      'src/features/cart/api.test.ts',
      'src/features/cart/lib/x.ts',
      'src/features/cart/components/listing/y.tsx',
    ]) {
      expect(await houseRules(path)).toEqual([]);
    }
  });

  it("refuses a route's import of a feature as a whole", async () => {
    const messages = await houseRules('src/routes/_main/cart.tsx', "import { CartPage } from '@/features/cart';\nexport const page = CartPage;\n");
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-imports: .*Features have no index\.ts/)]);
  });
});
