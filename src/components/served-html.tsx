import { lazy, Suspense, type ComponentType } from 'react';
import { brand } from '@/content/brand';
import { loadOnce } from '@/lib/load-once';

/*
 * Module state, and who owns it. `islands` is a registry: filled once, when the modules that
 * declare islands load (defineIsland), and read by the prerender (loadAllIslands). `served` is
 * written once per page load, by entry-client.tsx before it hydrates (collectServedIslands), and
 * only read afterwards. Nothing else writes either; tests start from a clean page with
 * forgetServedIslands() (src/test/setup.ts).
 */

/**
 * The HTML of each island as the prerendered page served it, read once before hydration.
 * A static island's words and markup then never travel as JavaScript to a first visit.
 */
const served = new Map<string, string>();

/** For tests: forgets what the last page served. */
export function forgetServedIslands(): void {
  served.clear();
}

/** Remembers the served HTML of every island in the page (call before hydrating). */
export function collectServedIslands(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('[data-island]').forEach((element) => {
    if (element.dataset.island) served.set(element.dataset.island, element.innerHTML);
  });
}

export interface Island {
  name: string;
  /** Loads the component (the prerender waits for it; the browser prefetches it). */
  load: () => Promise<ComponentType>;
  Lazy: ComponentType;
  /** Set once loaded. */
  loaded?: ComponentType;
}

const islands: Island[] = [];

/** What stands in for an island whose chunk could not be fetched: the rest of the page works. */
function PartUnavailable() {
  return (
    <p role="status" className="px-4 py-10 text-center text-slate-700">
      {brand.partUnavailable.message}{' '}
      <a href={window.location.href} className="font-semibold text-brand-700 underline">
        {brand.partUnavailable.action}
      </a>
    </p>
  );
}

/**
 * The component React renders after a client-side navigation. A failed load must not reach
 * React (with no error boundary it would blank the whole page): it shows PartUnavailable, and
 * the island gets a fresh lazy component so the next visit to the page tries again.
 */
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

/** Declares an island (at module level): its name in the page and how to load its component. */
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

/** Loads every declared island: the prerender renders them synchronously afterwards. */
export async function loadAllIslands(): Promise<void> {
  await Promise.all(islands.map((island) => island.load()));
}

/**
 * A part of a page with no interactivity (an island), kept as the page served it. The prerender
 * renders its component; in the browser it hydrates the served HTML as it is (React neither
 * re-creates nor compares it), so the component's code stays out of the first load. Reached by a
 * client-side navigation instead, it loads the component and renders it.
 */
export function ServedHtml({ island }: { island: Island }) {
  if (import.meta.env.SSR) {
    const Component = island.loaded;
    if (!Component) throw new Error(`Island "${island.name}" was not loaded before prerendering.`);
    return (
      <div data-island={island.name} className="contents">
        <Component />
      </div>
    );
  }
  const html = served.get(island.name);
  if (html !== undefined) {
    return (
      <div
        data-island={island.name}
        className="contents"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  // Loaded already (prefetched): render at once, so nothing appears later and moves the page.
  const Loaded = island.loaded;
  return (
    <div data-island={island.name} className="contents">
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
