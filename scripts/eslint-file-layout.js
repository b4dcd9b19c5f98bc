import { relative, sep } from 'node:path';

/** The folders whose file names the house rules cover. */
const CHECKED = ['src', 'contract', 'sw', 'e2e', 'bench', 'scripts'];
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * TanStack Router's file-name conventions, one dot-separated part at a time: `__root`, pathless layouts (`_main`),
 * un-nested segments (`user_`), parameters named as the code reads them (`$tranId`), the rest of a path (`$`, a splat)
 * and kebab-case paths.
 */
const ROUTE_PART = /^(?:__root|_?[a-z0-9]+(?:-[a-z0-9]+)*_?|\$(?:[a-zA-Z][a-zA-Z0-9]*)?)$/;
/** What a feature may hold: its queries and mutations, and three folders. */
const FEATURE_PARTS = ['pages', 'components', 'lib'];

const pathOf = (context) => relative(context.cwd, context.filename).split(sep);

/** `wishlist-page.offline.test.tsx` → ['wishlist-page', 'offline', 'test']: every part before the extension. */
const nameParts = (file) => file.split('.').slice(0, -1);

/** Every folder and file name kebab-case; route files may use TanStack Router's conventions instead. */
const fileNames = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File and folder names are kebab-case (route files follow TanStack Router conventions).' },
    messages: { notKebab: "'{{name}}' in {{path}} is not kebab-case: name files and folders like 'product-card.tsx'." },
    schema: [],
  },
  create(context) {
    const parts = pathOf(context);
    if (!CHECKED.includes(parts[0])) return {};
    const inRoutes = parts[0] === 'src' && parts[1] === 'routes';
    const folders = parts.slice(0, -1);
    const file = parts[parts.length - 1];
    const names = [...folders.map((folder) => [folder]), nameParts(file)];
    const bad = names.flat().find((name) => !(inRoutes ? ROUTE_PART : KEBAB).test(name));
    return {
      Program(node) {
        if (bad !== undefined) context.report({ node, messageId: 'notKebab', data: { name: bad, path: parts.join('/') } });
      },
    };
  },
};

/** A feature is `src/features/<name>/` with only `api.ts`, `pages/`, `components/` and `lib/`. */
const featureShape = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Features hold only api.ts, pages/, components/ and lib/.' },
    messages: { outside: "{{path}} is outside a feature's shape: put it in api.ts, pages/, components/ or lib/ (test helpers go in src/test/)." },
    schema: [],
  },
  create(context) {
    const parts = pathOf(context);
    if (parts[0] !== 'src' || parts[1] !== 'features' || parts.length < 4) return {};
    const [, , , first] = parts;
    const allowed = parts.length === 4 ? /^api(?:\.test)?\.tsx?$/.test(first) : FEATURE_PARTS.includes(first);
    return {
      Program(node) {
        if (!allowed) context.report({ node, messageId: 'outside', data: { path: parts.join('/') } });
      },
    };
  },
};

export const fileLayout = { rules: { 'file-names': fileNames, 'feature-shape': featureShape } };
