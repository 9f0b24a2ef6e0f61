import { Link, useLocation } from '@/lib/router';
import { brand } from '@/content/brand';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { useEarlyPress } from '@/lib/early-press';
import { routeForPath } from '../routes';
import { useBookCallAction } from './book-call';

const ABOUT_PATH = '/about-me';

export function TopBar() {
  const bookCall = useBookCallAction();
  const onAbout = routeForPath(useLocation().pathname) === routeForPath(ABOUT_PATH);
  const bookCallPress = useEarlyPress('book-call-top', () => void bookCall());
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only rounded-md bg-brand-600 px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {brand.nav.skipToContent}
      </a>
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4"
      >
        <Link
          to="/"
          aria-label={brand.nav.homeLabel}
          className="flex min-h-11 min-w-0 items-center gap-2 rounded-md text-[15px] font-bold tracking-tight sm:text-lg"
        >
          <span
            aria-hidden="true"
            className="inline-block size-3 shrink-0 rounded-full bg-brand-500"
          />
          {/* A name too long for a phone's bar takes two lines, then ends in an ellipsis; the link's
              label holds it all. */}
          <span className="line-clamp-2 leading-tight">{brand.name}</span>
        </Link>
        <div className="flex shrink-0 items-center gap-1 sm:gap-4">
          <Link
            to={ABOUT_PATH}
            aria-current={onAbout ? 'page' : undefined}
            className={cn(
              'flex min-h-11 items-center rounded-md px-1.5 text-sm font-medium whitespace-nowrap hover:text-brand-700 sm:px-2 sm:text-base',
              onAbout && 'text-brand-700 underline underline-offset-4',
            )}
          >
            {brand.nav.aboutMe}
          </Link>
          <Button {...bookCallPress} size="sm" onClick={() => void bookCall()}>
            {brand.nav.bookCall}
          </Button>
        </div>
      </nav>
    </header>
  );
}
