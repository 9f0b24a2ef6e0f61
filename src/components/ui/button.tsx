import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70';

const VARIANTS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-ink hover:bg-slate-50',
  inverse: 'bg-white text-brand-900 hover:bg-brand-50',
  danger: 'bg-danger text-white hover:bg-red-800',
} as const;

const SIZES = {
  md: 'px-6 py-3 text-base',
  sm: 'min-h-11 px-3 py-2 text-sm whitespace-nowrap sm:px-4',
  lg: 'min-h-14 px-8 py-3 text-lg',
} as const;

export interface ButtonStyle {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  className?: string;
}

/** For links that look like a button. */
export function buttonVariants({
  variant = 'primary',
  size = 'md',
  className,
}: ButtonStyle = {}): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}

export type ButtonProps = ComponentProps<'button'> & Omit<ButtonStyle, 'className'>;

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
