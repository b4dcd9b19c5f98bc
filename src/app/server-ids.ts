import { options, type VNode } from 'preact';

/** The attributes that hold or name an element's id; `useId` makes them differ between React's server and Preact. */
const ID_ATTRIBUTES = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-controls', 'aria-controls'],
] as const;

/**
 * An element's vnode: Preact keeps its DOM node under this mangled name, which may change in any release (preact is
 * pinned to one exact version for it).
 */
type ElementVNode = VNode<Record<string, unknown>> & { __e?: Node | null };

/**
 * Brings the ids in the server's markup in step with the app's. The server renders with React and the browser hydrates
 * with Preact, whose `useId` values differ; hydration keeps the server's attributes as they are, so an element drawn
 * later (a tab panel naming the tab chosen after hydration) would point at an id no element has. Every element Preact
 * diffs gets the app's values for these attributes, which after hydration it already has.
 */
export function keepIdsInStepWithTheApp(): void {
  const diffed = options.diffed;
  options.diffed = (vnode) => {
    const dom = (vnode as ElementVNode).__e;
    if (typeof vnode.type === 'string' && dom instanceof Element) {
      const props = (vnode as ElementVNode).props;
      for (const [prop, attribute] of ID_ATTRIBUTES) {
        const value = props[prop];
        if (typeof value === 'string' && dom.getAttribute(attribute) !== value) dom.setAttribute(attribute, value);
      }
    }
    diffed?.(vnode);
  };
}
