import { lazy, Suspense, type ComponentType } from 'react';
import { loadOnce } from '@/lib/load-once';
import { PartUnavailable } from './part-unavailable';

/** Islands' HTML as the page served it: their words and markup never travel as JavaScript to a first visit. */
const served = new Map<string, string>();

export function forgetServedIslands(): void {
  served.clear();
}

/** Call before hydrating. */
export function collectServedIslands(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('[data-island]').forEach((element) => {
    if (element.dataset.island) served.set(element.dataset.island, element.innerHTML);
  });
}

export interface Island {
  name: string;
  load: () => Promise<ComponentType>;
  Lazy: ComponentType;
  loaded?: ComponentType;
}

const islands: Island[] = [];

/** A failed load shows PartUnavailable (with no error boundary React would blank the page), and the next visit tries again. */
function lazyIsland(island: Island): ComponentType {
  return lazy(async () => {
    try {
      return { default: await island.load() };
    } catch (error) {
      console.error(`Part of the page ("${island.name}") could not be loaded:`, error);
      island.Lazy = lazyIsland(island);
      return { default: PartUnavailable };
    }
  });
}

export function defineIsland(name: string, importComponent: () => Promise<ComponentType>): Island {
  const loadComponent = loadOnce(importComponent);
  const island: Island = {
    name,
    load: async () => (island.loaded = await loadComponent()),
    Lazy: () => null,
  };
  island.Lazy = lazyIsland(island);
  islands.push(island);
  return island;
}

export async function loadAllIslands(): Promise<void> {
  await Promise.all(islands.map((island) => island.load()));
}

/**
 * Hydrates the served HTML untouched, so the component's code stays out of the first load; after
 * a client-side navigation it loads and renders the component. `variant` keeps a page's served
 * HTML from being reused on a page whose island differs.
 */
export function ServedHtml({ island, variant }: { island: Island; variant?: string }) {
  const name = variant ? `${island.name}:${variant}` : island.name;
  const html = served.get(name);
  if (html !== undefined) {
    return (
      <div data-island={name} className="contents" dangerouslySetInnerHTML={{ __html: html }} />
    );
  }
  // Prefetched: render at once, so nothing appears later and moves the page.
  const Loaded = island.loaded;
  if (import.meta.env.SSR && !Loaded)
    throw new Error(`Island "${island.name}" was not loaded before prerendering.`);
  return (
    <div data-island={name} className="contents">
      {Loaded ? (
        <Loaded />
      ) : (
        <Suspense fallback={null}>
          <island.Lazy />
        </Suspense>
      )}
    </div>
  );
}
