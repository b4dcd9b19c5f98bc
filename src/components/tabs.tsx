import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';

export type TabItem = {
  /** Stable key of the tab, unique within the set. */
  id: string;
  label: ReactNode;
  panel: ReactNode;
};

type TabsProps = {
  /** Names the tab list for screen readers. */
  label: string;
  items: TabItem[];
  /** The tab shown first; the first item when absent. */
  defaultTab?: string;
  className?: string;
};

/**
 * WAI-ARIA tabs: one tab stop for the list (roving tabindex), Left/Right/Home/End move and select. Every panel stays
 * mounted (hidden when not selected), so a half-written form in one tab survives a look at another.
 */
export function Tabs({ label, items, defaultTab, className }: TabsProps) {
  const baseId = useId();
  const [selected, setSelected] = useState(defaultTab ?? items[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const current = items.some((item) => item.id === selected) ? selected : items[0]?.id;

  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    setSelected(item.id);
    tabRefs.current.get(item.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = items.findIndex((item) => item.id === current);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="flex overflow-x-auto border-b border-gray-200">
        {items.map((item) => {
          const isSelected = item.id === current;
          return (
            <button
              key={item.id}
              ref={(node) => {
                if (node) tabRefs.current.set(item.id, node);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-controls={`${baseId}-panel-${item.id}`}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(item.id)}
              onKeyDown={onKeyDown}
              className={cn(
                '-mb-px min-h-11 shrink-0 border-b-2 px-4 text-sm font-semibold whitespace-nowrap sm:text-base',
                isSelected ? 'border-brand-700 text-brand-800' : 'border-transparent text-gray-700 hover:text-gray-900',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={item.id !== current}
          tabIndex={0}
          className="py-4 focus-visible:outline-offset-0"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
