import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from './cn';

export type Tab<Id extends string> = {
  /** Stable key of the tab, unique within the set. */
  id: Id;
  label: ReactNode;
  /** The tab's own panel; leave it out when the set has one shared panel. */
  panel?: ReactNode;
};

type TabsProps<Id extends string> = {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly Tab<Id>[];
  /** The selected tab when the caller keeps it (with `onSelect`); otherwise the set keeps its own choice. */
  selected?: Id;
  /** The tab shown first when the set keeps its own choice; the first tab when absent. */
  defaultSelected?: Id;
  onSelect?: (id: Id) => void;
  /**
   * One panel for every tab, e.g. a list the tab filters, labelled by the selected tab. Without it each tab shows its
   * own `panel`, and every panel stays mounted (hidden when not selected), so a half-written form in one tab survives
   * a look at another.
   */
  sharedPanel?: ReactNode;
  /** 'underline': a row of tabs over a rule; 'segmented': equal buttons in a pill, for a choice of two or three. */
  look?: 'underline' | 'segmented';
  className?: string;
  panelClassName?: string;
  /** The shared panel's element. */
  panelRef?: Ref<HTMLDivElement>;
};

const LOOKS = {
  // Tabs that do not fit go on a second row: in a row that scrolls sideways the last labels were cut off at the edge.
  underline: {
    list: 'flex flex-wrap border-b border-gray-200',
    tab: '-mb-px min-h-11 min-w-11 border-b-2 px-2.5 text-sm font-semibold whitespace-nowrap sm:px-4 sm:text-base',
    selected: 'border-brand-700 text-brand-800',
    idle: 'border-transparent text-gray-700 hover:text-gray-900',
  },
  segmented: {
    list: 'grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-gray-100 p-1',
    tab: 'min-h-11 rounded-md px-2 text-sm font-semibold',
    selected: 'bg-white text-brand-700 shadow-sm',
    idle: 'text-gray-700 hover:text-gray-900',
  },
} as const;

/** Keys that move the selection, as a step from the current tab or an absolute position. */
const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index) => index + 1,
  ArrowLeft: (index) => index - 1,
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * WAI-ARIA tabs: the list is one tab stop (roving tabindex); Left and Right (wrapping around), Home and End move
 * the focus and select, so the panel follows the focus.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  defaultSelected,
  onSelect,
  sharedPanel,
  look = 'underline',
  className,
  panelClassName,
  panelRef,
}: TabsProps<Id>) {
  const baseId = useId();
  const [ownChoice, setOwnChoice] = useState(defaultSelected);
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const wanted = selected ?? ownChoice;
  const current = tabs.find((tab) => tab.id === wanted)?.id ?? tabs[0]?.id;
  const styles = LOOKS[look];
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id?: Id) => (id === undefined ? `${baseId}-panel` : `${baseId}-panel-${id}`);
  const panelClass = cn('focus-visible:outline-offset-0', panelClassName);

  const choose = (id: Id) => {
    setOwnChoice(id);
    onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.id === current);
    const next = tabs[(move(index, tabs.length - 1) + tabs.length) % tabs.length];
    if (!next) return;
    choose(next.id);
    buttons.current.get(next.id)?.focus();
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={styles.list}>
        {tabs.map((tab) => {
          const isSelected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) buttons.current.set(tab.id, node);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-controls={sharedPanel === undefined ? panelId(tab.id) : panelId()}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => choose(tab.id)}
              onKeyDown={onKeyDown}
              className={cn(styles.tab, isSelected ? styles.selected : styles.idle)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {sharedPanel === undefined ? (
        tabs.map((tab) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={panelId(tab.id)}
            aria-labelledby={tabId(tab.id)}
            hidden={tab.id !== current}
            tabIndex={0}
            className={panelClass}
          >
            {tab.panel}
          </div>
        ))
      ) : (
        <div
          ref={panelRef}
          role="tabpanel"
          id={panelId()}
          aria-labelledby={current === undefined ? undefined : tabId(current)}
          tabIndex={0}
          className={panelClass}
        >
          {sharedPanel}
        </div>
      )}
    </div>
  );
}
