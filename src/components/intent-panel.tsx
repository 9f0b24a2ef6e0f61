import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useEarlyPress } from '@/lib/early-press';
import { lazyOr, loadOnce } from '@/lib/load-once';

export interface PanelProps {
  onClose: () => void;
}

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
  /** The page holds it, so another control (the voice demo's) can open the panel. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface OfferCopy {
  open: string;
  openHint: string;
  /** Shown while the panel's code arrives on a slow connection. */
  opening: string;
  unavailable: string;
}

/**
 * The panel's code is fetched on intent, never in the first load; closing it puts the keyboard
 * back on the button. A failed fetch shows `unavailable` and the rest of the page works.
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
  const Unavailable = () => (
    <p role="alert" className="text-sm font-medium text-danger">
      {copy.unavailable}
    </p>
  );
  const Panel = lazyOr(loadCode, Unavailable, `${copy.open}: its code could not be loaded`);

  return function Offer({ open, onOpenChange }: OfferProps) {
    const button = useRef<HTMLButtonElement>(null);
    const closedByVisitor = useRef(false);
    const pressProps = useEarlyPress(earlyKey, () => onOpenChange(true));

    useEffect(() => {
      if (!open && closedByVisitor.current) button.current?.focus();
    }, [open]);

    if (!offered()) return null;
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
  };
}
