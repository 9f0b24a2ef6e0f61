import { useCallback, useState } from 'react';
import { cn } from '@/lib/cn';

export interface ToastMessage {
  /** New for every toast, so a repeated message is announced again. */
  id: number;
  title: string;
  description: string;
  variant: 'success' | 'destructive';
}

interface ToasterProps {
  toast: ToastMessage | null;
  onDismiss: () => void;
  dismissLabel: string;
  className?: string;
}

/** Both live regions are always in the page, so screen readers hear a toast when it appears. */
export function Toaster({ toast, onDismiss, dismissLabel, className }: ToasterProps) {
  const card = (variant: ToastMessage['variant']) =>
    toast && toast.variant === variant ? (
      <div
        key={toast.id}
        className={cn(
          'pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg',
          variant === 'success'
            ? 'border-green-700 bg-green-50 text-green-950'
            : 'border-danger bg-red-50 text-red-950',
        )}
      >
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          <p className="mt-1 text-sm">{toast.description}</p>
        </div>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel}
          className="-m-1 flex size-11 shrink-0 items-center justify-center rounded-md text-xl leading-none hover:bg-black/5"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    ) : null;

  return (
    <div className={cn('pointer-events-none', className)}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {card('success')}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {card('destructive')}
      </div>
    </div>
  );
}

export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback(
    (message: Omit<ToastMessage, 'id'>) =>
      setToast((current) => ({ ...message, id: (current?.id ?? 0) + 1 })),
    [],
  );
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, show, dismiss };
}
