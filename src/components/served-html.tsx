import { lazy, Suspense, type ComponentType } from 'react';
import { loadOnce } from '@/lib/load-once';
import { PartUnavailable } from './part-unavailable';

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
 *
 * An island whose content differs from page to page (the landing page's story on / and on each
 * trade's page) names the page's `variant`: the served HTML is reused only on a page of the same
 * variant, so / reached from /solar shows /'s story, not the one /solar was served with.
 */
export function ServedHtml({ island, variant }: { island: Island; variant?: string }) {
  const name = variant ? `${island.name}:${variant}` : island.name;
  // Nothing is served to the prerender: it renders the component.
  const html = served.get(name);
  if (html !== undefined) {
    return (
      <div data-island={name} className="contents" dangerouslySetInnerHTML={{ __html: html }} />
    );
  }
  // Loaded already (prefetched): render at once, so nothing appears later and moves the page.
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
