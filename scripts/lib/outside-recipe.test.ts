import { describe, expect, it } from 'vitest';
import type { LighthouseFigures } from './lighthouse';
import { outsideTable, summarise, type OutsideResults } from './outside-recipe';
import { OUTSIDE_FLOOR_PATH } from './outside-host';

const run = (lcp: number, overrides: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
  url: 'http://127.0.0.1/',
  scores: { performance: 1, accessibility: 1, bestPractices: 1, seo: 1 },
  fcp: lcp - 10,
  lcp,
  tbt: 20,
  cls: 0,
  totalBytes: 1000,
  lcpInFirstPaint: true,
  failing: [],
  loadedBeforeLcp: [],
  ...overrides,
});

describe('summarise', () => {
  it('takes the median of each figure and score, and counts the runs', () => {
    const figures = summarise([
      run(700),
      run(760, { scores: { performance: 0.99, accessibility: 1, bestPractices: 0.96, seo: 1 } }),
      run(720, { lcpInFirstPaint: false, loadedBeforeLcp: ['http://127.0.0.1/app.js'] }),
    ]);
    expect(figures).toMatchObject({
      lcpMs: 720,
      fcpMs: 710,
      performance: 1,
      bestPractices: 1,
      lcpInFirstPaint: '2/3',
      loadsBeforeLcp: '1/3',
    });
  });
});

describe('outsideTable', () => {
  const results: OutsideResults = {
    plain: { [OUTSIDE_FLOOR_PATH]: summarise([run(640)]), '/': summarise([run(736)]) },
    headers: {
      [OUTSIDE_FLOOR_PATH]: summarise([run(650)]),
      '/': summarise([
        run(780, {
          tbt: 95,
          scores: { performance: 0.98, accessibility: 1, bestPractices: 1, seo: 0.92 },
        }),
      ]),
    },
  };
  const rows = outsideTable(results, 1).split('\n');

  it('gives each page its LCP against the floor of the same host', () => {
    const home = rows.find((row) => row.startsWith('| `/` |'))!;
    expect(home).toContain('| 736 ms | **1.15** | 780 ms | **1.20** |');
    // TBT over the same host's floor: 0 ms plain, 75 ms with the headers.
    expect(home).toContain('| 0 ms, 75 ms |');
  });

  it('prints the four Lighthouse scores of both hosts', () => {
    const home = rows.find((row) => row.startsWith('| `/` |'))!;
    expect(home).toMatch(/\| 100\/100\/100\/100; 98\/100\/100\/92 \|$/);
    const floor = rows.find((row) => row.includes(OUTSIDE_FLOOR_PATH))!;
    expect(floor).toContain('| **1.00** |');
  });
});
