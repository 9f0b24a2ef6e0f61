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

/**
 * A panel whose code is fetched on intent (hover, focus or press), never in the first load; when
 * the code cannot be fetched, `unavailable` shows in its place and the rest of the page works
 * (the failure is logged under the button's label).
 */
function lazyPanel(load: () => Promise<ComponentType<PanelProps>>, copy: OfferCopy) {
  const loadCode = loadOnce(load);
  function Unavailable() {
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        {copy.unavailable}
      </p>
    );
  }
  const Panel = lazyOr(loadCode, Unavailable, `${copy.open}: its code could not be loaded`);
  return { Panel, prefetch: () => void loadCode().catch(() => undefined) };
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

interface IntentPanelProps extends OfferProps {
  panel: ReturnType<typeof lazyPanel>;
  copy: OfferCopy;
  /** The early capture's key for the button (a press before take-over opens it once). */
  earlyKey: string;
}

/**
 * A button that opens a panel in its place (Call my phone's form, the chat); closing the panel
 * puts the keyboard back on the button.
 */
function IntentPanel({
  panel: { Panel, prefetch },
  copy,
  open,
  onOpenChange,
  earlyKey,
}: IntentPanelProps) {
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

/**
 * An offer in the hero (Call my phone, Type instead): an IntentPanel with its words, whose panel
 * is fetched on intent; it draws nothing unless `offered()` says the site is set up for it.
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
  const panel = lazyPanel(load, copy);
  return function Offer(props: OfferProps) {
    if (!offered()) return null;
    return <IntentPanel {...props} panel={panel} copy={copy} earlyKey={earlyKey} />;
  };
}
