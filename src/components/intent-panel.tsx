import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useEarlyPress } from '@/lib/early-press';
import { lazyOr, loadOnce } from '@/lib/load-once';

/** What an opened panel gets: the way to close itself. */
export interface PanelProps {
  onClose: () => void;
}

/**
 * An opened panel's top row: its heading (`id` names the panel) and, beside it, the control that
 * closes it (`children`).
 */
export function PanelHeader({
  id,
  heading,
  align,
  children,
}: {
  id: string;
  heading: string;
  align: 'start' | 'center';
  children: ReactNode;
}) {
  return (
    <div
      className={`flex ${align === 'start' ? 'items-start' : 'items-center'} justify-between gap-3`}
    >
      <h2 id={id} className="text-lg font-bold text-ink">
        {heading}
      </h2>
      {children}
    </div>
  );
}

export interface OfferProps {
  /** Open or not: the page holds it, so another control (the voice demo's) can open the panel. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The words of an offer's button (src/content/*-offer.ts). */
export interface OfferCopy {
  open: string;
  /** Said to a screen reader after the label. */
  openHint: string;
  /** Shown where the button was while the panel's code arrives (a slow connection). */
  opening: string;
  /** When the panel's code cannot be fetched. */
  unavailable: string;
}

/**
 * An offer in the hero (Call my phone, Type instead): a button that opens a panel in its place,
 * and closing the panel puts the keyboard back on the button. The panel's code is fetched on
 * intent (hover, focus or press), never in the first load; when it cannot be fetched,
 * `unavailable` shows in its place and the rest of the page works (the failure is logged under
 * the button's label). `earlyKey` is the early capture's key for the button (a press before
 * take-over opens it once). The offer draws nothing unless `offered()` says the site is set up
 * for it.
 */
export function intentOffer({
  load,
  copy,
  earlyKey,
  offered,
}: {
  load: () => Promise<ComponentType<PanelProps>>;
  copy: OfferCopy;
  earlyKey: string;
  offered: () => boolean;
}) {
  const loadCode = loadOnce(load);
  const prefetch = () => void loadCode().catch(() => undefined);
  function Unavailable() {
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        {copy.unavailable}
      </p>
    );
  }
  const Panel = lazyOr(loadCode, Unavailable, `${copy.open}: its code could not be loaded`);

  function IntentPanel({ open, onOpenChange }: OfferProps) {
    const button = useRef<HTMLButtonElement>(null);
    const closedByVisitor = useRef(false);
    const pressProps = useEarlyPress(earlyKey, () => onOpenChange(true));

    useEffect(() => {
      if (!open && closedByVisitor.current) button.current?.focus();
    }, [open]);

    if (!open) {
      return (
        <Button
          {...pressProps}
          ref={button}
          variant="secondary"
          aria-expanded={false}
          onClick={() => onOpenChange(true)}
          onPointerEnter={prefetch}
          onFocus={prefetch}
        >
          {copy.open}
          <span className="sr-only"> ({copy.openHint})</span>
        </Button>
      );
    }
    return (
      <Suspense
        fallback={
          <p role="status" className="text-sm text-slate-700">
            {copy.opening}
          </p>
        }
      >
        <Panel
          onClose={() => {
            closedByVisitor.current = true;
            onOpenChange(false);
          }}
        />
      </Suspense>
    );
  }

  return function Offer(props: OfferProps) {
    return offered() ? <IntentPanel {...props} /> : null;
  };
}
